// The host version of reduce.hip: the sum of each block of 1,024 ints (wrapping i32 arithmetic, so the
// order does not change the result).
#include "host.h"

static void reduce(int *restrict out, const int *restrict in, unsigned groups) {
  for (unsigned g = 0; g < groups; g++) {
    unsigned s = 0;
    for (unsigned i = 0; i < 1024; i++) s += (unsigned)in[g * 1024 + i];
    out[g] = (int)s;
  }
}

int main(int argc, char **argv) {
  unsigned groups = arg_u32(argc, argv, 0);
  const int *in = input(0, (size_t)groups * 4096);
  int *out = output((size_t)groups * 4);
  TIME(reduce(out, in, groups));
  save(0, out, (size_t)groups * 4);
  return 0;
}
