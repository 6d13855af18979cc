// Header-less HIP: element-wise kernels, 2D indexing, by-value structs, 64-bit arithmetic.
#include "hip_common.h"

KERNEL void hip_vadd_int(int *c, const int *a, const int *b, uint n) {
  uint i = gid_x();
  if (i < n) c[i] = a[i] + b[i] * 3;
}

KERNEL void hip_float_ops(float *out, const float *a, const float *b, uint n) {
  uint i = gid_x();
  if (i >= n) return;
  float x = a[i], y = b[i];
  out[4 * i + 0] = x * y + x;
  out[4 * i + 1] = __builtin_fmaf(x, y, -x);
  out[4 * i + 2] = x > y ? x - y : y - x;
  out[4 * i + 3] = __builtin_fabsf(x) * 0.5f - __builtin_fminf(x, y);
}

// A 2D grid with partial blocks in both dimensions.
KERNEL void hip_grid2d(uint *out, uint w, uint h) {
  uint x = gid_x(), y = gid_y();
  if (x >= w || y >= h) return;
  out[y * w + x] = (x * 7 + y * 13) ^ (tid_x() << 16) ^ (tid_y() << 24) ^ (bid_x() << 8) ^ bid_y();
}

struct Params {
  int mul;
  char shift;
  i64 add;
  float scale;
  unsigned short mask;
};

KERNEL void hip_struct_arg(i64 *out, float *fout, Params p, const int *a) {
  uint i = gid_x();
  int v = a[i];
  out[i] = ((i64)v * p.mul + p.add) >> p.shift;
  fout[i] = (float)(v & p.mask) * p.scale;
}

KERNEL void hip_long_math(u64 *out, const u64 *a, const u64 *b) {
  uint i = gid_x();
  u64 x = a[i], y = b[i] | 1;
  i64 sx = (i64)x, sy = (i64)y;
  u64 *o = out + 8 * i;
  o[0] = x * y;
  o[1] = x / y;
  o[2] = x % y;
  o[3] = (u64)(sx / sy);
  o[4] = (u64)(sx % sy);
  uint r = (uint)(y & 63);
  o[5] = r ? (x << r) | (x >> (64 - r)) : x;
  o[6] = (u64)(sx >> (x & 63));
  o[7] = (u64)__builtin_popcountll(x) + ((u64)__builtin_clzll(y) << 8) + ((u64)(sx < sy) << 16);
}

KERNEL void hip_divergent(int *out, const int *a, uint n) {
  uint i = gid_x();
  if (i >= n) return;
  int x = a[i];
  int r = 0;
  switch (x & 7) {
    case 0:
      for (int k = 0; k < (x >> 3 & 31); k++) r += k * x;
      break;
    case 3:
      r = x;
      while (r > 10) r = r / 3 + (r & 1);
      break;
    case 5:
      if (i & 1) return;
      r = -x;
      break;
    default:
      r = x * (x & 7);
  }
  out[i] = r;
}
