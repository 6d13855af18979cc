// LDS-bound: C = A * B (n x n, row-major f32, n a multiple of 16) in 16x16 tiles staged through LDS,
// one element of C per work-item, a barrier before and after each tile's 16 fmaf steps. Small-integer
// inputs make every sum exact (see matmul.hip).
#include "../../test/conformance/src/hip_common.h"

#define T 16

KERNEL void matmul_lds(float *c, const float *a, const float *b, uint n) {
  __shared__ float as[T][T], bs[T][T];
  uint tx = tid_x(), ty = tid_y();
  uint col = bid_x() * T + tx, row = bid_y() * T + ty;
  float s = 0.0f;
  for (uint k0 = 0; k0 < n; k0 += T) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    sync_threads();
    for (uint k = 0; k < T; k++) s = __builtin_fmaf(as[ty][k], bs[k][tx], s);
    sync_threads();
  }
  c[row * n + col] = s;
}
