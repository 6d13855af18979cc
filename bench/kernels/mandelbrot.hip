// ALU-bound, divergent: the escape-time count of a W x H window of the Mandelbrot set, one pixel per
// work-item (the conformance suite's control.cl kernel, in HIP). The f32 operations are the host
// reference's, in the same order, and -ffp-contract=off keeps them unfused, so the counts are exact.
#include "../../test/conformance/src/hip_common.h"

KERNEL void mandelbrot(int *out, uint w, uint h, float x0, float y0, float dx, float dy, int maxIter) {
  uint px = gid_x(), py = gid_y();
  if (px >= w || py >= h) return;
  float cr = x0 + (float)px * dx;
  float ci = y0 + (float)py * dy;
  float zr = 0.0f, zi = 0.0f;
  int it = 0;
  while (it < maxIter) {
    float zr2 = zr * zr, zi2 = zi * zi;
    if (zr2 + zi2 > 4.0f) break;
    float t = zr2 - zi2 + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    it++;
  }
  out[py * w + px] = it;
}
