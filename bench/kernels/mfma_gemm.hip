// Matrix cores: C = A * B (n x n, row-major f32, n a multiple of 32) with v_mfma_f32_32x32x2f32, one
// wave (64 work-items) per 32x32 tile of C. Operand layout (AMD's Matrix Instruction Calculator; the
// conformance suite's hip_mfma.hip): lane l supplies A[row l%32][k + l/32] and B[k + l/32][column l%32];
// result register r holds row 8*(r/4) + 4*(l/32) + r%4, column l%32. The inputs are small integers, so
// the sums are exact whatever order the matrix core adds in.
#include "../../test/conformance/src/hip_common.h"

typedef float f32x16 __attribute__((ext_vector_type(16)));

KERNEL void mfma_gemm(float *c, const float *a, const float *b, uint n) {
  uint l = tid_x();
  uint tiles = n / 32;
  uint row0 = (bid_x() / tiles) * 32, col0 = (bid_x() % tiles) * 32;
  uint lane = l % 32, g = l / 32;
  f32x16 acc = {};
  for (uint k = 0; k < n; k += 2)
    acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[(row0 + lane) * n + k + g], b[(k + g) * n + col0 + lane], acc,
                                               0, 0, 0);
  for (int r = 0; r < 16; r++) c[(row0 + 8 * (r / 4) + 4 * g + r % 4) * n + col0 + lane] = acc[r];
}
