// The host version of vadd.hip.
#include "host.h"

static void vadd(float *restrict c, const float *restrict a, const float *restrict b, unsigned n) {
  for (unsigned i = 0; i < n; i++) c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  unsigned n = arg_u32(argc, argv, 0);
  size_t bytes = (size_t)n * 4;
  const float *a = input(0, bytes), *b = input(1, bytes);
  float *c = output(bytes);
  TIME(vadd(c, a, b, n));
  save(0, c, bytes);
  return 0;
}
