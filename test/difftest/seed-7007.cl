// csmith-lite kernel, seed 7007
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 16
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static double nonan_double(double x) { return x == x ? x : (double)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  uint a0 = ((uint)in[gid * NIN + 0]);
  short a1 = ((short)in[gid * NIN + 1]);
  short a2 = ((short)in[gid * NIN + 2]);
  ushort a3 = ((ushort)in[gid * NIN + 3]);
  int a4 = ((int)in[gid * NIN + 4]);
  char a5 = ((char)in[gid * NIN + 5]);
  float a6 = as_float((uint)in[gid * NIN + 6]);
  half a7 = as_half((ushort)in[gid * NIN + 7]);
  int u0 = ((sarg + sarg) && (div_int((sarg || lsz), ((int)((uint)((char)0xf9U) << (grp & 31)))) * (lsz - convert_ushort_sat(sarg))));
  short p1[4] = {a2, ((short)a3), f2i_double_short((lsz / 0x1p-1)), f2i_float_short(a6)};
  a4 = (a4 | (!((a5 ^ sarg) * (a7 - sarg))));
  short v2 = ((short)mod_uint(gid, (a5 && ((uchar)0xbU))));
  a2 = ((short)(a2 - div_uint(((p1[rotate(((int)p1[((long)a2) & 3]), a4) & 3] ^ lid) << ((((__global const ulong *)in)[(gid * NIN + 1) * 1 + 0] + ((__global const int *)in)[(gid * NIN + 5) * 2 + 1]) & 31)), ((a4 != sarg) >> (((int)(0 - (uint)u0)) & 31)))));
  long v3 = (a2 & (convert_long_sat(nonan_double(0.0)) | (!lsz)));
  ushort2 w4_v = min(((ushort2)(((ushort)((long)(0 - (ulong)((long)((ulong)v3 * (ulong)grp))))), ((ushort)((short)0x5cbU)))), ((ushort2)(((ushort)mad_hi(((char)(p1[u0 & 3] < 0x15UL)), ((char)a4), f2i_half_char((gid ? sarg : a7)))), ((ushort)((long)((ulong)mod_long(v3, f2i_double_uchar(0x1p0)) - (ulong)(0xe495fb1eU | 0xe3a4934aU)))))));
  ushort w4 = w4_v.s0;
  ushort w5 = w4_v.s1;
  double v6 = ((double)convert_long_sat((!((u0 == v2) ? mod_uint(f2i_half_int(a7), 0x85236322U) : ((__global const ulong *)in)[(gid * NIN + 0) * 1 + 0]))));
  v2 = ((short)((int)((uint)f2i_half_short((((lsz >> (v2 & 31)) ? (a2 >> (gid & 31)) : fabs(((half)0x2p0f))) * sub_sat(((short)0x1cb4cab6U), ((short)(lid ? sarg : ((uchar)0x7fU)))))) << (convert_long_sat(abs(((long)((v6 != 0.0) ? a2 : ((char)0x15U))))) & 31))));
  short v7 = ((short)0x54e8U);
  short v8 = f2i_half_short(fabs(f2h(((float)(a4 ? lsz : ((__global const uint *)in)[(gid * NIN + 2) * 2 + 1])))));
  w4 = ((ushort)(w4 | ((int)((uint)((int)((uint)p1[f2i_half_uchar(((half)(-0x82ep0f))) & 3] + (uint)v7)) - (uint)mod_int(f2i_double_ushort(v6), v2)))));
  long v9 = ((long)((int)((uint)(v8 ? a5 : p1[f2i_double_int(sqrt(((double)sarg))) & 3]) << ((v8 >> (p1[a2 & 3] & 31)) & 31))));
  out[gid * NOUT + 0] = (ulong)a1;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a1;
  out[gid * NOUT + 1] = (ulong)a2;
  *(__global short *)(out2 + (gid * NOUT + 1) * 8 + 2) = a2;
  out[gid * NOUT + 2] = (ulong)a3;
  *(__global ushort *)(out2 + (gid * NOUT + 2) * 8 + 4) = a3;
  out[gid * NOUT + 3] = (ulong)a4;
  *(__global int *)(out2 + (gid * NOUT + 3) * 8 + 4) = a4;
  out[gid * NOUT + 4] = (ulong)a5;
  *(__global char *)(out2 + (gid * NOUT + 4) * 8 + 4) = a5;
  out[gid * NOUT + 5] = (ulong)as_uint(a6);
  *(__global float *)(out2 + (gid * NOUT + 5) * 8 + 4) = a6;
  out[gid * NOUT + 6] = (ulong)as_ushort(a7);
  *(__global half *)(out2 + (gid * NOUT + 6) * 8 + 4) = a7;
  out[gid * NOUT + 7] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 7) * 8 + 4) = u0;
  out[gid * NOUT + 8] = (ulong)v2;
  *(__global short *)(out2 + (gid * NOUT + 8) * 8 + 0) = v2;
  out[gid * NOUT + 9] = (ulong)v3;
  *(__global long *)(out2 + (gid * NOUT + 9) * 8 + 0) = v3;
  out[gid * NOUT + 10] = (ulong)w4;
  *(__global ushort *)(out2 + (gid * NOUT + 10) * 8 + 4) = w4;
  out[gid * NOUT + 11] = (ulong)w5;
  *(__global ushort *)(out2 + (gid * NOUT + 11) * 8 + 6) = w5;
  out[gid * NOUT + 12] = as_ulong(v6);
  *(__global double *)(out2 + (gid * NOUT + 12) * 8 + 0) = v6;
  out[gid * NOUT + 13] = (ulong)v7;
  *(__global short *)(out2 + (gid * NOUT + 13) * 8 + 2) = v7;
  out[gid * NOUT + 14] = (ulong)v8;
  *(__global short *)(out2 + (gid * NOUT + 14) * 8 + 4) = v8;
  out[gid * NOUT + 15] = (ulong)v9;
  *(__global long *)(out2 + (gid * NOUT + 15) * 8 + 0) = v9;
}
