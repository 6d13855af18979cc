// csmith-lite kernel, seed 7012
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 4
#define NOUT 15
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static uint u24(uint x) { return x & 0xffffffu; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint acc0[4];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  short a0 = ((short)in[gid * NIN + 0]);
  float a1 = as_float((uint)in[gid * NIN + 1]);
  uint a2 = ((uint)in[gid * NIN + 2]);
  short a3 = ((short)in[gid * NIN + 3]);
  uint u0 = ((uint)((int)((char)0x44U)));
  float p1[8] = {((float)mod_uint(grp, a2)), ((float)div_uint(a3, sarg)), ((float)a2), ((float)(lid & ((int)0xfffffffaU))), ((float)fma(f2h(((float)((char)0xeU))), f2h(((float)gid)), f2h(((float)lid)))), ((float)((ushort)0xcca7U)), ((float)(gid > gid)), ((float)(lsz != a1))};
  if (fabs(f2h(((float)(a3 & 0xfec525faU))))) {
    a0 = ((short)((int)((uint)a0 - (uint)f2i_float_ushort((p1[f2i_float_int(p1[convert_short_sat(gid) & 7]) & 7] + (-(lsz - a1)))))));
  } else {
    a0 = ((short)sarg);
  }
  a3 = f2i_double_short(floor(((double)((long)0x1fUL))));
  uint v2 = ((uint)((uchar)0xfeU));
  uint v3 = (((lid | gid) - (lid & sarg)) << (ctz(((ulong)mod_uint(f2i_float_ushort(a1), f2i_float_uint(p1[u0 & 7])))) & 31));
  for (uint i4 = 0; i4 < ((uint)f2i_double_uchar(trunc(((double)f2i_float_uint(p1[mod_uint(a0, sarg) & 7])))) & 7u); i4++) {
    if (a1) {
      a3 = ((short)((int)((uint)sub_sat(((char)mad_hi(f2i_float_int((a1 - v2)), ((int)(~lid)), ((int)(u0 + i4)))), ((char)(((((__global const half *)in)[(gid * NIN + 0) * 4 + 2] != ((half)0.0f)) ? grp : ((__global const ushort *)in)[(gid * NIN + 3) * 4 + 0]) | (sarg ^ f2i_double_uint((-0x5p-1)))))) * (uint)(~(lsz == (f2i_float_uint(p1[(((__global const uint *)in)[(gid * NIN + 3) * 2 + 0] >> (i4 & 31)) & 7]) & gid))))));
    } else {
      v3 = (v3 + u0);
      p1[f2i_half_ushort((div_uint(lsz, u0) ? f2h(((float)gid)) : (-v2))) & 7] = ((float)(((((int)0x8U) & f2i_float_uint(a1)) + (a0 > grp)) & mad24(u24(f2i_float_uint(p1[(v2 ? gid : lsz) & 7])), u24(i4), f2i_float_uint((a1 + p1[f2i_float_short(floor(((float)sarg))) & 7])))));
    }
  }
  ushort4 w5_v = rotate(((ushort4)(((ushort)((lsz ^ a2) >= rint(((float)u0)))), ((ushort)mod_uint((a0 + a2), f2i_half_int(((__global const half *)in)[(gid * NIN + 3) * 4 + 2]))), ((ushort)clz(f2i_half_int(fabs(f2h(((float)u0)))))), ((ushort)(mod_uint(u0, ((int)0xd838e527U)) > lsz)))), ((ushort4)(((ushort)(clz(f2i_float_int(p1[f2i_float_uint(fabs(((float)a0))) & 7])) >> (f2i_float_char(fma(((float)((__global const short *)in)[(gid * NIN + 3) * 4 + 2]), ((float)v2), a1)) & 31))), ((ushort)lid), f2i_half_ushort((fma(f2h(p1[f2i_half_ushort(f2h(a1)) & 7]), f2h(((float)lsz)), f2h(((float)a0))) * (f2i_float_uint(p1[v2 & 7]) & gid))), ((ushort)(grp + (((ushort)0x23U) | f2i_float_short(p1[(lsz ^ sarg) & 7])))))));
  ushort w5 = w5_v.s0;
  ushort w6 = w5_v.s1;
  ushort w7 = w5_v.s2;
  ushort w8 = w5_v.s3;
  short v9 = f2i_double_short((-rint(((double)lid))));
  float v10 = ((float)sarg);
  long v11 = ((long)((ushort)(((long)((ulong)sarg - (ulong)((__global const long *)in)[(gid * NIN + 1) * 1 + 0])) ^ ((int)(0 - (uint)w8)))));
  for (uint acc0_q = lid; acc0_q < 4; acc0_q += lsz) acc0[acc0_q] = 0x83dabd6U;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_sub(&acc0[(uint)div_ulong((f2i_float_uint(v10) ^ gid), 0xffffffffffffffffUL) % 4], rhadd(((uint)w7), f2i_double_uint(ceil(((double)(!a2))))));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint y12 = acc0[lid % 4];
  v11 = ((long)((gid * a2) & f2i_half_char(((p1[((long)0x10UL) & 7] != 0.0f) ? v11 : ((half)((float)INFINITY))))));
  u0 = f2i_float_uint((u0 - ((~rotate(((long)((char)0x59U)), f2i_float_long(trunc(((float)u0))))) ? ((~lsz) ? rint(((float)((uchar)((char)0x10U)))) : ((p1[((long)(0 - (ulong)((__global const long *)in)[(gid * NIN + 2) * 1 + 0])) & 7] + w6) >= ((short)((char)0x6cU)))) : clz(f2i_float_long(v10)))));
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)as_uint(a1);
  *(__global float *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global uint *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global short *)(out2 + (gid * NOUT + 3) * 8 + 6) = a3;
  out[gid * NOUT + 4] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 4) * 8 + 0) = u0;
  out[gid * NOUT + 5] = (ulong)v2;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = v2;
  out[gid * NOUT + 6] = (ulong)v3;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = v3;
  out[gid * NOUT + 7] = (ulong)w5;
  *(__global ushort *)(out2 + (gid * NOUT + 7) * 8 + 6) = w5;
  out[gid * NOUT + 8] = (ulong)w6;
  *(__global ushort *)(out2 + (gid * NOUT + 8) * 8 + 0) = w6;
  out[gid * NOUT + 9] = (ulong)w7;
  *(__global ushort *)(out2 + (gid * NOUT + 9) * 8 + 2) = w7;
  out[gid * NOUT + 10] = (ulong)w8;
  *(__global ushort *)(out2 + (gid * NOUT + 10) * 8 + 4) = w8;
  out[gid * NOUT + 11] = (ulong)v9;
  *(__global short *)(out2 + (gid * NOUT + 11) * 8 + 6) = v9;
  out[gid * NOUT + 12] = (ulong)as_uint(v10);
  *(__global float *)(out2 + (gid * NOUT + 12) * 8 + 0) = v10;
  out[gid * NOUT + 13] = (ulong)v11;
  *(__global long *)(out2 + (gid * NOUT + 13) * 8 + 0) = v11;
  out[gid * NOUT + 14] = (ulong)y12;
  *(__global uint *)(out2 + (gid * NOUT + 14) * 8 + 0) = y12;
}
