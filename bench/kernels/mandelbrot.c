// The host version of mandelbrot.hip: the same f32 operations in the same order, one thread.
#include "host.h"

static void mandelbrot(int *out, unsigned w, unsigned h, float x0, float y0, float dx, float dy, int maxIter) {
  for (unsigned py = 0; py < h; py++)
    for (unsigned px = 0; px < w; px++) {
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
}

int main(int argc, char **argv) {
  unsigned w = arg_u32(argc, argv, 0), h = arg_u32(argc, argv, 1);
  float x0 = arg_f32(argc, argv, 2), y0 = arg_f32(argc, argv, 3);
  float dx = arg_f32(argc, argv, 4), dy = arg_f32(argc, argv, 5);
  int maxIter = (int)arg_u32(argc, argv, 6);
  int *out = output(w * h * 4);
  TIME(mandelbrot(out, w, h, x0, y0, dx, dy, maxIter));
  save(0, out, w * h * 4);
  return 0;
}
