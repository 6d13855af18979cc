// csmith-lite kernel, seed 7001
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 13
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local ulong lds0[256];
  __local int acc1[4];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  short a0 = ((short)in[gid * NIN + 0]);
  uint a1 = ((uint)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  int a3 = ((int)in[gid * NIN + 3]);
  uint a4 = ((uint)in[gid * NIN + 4]);
  uchar a5 = ((uchar)in[gid * NIN + 5]);
  uint a6 = ((uint)in[gid * NIN + 6]);
  long a7 = ((long)in[gid * NIN + 7]);
  int u0 = (!(((ulong)sarg) && (bitselect(((uint)((int)0x6U)), grp, sarg) ? ceil(f2h(((float)lsz))) : rint(f2h(((float)lsz))))));
  float u1 = (sarg + fabs(((float)(0x123b9018U ^ sarg))));
  ulong p2[4] = {((ulong)(a4 ^ a1)), f2i_float_ulong(ceil(((float)a3))), ((ulong)(a3 >> (f2i_double_int((-0x225p-2)) & 31))), f2i_double_ulong((-0xb6ep0))};
  lds0[lid] = mod_ulong(f2i_double_ulong(((double)a5)), (~p2[(p2[p2[(((__global const uint *)in)[(gid * NIN + 7) * 2 + 1] ^ a4) & 3] & 3] & a3) & 3]));
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong x3 = lds0[(lid + (uint)0x19U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint acc1_q = lid; acc1_q < 4; acc1_q += lsz) acc1[acc1_q] = ((int)0xf9d5f39aU);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_and(&acc1[(uint)((int)(0 - (uint)(grp != p2[((int)((uint)a3 << (a2 & 31))) & 3]))) % 4], ((int)((~f2i_float_uint(sqrt(((float)((long)0xbUL))))) ^ (!(sarg > a2)))));
  barrier(CLK_LOCAL_MEM_FENCE);
  int y4 = acc1[lid % 4];
  ulong v5 = ((ulong)abs(((short)lsz)));
  a6 = (a6 | (((~a2) ? convert_short_sat(a5) : (lsz >> (((char)0xdU) & 31))) | a6));
  p2[f2i_double_long(fma(((double)(a4 - a4)), ((double)rint(f2h(((float)((char)0x8U))))), ((double)(a2 + lid)))) & 3] = ((ulong)((long)0xe05096524765618UL));
  v5 = (~v5);
  for (uint i6 = 0; i6 < ((uint)(!((short)v5)) & 7u); i6++) {
    if (mad24(s24(f2i_double_int(0x3p0)), s24(((int)(((int)0x80U) ^ f2i_double_long(((__global const double *)in)[(gid * NIN + 1) * 1 + 0])))), (~((__global const uchar *)in)[(gid * NIN + 6) * 8 + 2]))) break;
    a7 = ((long)((ulong)a7 - (ulong)y4));
  }
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global uint *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global int *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global uint *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)a5;
  *(__global uchar *)(out2 + (gid * NOUT + 5) * 8 + 5) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)a7;
  *(__global long *)(out2 + (gid * NOUT + 7) * 8 + 0) = a7;
  out[gid * NOUT + 8] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 8) * 8 + 0) = u0;
  out[gid * NOUT + 9] = (ulong)as_uint(u1);
  *(__global float *)(out2 + (gid * NOUT + 9) * 8 + 4) = u1;
  out[gid * NOUT + 10] = (ulong)x3;
  *(__global ulong *)(out2 + (gid * NOUT + 10) * 8 + 0) = x3;
  out[gid * NOUT + 11] = (ulong)y4;
  *(__global int *)(out2 + (gid * NOUT + 11) * 8 + 4) = y4;
  out[gid * NOUT + 12] = (ulong)v5;
  *(__global ulong *)(out2 + (gid * NOUT + 12) * 8 + 0) = v5;
}
