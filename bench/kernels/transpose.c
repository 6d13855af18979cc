// The host version of transpose.hip.
#include "host.h"

static void transpose(unsigned *restrict out, const unsigned *restrict in, unsigned w, unsigned h) {
  for (unsigned y = 0; y < h; y++)
    for (unsigned x = 0; x < w; x++) out[x * h + y] = in[y * w + x];
}

int main(int argc, char **argv) {
  unsigned w = arg_u32(argc, argv, 0), h = arg_u32(argc, argv, 1);
  size_t bytes = (size_t)w * h * 4;
  const unsigned *in = input(0, bytes);
  unsigned *out = output(bytes);
  TIME(transpose(out, in, w, h));
  save(0, out, bytes);
  return 0;
}
