// ALU-bound: the gravitational acceleration on each of N bodies from all N (all-pairs, softened, one
// body per work-item, every body read from global memory in the inner loop). Division and square root
// are correctly rounded (HIP's defaults), and -ffp-contract=off keeps each operation rounded alone, so
// with the host's operation order the results are identical to the bit.
#include "../../test/conformance/src/hip_common.h"

KERNEL void nbody(float *ax, float *ay, float *az, const float *x, const float *y, const float *z,
                  const float *m, uint n, float eps2) {
  uint i = gid_x();
  if (i >= n) return;
  float xi = x[i], yi = y[i], zi = z[i];
  float sx = 0.0f, sy = 0.0f, sz = 0.0f;
  for (uint j = 0; j < n; j++) {
    float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
    float r2 = dx * dx + dy * dy + dz * dz + eps2;
    float inv = 1.0f / __builtin_sqrtf(r2);
    float s = m[j] * inv * inv * inv;
    sx += dx * s;
    sy += dy * s;
    sz += dz * s;
  }
  ax[i] = sx;
  ay[i] = sy;
  az[i] = sz;
}
