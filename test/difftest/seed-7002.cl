// csmith-lite kernel, seed 7002
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 5
#define NOUT 13
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static uchar f2i_float_uchar(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static double nonan_double(double x) { return x == x ? x : (double)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint lds0[256];
  __local int lds1[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  float a0 = as_float((uint)in[gid * NIN + 0]);
  ulong a1 = ((ulong)in[gid * NIN + 1]);
  uchar a2 = ((uchar)in[gid * NIN + 2]);
  ulong a3 = ((ulong)in[gid * NIN + 3]);
  double a4 = as_double(in[gid * NIN + 4]);
  uint u0 = lsz;
  uint u1 = grp;
  ushort u2 = ((ushort)hadd(((uint)abs(((long)(!ctz(((char)sarg)))))), lsz));
  half p3[8] = {f2h(((float)convert_uint_sat(a2))), ((half)fma(((double)a1), ((double)((__global const short *)in)[(gid * NIN + 3) * 4 + 2]), ((double)a0))), f2h(((float)convert_short_sat(sarg))), f2h(((float)(((long)0x1UL) - a3))), f2h(((float)div_uint(sarg, u1))), f2h(((float)clz(((int)((short)0x466fU))))), f2h(((float)a3)), f2h(((float)lsz))};
  long v4 = mod_long((((uint)((uchar)0x27U)) + lsz), ((long)(0 - (ulong)(hadd(sarg, ((uint)a3)) ^ (((short)0xffffU) & ((long)0x11UL))))));
  if (((int)(0 - (uint)(f2i_double_ushort(a4) | f2i_float_short(a0))))) {
    p3[rotate(((char)popcount(f2i_float_int(a0))), ((char)(v4 ^ f2i_float_ushort((-0x4f5p-2f))))) & 7] = f2h(((float)(((lsz ? a2 : gid) * 0x7fffffffffffffffUL) & ((int)((uint)(f2i_half_short(p3[a3 & 7]) & f2i_double_char((-0xafp-4))) * (uint)(u0 >= a0))))));
  } else {
    a1 = f2i_double_ulong((a1 + (rotate(((long)gid), ((long)lsz)) + (((char)0x7dU) ? 0x10000UL : a4))));
    a3 = ((ulong)(((ulong)u2) || (v4 ? sarg : p3[(p3[min(((uchar)v4), ((uchar)gid)) & 7] != lsz) & 7])));
  }
  u2 = ((ushort)((int)((uint)u2 * (uint)mul_hi(((int)a3), ((int)a2)))));
  lds0[lid] = f2i_float_uint(a0);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint x5 = lds0[(lid + (uint)0x19U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v6 = (gid != ((!(!u0)) != lid));
  atom_max((__global ulong *)(gacc + 0 + (uint)(max(((uint)((long)0x189fc347bea9bdf7UL)), ((uint)u2)) + ((int)((__global const uint *)in)[(gid * NIN + 4) * 2 + 0])) % 4), ((ulong)mod_long(f2i_float_int(a0), (lid | mad_sat(((long)((char)0xfdU)), f2i_float_long(a0), ((long)a2))))));
  if (((short)grp)) {
    char v7 = convert_char_sat(lsz);
    if (((int)((uint)f2i_double_uchar(trunc(((double)v7))) << (mod_long(sarg, f2i_half_long(p3[(~x5) & 7])) & 31)))) {
      a2 = ((uchar)(!((((__global const ushort *)in)[(gid * NIN + 0) * 4 + 2] | u2) < ((__global const uint *)in)[(gid * NIN + 3) * 2 + 0])));
      p3[((v7 != v6) && (v6 + u0)) & 7] = f2h(((float)convert_uint_sat((a4 == p3[(~lid) & 7]))));
    } else {
      v6 = ((int)(v6 - (f2i_double_char(ceil(((double)((ushort)a1)))) | f2i_half_ulong(fabs(f2h(((float)abs(((ulong)lsz)))))))));
    }
    uchar v8 = min(f2i_float_uchar(a0), ((uchar)x5));
  } else {
    a4 = ((double)(f2i_double_long(a4) ^ f2i_half_int(fabs(floor(f2h(((float)a3)))))));
    a0 = ((float)(f2i_float_uint(a0) & ((char)0x3U)));
  }
  p3[convert_int_sat(((__global const char *)in)[(gid * NIN + 3) * 8 + 2]) & 7] = f2h(((float)a1));
  u0 = (u0 | f2i_half_short(((a4 != 0.0) ? ((~((int)0x1aU)) ? (lsz + p3[f2i_float_uint(trunc(((float)lsz))) & 7]) : (gid > a1)) : 0x8000000000000000UL)));
  half v9 = fma(f2h(((float)hadd(f2i_half_int(fabs(f2h(((float)convert_int_sat(grp))))), f2i_float_int((0xdf0c049a7ffb67a2UL - (v6 - a0)))))), f2h(((float)a3)), ((half)(((long)((ulong)((int)((uint)((__global const int *)in)[(gid * NIN + 2) * 2 + 1] - (uint)((short)0x1a29U))) * (ulong)convert_long_sat(nonan_double(a4)))) ? p3[f2i_float_int((a0 + ((short)0x1bU))) & 7] : rint(((double)(((ushort)0x3199U) <= a4))))));
  lds1[lid] = ((~hadd(f2i_float_char(a0), f2i_half_char(p3[(u0 <= u0) & 7]))) != mod_uint(x5, gid));
  barrier(CLK_LOCAL_MEM_FENCE);
  int x10 = lds1[(lid + (uint)0x19U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  a0 = (a0 + (lsz < a0));
  for (uint i11 = 0; i11 < ((uint)f2i_double_int(((v4 | ((ushort)0xad79U)) - a4)) & 7u); i11++) {
    if (((long)0x581986a7e1861204UL)) {
      a2 = ((uchar)(i11 + ((int)0x6U)));
    } else {
      short v12 = convert_short_sat(((short)0x12U));
      p3[f2i_double_char(ceil(((double)a1))) & 7] = f2h(trunc(((float)((long)((ulong)(x5 && v9) - (ulong)((long)(0 - (ulong)v4)))))));
    }
    a0 = ((float)(mod_uint(u1, ((__global const uint *)in)[(gid * NIN + 3) * 2 + 0]) << (f2i_half_char(ceil(((half)a4))) & 31)));
    for (uint i13 = 0; i13 < ((uint)(convert_short_sat(gid) >> (f2i_double_int((lid ? 0x1p-1 : ((__global const uint *)in)[(gid * NIN + 1) * 2 + 1])) & 31)) & 7u); i13++) {
      v4 = f2i_half_long(p3[((ushort)lsz) & 7]);
    }
  }
  u2 = ((ushort)(u1 << (f2i_half_int((v9 * p3[f2i_half_uchar((gid ? a3 : v9)) & 7])) & 31)));
  out[gid * NOUT + 0] = (ulong)as_uint(a0);
  *(__global float *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global ulong *)(out2 + (gid * NOUT + 1) * 8 + 0) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global uchar *)(out2 + (gid * NOUT + 2) * 8 + 2) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global ulong *)(out2 + (gid * NOUT + 3) * 8 + 0) = a3;
  out[gid * NOUT + 4] = as_ulong(a4);
  *(__global double *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = u0;
  out[gid * NOUT + 6] = (ulong)u1;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = u1;
  out[gid * NOUT + 7] = (ulong)u2;
  *(__global ushort *)(out2 + (gid * NOUT + 7) * 8 + 6) = u2;
  out[gid * NOUT + 8] = (ulong)v4;
  *(__global long *)(out2 + (gid * NOUT + 8) * 8 + 0) = v4;
  out[gid * NOUT + 9] = (ulong)x5;
  *(__global uint *)(out2 + (gid * NOUT + 9) * 8 + 4) = x5;
  out[gid * NOUT + 10] = (ulong)v6;
  *(__global int *)(out2 + (gid * NOUT + 10) * 8 + 0) = v6;
  out[gid * NOUT + 11] = (ulong)as_ushort(v9);
  *(__global half *)(out2 + (gid * NOUT + 11) * 8 + 6) = v9;
  out[gid * NOUT + 12] = (ulong)x10;
  *(__global int *)(out2 + (gid * NOUT + 12) * 8 + 0) = x10;
}
