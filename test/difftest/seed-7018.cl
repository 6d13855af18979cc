// csmith-lite kernel, seed 7018
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 7
#define NOUT 16
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static double nonan_double(double x) { return x == x ? x : (double)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  float a0 = as_float((uint)in[gid * NIN + 0]);
  double a1 = as_double(in[gid * NIN + 1]);
  half a2 = as_half((ushort)in[gid * NIN + 2]);
  float a3 = as_float((uint)in[gid * NIN + 3]);
  uint a4 = ((uint)in[gid * NIN + 4]);
  short a5 = ((short)in[gid * NIN + 5]);
  int a6 = ((int)in[gid * NIN + 6]);
  uint u0 = grp;
  int v1 = (clz(f2i_float_int(a0)) ? popcount(((short)u0)) : ((int)((uint)f2i_float_int(((__global const float *)in)[(gid * NIN + 0) * 2 + 0]) << (f2i_float_int(a0) & 31))));
  v1 = ((int)(v1 ^ (((uint)((!a0) || mad_sat(((uchar)lsz), ((uchar)grp), ((uchar)((char)0xcbU))))) >> ((!((long)((ulong)(((long)0x10000UL) & f2i_double_int(a1)) << (lsz & 63)))) & 31))));
  uint v2 = f2i_float_uint(a3);
  atom_sub((__global long *)(gacc + 0 + (uint)convert_int_sat((a5 == 0x63ap0)) % 4), ((long)(~f2i_float_uint(floor(((float)max(0x63237205U, f2i_half_uint(((half)0x181p-4f)))))))));
  ushort v3 = ((ushort)mod_ulong(mod_ulong((f2i_half_ulong((a2 * ((int)0xecb28d2bU))) ^ mad_hi(((char)((long)0xa7b65264e3bd5c99UL)), ((char)gid), f2i_float_char(a0))), (((a3 != 0.0f) ? v1 : 0x2540be400p0) >= a1)), u0));
  uchar2 w4_v = mul_hi(((uchar2)(((uchar)((int)(0 - (uint)(0x1p-1 > ((short)0x89adU))))), ((uchar)hadd(((short)(u0 && ((short)0xfff8U))), ((short)(~f2i_float_ulong(a0))))))), ((uchar2)(((uchar)(convert_uint_sat(lsz) ? a4 : lsz)), ((uchar)(((int)(0 - (uint)((int)0x13U))) ? (~f2i_half_uint(a2)) : (a4 << (0x7fffffffU & 31)))))));
  uchar w4 = w4_v.s0;
  uchar w5 = w4_v.s1;
  half v6 = (fabs(f2h(((float)gid))) + lid);
  a5 = ((short)((int)((uint)((short)0x22U) * (uint)((int)((uint)f2i_double_char(((__global const double *)in)[(gid * NIN + 6) * 1 + 0]) << (f2i_half_ulong(v6) & 31))))));
  half v7 = f2h(((float)((char)0x19U)));
  uint v8 = add_sat(((uint)(((short)((int)0xfffffffaU)) & f2i_double_int(trunc(((double)v7))))), mod_uint(convert_ushort_sat(a5), (sarg ? lid : v3)));
  int v9 = (!v1);
  uint v10 = (f2i_half_uint(a2) >> (((int)((uint)(!(lsz + a6)) << (lsz & 31))) & 31));
  char v11 = f2i_half_char((convert_uint_sat((v3 + v10)) + (((a0 != 0.0f) ? v7 : u0) - ((short)0x19U))));
  for (uint i12 = 0; i12 < ((uint)clz(((ushort)lid)) & 7u); i12++) {
    if (((long)((ulong)mad_sat(((long)((__global const short *)in)[(gid * NIN + 5) * 4 + 0]), ((long)sarg), ((long)lsz)) << ((((__global const long *)in)[(gid * NIN + 0) * 1 + 0] | a5) & 63)))) {
      a5 = ((short)(a5 ^ w4));
      a1 = ((double)sub_sat((w4 ? grp : v9), ((uint)(~((long)0x15UL)))));
    } else {
      uint v13 = a4;
      float v14 = ((v1 + lsz) + (gid * a0));
      uint v15 = (convert_uint_sat(((long)((ulong)((long)0x5a2dc4665ca60d7UL) + (ulong)v11))) << (f2i_half_uchar(((a2 + sarg) * convert_ushort_sat(nonan_double(a1)))) & 31));
    }
    if (mul_hi(((ushort)convert_char_sat(a4)), ((ushort)div_uint(v1, lid)))) break;
    a6 = ((int)grp);
  }
  int v16 = ((int)((grp >> ((a5 | v9) & 31)) ? v3 : (f2i_half_uint(a2) ^ (gid - v8))));
  if ((min(((uint)a6), sarg) - div_int(v9, w4))) {
    v10 = f2i_double_uint((fma(((double)gid), ((double)a5), ((double)v10)) + (v10 & a4)));
    uchar2 w17_v = rotate(((uchar2)(((uchar)(f2i_double_uint(floor(((double)grp))) ^ mul_hi(lsz, ((uint)w5)))), f2i_half_uchar(((w5 | v8) + (v3 - v6))))), ((uchar2)(((uchar)((int)(0 - (uint)(v11 == ((int)0x1dU))))), convert_uchar_sat((w4 | f2i_float_uint(a3))))));
    uchar w17 = w17_v.s0;
    uchar w18 = w17_v.s1;
  } else {
    uint v19 = (v8 >> (0xffffU & 31));
    uint2 w20_v = (((uint2)((f2i_half_uint(v6) << (f2i_float_ushort(fabs(((float)v8))) & 31)), ((uint)(!v11)))) - ((uint2)(((uint)convert_long_sat((v8 << (v3 & 31)))), ((uint)min(f2i_half_long((grp - a2)), f2i_half_long((gid ? v10 : v6)))))));
    uint w20 = w20_v.s0;
    uint w21 = w20_v.s1;
  }
  out[gid * NOUT + 0] = (ulong)a4;
  *(__global uint *)(out2 + (gid * NOUT + 0) * 8 + 0) = a4;
  out[gid * NOUT + 1] = (ulong)a5;
  *(__global short *)(out2 + (gid * NOUT + 1) * 8 + 2) = a5;
  out[gid * NOUT + 2] = (ulong)a6;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a6;
  out[gid * NOUT + 3] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = u0;
  out[gid * NOUT + 4] = (ulong)v1;
  *(__global int *)(out2 + (gid * NOUT + 4) * 8 + 0) = v1;
  out[gid * NOUT + 5] = (ulong)v2;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = v2;
  out[gid * NOUT + 6] = (ulong)v3;
  *(__global ushort *)(out2 + (gid * NOUT + 6) * 8 + 4) = v3;
  out[gid * NOUT + 7] = (ulong)w4;
  *(__global uchar *)(out2 + (gid * NOUT + 7) * 8 + 7) = w4;
  out[gid * NOUT + 8] = (ulong)w5;
  *(__global uchar *)(out2 + (gid * NOUT + 8) * 8 + 0) = w5;
  out[gid * NOUT + 9] = (ulong)as_ushort(v6);
  *(__global half *)(out2 + (gid * NOUT + 9) * 8 + 2) = v6;
  out[gid * NOUT + 10] = (ulong)as_ushort(v7);
  *(__global half *)(out2 + (gid * NOUT + 10) * 8 + 4) = v7;
  out[gid * NOUT + 11] = (ulong)v8;
  *(__global uint *)(out2 + (gid * NOUT + 11) * 8 + 4) = v8;
  out[gid * NOUT + 12] = (ulong)v9;
  *(__global int *)(out2 + (gid * NOUT + 12) * 8 + 0) = v9;
  out[gid * NOUT + 13] = (ulong)v10;
  *(__global uint *)(out2 + (gid * NOUT + 13) * 8 + 4) = v10;
  out[gid * NOUT + 14] = (ulong)v11;
  *(__global char *)(out2 + (gid * NOUT + 14) * 8 + 6) = v11;
  out[gid * NOUT + 15] = (ulong)v16;
  *(__global int *)(out2 + (gid * NOUT + 15) * 8 + 4) = v16;
}
