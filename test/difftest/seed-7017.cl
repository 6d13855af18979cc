// csmith-lite kernel, seed 7017
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 6
#define NOUT 13
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static uchar f2i_float_uchar(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  float a0 = as_float((uint)in[gid * NIN + 0]);
  half a1 = as_half((ushort)in[gid * NIN + 1]);
  short a2 = ((short)in[gid * NIN + 2]);
  int a3 = ((int)in[gid * NIN + 3]);
  int a4 = ((int)in[gid * NIN + 4]);
  int a5 = ((int)in[gid * NIN + 5]);
  uint u0 = lsz;
  int u1 = ((int)((uint)mul_hi(((uchar)lsz), ((uchar)((int)((uint)convert_ushort_sat(((uchar)0x69U)) << ((u0 <= 0x1ebe56cd4414c728UL) & 31))))) + (uint)(((rint(((float)grp)) != 0.0f) ? abs_diff(((uchar)u0), ((uchar)u0)) : ctz(((char)((long)0xfffeUL)))) == (!sub_sat(((ulong)sarg), ((ulong)u0))))));
  float v2 = ((float)(!((int)0xdU)));
  a1 = (a1 + (!u1));
  long v3 = mod_long(rhadd(((long)grp), ((long)sarg)), mul_hi(((uint)((char)0x22U)), ((uint)a4)));
  uchar2 w4_v = (((uchar2)(((uchar)a2), f2i_float_uchar(sqrt(((float)(lid & a5)))))) * ((uchar2)(((uchar)(abs_diff(u0, ((uint)((__global const ushort *)in)[(gid * NIN + 1) * 4 + 0])) << (div_int(a3, u1) & 31))), ((uchar)convert_int_sat(nonan_float(((float)fma(f2h(((float)a5)), f2h(((float)a2)), f2h(((float)a2))))))))));
  uchar w4 = w4_v.s0;
  uchar w5 = w4_v.s1;
  int v6 = (a4 < mod_uint((lsz + lsz), a3));
  a0 = ((float)(f2i_float_long(a0) & (-u0)));
  out[gid * NOUT + 0] = (ulong)as_uint(a0);
  *(__global float *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)as_ushort(a1);
  *(__global half *)(out2 + (gid * NOUT + 1) * 8 + 2) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global short *)(out2 + (gid * NOUT + 2) * 8 + 4) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global int *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global int *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)a5;
  *(__global int *)(out2 + (gid * NOUT + 5) * 8 + 4) = a5;
  out[gid * NOUT + 6] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = u0;
  out[gid * NOUT + 7] = (ulong)u1;
  *(__global int *)(out2 + (gid * NOUT + 7) * 8 + 4) = u1;
  out[gid * NOUT + 8] = (ulong)as_uint(v2);
  *(__global float *)(out2 + (gid * NOUT + 8) * 8 + 0) = v2;
  out[gid * NOUT + 9] = (ulong)v3;
  *(__global long *)(out2 + (gid * NOUT + 9) * 8 + 0) = v3;
  out[gid * NOUT + 10] = (ulong)w4;
  *(__global uchar *)(out2 + (gid * NOUT + 10) * 8 + 2) = w4;
  out[gid * NOUT + 11] = (ulong)w5;
  *(__global uchar *)(out2 + (gid * NOUT + 11) * 8 + 3) = w5;
  out[gid * NOUT + 12] = (ulong)v6;
  *(__global int *)(out2 + (gid * NOUT + 12) * 8 + 0) = v6;
}
