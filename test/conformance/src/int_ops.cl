// Integer arithmetic of every scalar integer type: 12 results per work-item.
// Wrapping + - * and left shifts are done in the unsigned type so that every result is defined.
#pragma OPENCL FP_CONTRACT OFF

#define INT_OPS(NAME, T, UT, BITS)                                                        \
  __kernel void NAME(__global T *out, __global const T *a, __global const T *b, uint n) { \
    size_t i = get_global_id(0);                                                           \
    if (i >= n) return;                                                                    \
    T x = a[i], y = b[i];                                                                  \
    __global T *o = out + i * 12;                                                          \
    uint s = (uint)(UT)y & (BITS - 1);                                                     \
    o[0] = (T)((UT)x + (UT)y);                                                             \
    o[1] = (T)((UT)x - (UT)y);                                                             \
    o[2] = (T)((UT)x * (UT)y);                                                             \
    o[3] = y == 0 ? (T)0 : (T)(x / y);                                                     \
    o[4] = y == 0 ? (T)0 : (T)(x % y);                                                     \
    o[5] = (T)((UT)x << s);                                                                \
    o[6] = (T)(x >> s);                                                                    \
    o[7] = (T)(x < y);                                                                     \
    o[8] = (T)((x >= y) + 2 * (x == y) + 4 * (x != y));                                    \
    o[9] = (T)((x & y) ^ (x | (T)~y));                                                     \
    o[10] = x > y ? x : y;                                                                 \
    o[11] = (T)(-(UT)x);                                                                   \
  }

INT_OPS(ops_char, char, uchar, 8)
INT_OPS(ops_uchar, uchar, uchar, 8)
INT_OPS(ops_short, short, ushort, 16)
INT_OPS(ops_ushort, ushort, ushort, 16)
INT_OPS(ops_int, int, uint, 32)
INT_OPS(ops_uint, uint, uint, 32)
INT_OPS(ops_long, long, ulong, 64)
INT_OPS(ops_ulong, ulong, ulong, 64)

// 64-bit division and remainder, signed and unsigned, with divisors of every magnitude.
__kernel void divmod64(__global long *out, __global const long *a, __global const long *b) {
  size_t i = get_global_id(0);
  long x = a[i], y = b[i];
  ulong ux = (ulong)x, uy = (ulong)y;
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (long)(ux / uy);
  out[4 * i + 3] = (long)(ux % uy);
}

// Integer built-ins: popcount, clz, ctz, rotate, mul_hi, mad_sat, add_sat, sub_sat, abs, abs_diff, hadd.
__kernel void int_builtins(__global uint *out, __global const int *a, __global const int *b) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  __global uint *o = out + 12 * i;
  o[0] = popcount(x);
  o[1] = clz(x);
  o[2] = ctz(x);
  o[3] = rotate((uint)x, (uint)y);
  o[4] = (uint)mul_hi(x, y);
  o[5] = mul_hi((uint)x, (uint)y);
  o[6] = (uint)add_sat(x, y);
  o[7] = (uint)sub_sat(x, y);
  o[8] = add_sat((uint)x, (uint)y);
  o[9] = abs(x);
  // The device library computes abs_diff(int, int) as `sub nsw (max, min)`: a difference beyond INT_MAX
  // is undefined there (and -O3 turns it into abs(x - y)), so keep the operands' difference in range.
  o[10] = abs_diff(x >> 1, y >> 1);
  o[11] = (uint)hadd(x, y);
}
