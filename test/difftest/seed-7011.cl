// csmith-lite kernel, seed 7011
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 7
#define NOUT 12
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static uint u24(uint x) { return x & 0xffffffu; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint acc0[4];
  __local long lds1[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  ulong a0 = ((ulong)in[gid * NIN + 0]);
  int a1 = ((int)in[gid * NIN + 1]);
  double a2 = as_double(in[gid * NIN + 2]);
  int a3 = ((int)in[gid * NIN + 3]);
  char a4 = ((char)in[gid * NIN + 4]);
  float a5 = as_float((uint)in[gid * NIN + 5]);
  ulong a6 = ((ulong)in[gid * NIN + 6]);
  uint u0 = grp;
  long p1[4] = {((long)u0), f2i_double_long((grp + a2)), ((long)(a6 ? 0x9U : gid)), ((long)((-0x83126fp-33f) == ((ushort)0x22U)))};
  uint p2[8] = {mad24(u24(lsz), u24(((uint)a4)), gid), ((uint)((char)((short)0x23U))), ((uint)mul_hi(f2i_double_int(a2), ((int)grp))), (sarg - a4), ((uint)(f2i_float_int(a5) >> (u0 & 31))), add_sat(((uint)a4), f2i_double_uint(a2)), ((uint)((__global const short *)in)[(gid * NIN + 3) * 4 + 3]), ((uint)(grp > lid))};
  for (uint acc0_q = lid; acc0_q < 4; acc0_q += lsz) acc0[acc0_q] = 0xc4474da1U;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_max(&acc0[(uint)f2i_half_short(((half)(-0x5p-1f))) % 4], gid);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint y3 = acc0[lid % 4];
  a2 = ((double)((y3 | f2i_double_int(a2)) & f2i_double_int(fabs(a2))));
  atom_min((__global ulong *)(gacc + 0 + (uint)(((long)((ulong)lsz * (ulong)p1[(~p2[f2i_double_int(a2) & 7]) & 3])) | ((long)((ulong)a3 - (ulong)p1[(((long)0x1bUL) & lsz) & 3]))) % 4), f2i_float_ulong(rint(((float)((int)((uint)mul_hi(f2i_double_int(a2), ((int)p2[convert_char_sat(p2[rhadd(((ulong)lid), f2i_double_ulong(a2)) & 7]) & 7])) + (uint)max(((char)p2[a4 & 7]), ((char)a1))))))));
  y3 = (y3 | bitselect(((ushort)p2[mul_hi(f2i_float_int((-0x75p-2f)), a1) & 7]), ((ushort)p1[mod_uint(p2[(lsz << (sarg & 31)) & 7], gid) & 3]), ((ushort)grp)));
  a6 = (a6 & ctz(((uchar)p2[gid & 7])));
  u0 = (u0 + mad24(s24(((int)(div_ulong(((long)0x28UL), a0) >> ((grp ? lsz : a1) & 63)))), s24(((int)convert_short_sat(convert_uchar_sat(((char)0x6dU))))), ((int)sarg)));
  uint v4 = lsz;
  half v5 = f2h(((float)(abs(((ulong)lid)) >= ((float)gid))));
  lds1[lid] = f2i_half_long(v5);
  barrier(CLK_LOCAL_MEM_FENCE);
  long x6 = lds1[(lid + (uint)clz(((short)(0xdb9p-6 >= gid)))) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global ulong *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global int *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = as_ulong(a2);
  *(__global double *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global int *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global char *)(out2 + (gid * NOUT + 4) * 8 + 4) = a4;
  out[gid * NOUT + 5] = (ulong)as_uint(a5);
  *(__global float *)(out2 + (gid * NOUT + 5) * 8 + 4) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global ulong *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 7) * 8 + 4) = u0;
  out[gid * NOUT + 8] = (ulong)y3;
  *(__global uint *)(out2 + (gid * NOUT + 8) * 8 + 0) = y3;
  out[gid * NOUT + 9] = (ulong)v4;
  *(__global uint *)(out2 + (gid * NOUT + 9) * 8 + 4) = v4;
  out[gid * NOUT + 10] = (ulong)as_ushort(v5);
  *(__global half *)(out2 + (gid * NOUT + 10) * 8 + 4) = v5;
  out[gid * NOUT + 11] = (ulong)x6;
  *(__global long *)(out2 + (gid * NOUT + 11) * 8 + 0) = x6;
}
