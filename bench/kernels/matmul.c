// The host version of matmul.hip and mfma_gemm.hip and matmul_lds.hip: C = A * B, n x n row-major f32.
// The i-k-j loop order (a row of B per step) is the one a C programmer writes for the host and the one
// clang can vectorise; the inputs are small integers, so any order gives the same exact sums.
#include "host.h"

static void matmul(float *restrict c, const float *restrict a, const float *restrict b, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    for (unsigned j = 0; j < n; j++) c[i * n + j] = 0.0f;
    for (unsigned k = 0; k < n; k++) {
      float aik = a[i * n + k];
      for (unsigned j = 0; j < n; j++) c[i * n + j] += aik * b[k * n + j];
    }
  }
}

int main(int argc, char **argv) {
  unsigned n = arg_u32(argc, argv, 0);
  size_t bytes = (size_t)n * n * 4;
  const float *a = input(0, bytes), *b = input(1, bytes);
  float *c = output(bytes);
  TIME(matmul(c, a, b, n));
  save(0, c, bytes);
  return 0;
}
