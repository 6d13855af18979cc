// ALU-bound, no LDS: C = A * B (n x n, row-major f32), one element of C per work-item, each k step an
// fmaf reading A and B from global memory. The bench's inputs are small integers, so every product and
// partial sum is exact in f32 and the host's a*b+c (unfused) gives the same bits.
#include "../../test/conformance/src/hip_common.h"

KERNEL void matmul(float *c, const float *a, const float *b, uint n) {
  uint col = gid_x(), row = gid_y();
  if (row >= n || col >= n) return;
  float s = 0.0f;
  for (uint k = 0; k < n; k++) s = __builtin_fmaf(a[row * n + k], b[k * n + col], s);
  c[row * n + col] = s;
}
