// The host version of histogram.hip (the bins are cleared inside the timed body, as the bench uploads
// zeroed bins to the emulator).
#include "host.h"

static void histogram(unsigned *restrict bins, const unsigned *restrict data, unsigned n) {
  for (unsigned b = 0; b < 256; b++) bins[b] = 0;
  for (unsigned i = 0; i < n; i++) bins[data[i] >> 24]++;
}

int main(int argc, char **argv) {
  unsigned n = arg_u32(argc, argv, 0);
  const unsigned *data = input(0, (size_t)n * 4);
  unsigned *bins = output(256 * 4);
  TIME(histogram(bins, data, n));
  save(0, bins, 256 * 4);
  return 0;
}
