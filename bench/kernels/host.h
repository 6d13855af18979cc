// The host side of a benchmark kernel (bench/emu.ts compiles NAME.c with clang-22 -O2 and runs it):
//   ./NAME DIR SCALAR...
// reads its inputs from DIR/in0.bin, in1.bin, ... (raw little-endian arrays written by the bench), takes
// its scalar parameters as decimal u32 (an f32 is passed as its bit pattern, so it arrives exactly), runs
// the computation under TIME, writes its outputs to DIR/out0.bin, ... for the bench to compare with the
// emulator's, and prints the best wall and CPU times in seconds on stdout.
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *dir_;
// Every buffer is stored here: the pointers escape, so the compiler cannot drop the repeated runs of
// TIME as dead stores.
static void *buffers_[16];
static int nbuffers_;

static void die_(const char *what, const char *name) {
  fprintf(stderr, "%s: %s\n", what, name);
  exit(2);
}

static unsigned arg_u32(int argc, char **argv, int i) {
  dir_ = argv[1];
  if (argc < 3 + i) die_("missing scalar argument", argv[0]);
  return (unsigned)strtoul(argv[2 + i], 0, 10);
}

static float arg_f32(int argc, char **argv, int i) {
  unsigned bits = arg_u32(argc, argv, i);
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

static void *keep_(void *p, size_t bytes) {
  if (!p) die_("out of memory", "");
  if (nbuffers_ == 16) die_("too many buffers", "");
  (void)bytes;
  return buffers_[nbuffers_++] = p;
}

static void *input(int i, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/in%d.bin", dir_, i);
  FILE *f = fopen(path, "rb");
  if (!f) die_("cannot open", path);
  void *p = keep_(malloc(bytes ? bytes : 1), bytes);
  if (fread(p, 1, bytes, f) != bytes) die_("short input", path);
  fclose(f);
  return p;
}

static void *output(size_t bytes) { return keep_(calloc(bytes ? bytes : 1, 1), bytes); }

static void save(int i, const void *p, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s/out%d.bin", dir_, i);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(p, 1, bytes, f) != bytes || fclose(f)) die_("cannot write", path);
}

static double clock_(clockid_t id) {
  struct timespec t;
  clock_gettime(id, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
static double now_(void) { return clock_(CLOCK_MONOTONIC); }
// The CPU time of the process: what the run would take alone on a core, when others share the machine.
static double cpu_(void) { return clock_(CLOCK_PROCESS_CPUTIME_ID); }

// Runs BODY at least 3 times and until 0.25 s have passed (at most 10,000 times) and prints the fastest
// run's wall time and the smallest CPU time of a run: a millisecond kernel is then timed over many runs,
// as the emulator's single run is long enough.
#define TIME(BODY)                                                   \
  do {                                                               \
    double best_ = 1e30, bestCpu_ = 1e30, start_ = now_();           \
    for (int run_ = 0; run_ < 10000; run_++) {                       \
      double t0_ = now_(), c0_ = cpu_();                             \
      BODY;                                                          \
      __asm__ volatile("" : : "r"(buffers_) : "memory");             \
      double t_ = now_() - t0_, c_ = cpu_() - c0_;                   \
      if (t_ < best_) best_ = t_;                                    \
      if (c_ < bestCpu_) bestCpu_ = c_;                              \
      if (run_ >= 2 && now_() - start_ > 0.25) break;                \
    }                                                                \
    printf("%.9f %.9f\n", best_, bestCpu_);                          \
  } while (0)
