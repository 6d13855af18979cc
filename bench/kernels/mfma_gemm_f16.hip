// Matrix cores, f16: C = A * B (n x n, row-major, A and B f16, C f32, n a multiple of 32) with
// v_mfma_f32_32x32x8f16, one wave (64 work-items) per 32x32 tile of C. Operand layout (AMD's Matrix
// Instruction Calculator; valu/mfma.ts): lane l supplies the four halves A[row l%32][k + 4*(l/32) + e] and
// B[k + 4*(l/32) + e][column l%32], e = 0..3; result register r holds row 8*(r/4) + 4*(l/32) + r%4, column
// l%32, as in mfma_gemm.hip. The inputs are small integers, so the sums are exact in any order.
#include "../../test/conformance/src/hip_common.h"

typedef float f32x16 __attribute__((ext_vector_type(16)));
typedef _Float16 f16x4 __attribute__((ext_vector_type(4)));

KERNEL void mfma_gemm_f16(float *c, const _Float16 *a, const _Float16 *b, uint n) {
  uint l = tid_x();
  uint tiles = n / 32;
  uint row0 = (bid_x() / tiles) * 32, col0 = (bid_x() % tiles) * 32;
  uint lane = l % 32, g = l / 32;
  f32x16 acc = {};
  for (uint k = 0; k < n; k += 8) {
    f16x4 av, bv;
    for (int e = 0; e < 4; e++) {
      av[e] = a[(row0 + lane) * n + k + 4 * g + e];
      bv[e] = b[(k + 4 * g + e) * n + col0 + lane];
    }
    acc = __builtin_amdgcn_mfma_f32_32x32x8f16(av, bv, acc, 0, 0, 0);
  }
  for (int r = 0; r < 16; r++) c[(row0 + 8 * (r / 4) + 4 * g + r % 4) * n + col0 + lane] = acc[r];
}
