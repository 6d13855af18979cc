// csmith-lite kernel, seed 7015
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 4
#define NOUT 16
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static uchar f2i_float_uchar(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  int a0 = ((int)in[gid * NIN + 0]);
  uint a1 = ((uint)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  ushort a3 = ((ushort)in[gid * NIN + 3]);
  int u0 = (~(!lsz));
  uint u1 = (sarg | grp);
  for (uint i2 = 0; i2 < ((uint)a1 & 7u); i2++) {
    char v3 = clz(((char)max(((__global const int *)in)[(gid * NIN + 0) * 2 + 0], ((int)((char)0xfeU)))));
    a0 = ((int)((f2i_half_uint((((__global const half *)in)[(gid * NIN + 0) * 4 + 1] - u0)) << (sarg & 31)) >> (f2i_double_uchar((-rint(((double)v3)))) & 31)));
  }
  uint v4 = (lsz ? ((int)((uint)((ushort)0x56cdU) * (uint)(convert_short_sat(u0) > (((long)0x16UL) ^ gid)))) : ((max(a3, ((ushort)a2)) >> (0xa41a3dceU & 31)) ? (convert_uint_sat(lid) << (f2i_double_char(0x1p-1) & 31)) : min(((short)convert_char_sat(a3)), ((short)(0x5UL ? lsz : lid)))));
  for (uint i5 = 0; i5 < ((uint)add_sat(((int)((uchar)0x80U)), (a3 < gid)) & 7u); i5++) {
    v4 = 0x12U;
  }
  int v6 = (!mad_hi(((int)(((__global const short *)in)[(gid * NIN + 0) * 4 + 2] & grp)), ((int)mod_long(((long)0x80UL), u1)), ((int)convert_short_sat(0x10000UL))));
  u0 = (!mod_ulong(a3, 0x1UL));
  uint v7 = ctz(((uint)(((__global const int *)in)[(gid * NIN + 0) * 2 + 1] ? ((__global const ulong *)in)[(gid * NIN + 2) * 1 + 0] : v4)));
  atom_add((__global ulong *)(gacc + 0 + (uint)(gid ^ (u1 >> (v6 & 31))) % 4), ((ulong)a0));
  u0 = (u0 | ((uchar)(((long)((ulong)(((long)0x7eUL) ? ((long)0x1UL) : ((long)0x24UL)) - (ulong)(v6 + grp))) ? (popcount(((ulong)a3)) - (v4 << (u0 & 31))) : ((int)((uint)add_sat(((int)v7), ((int)lid)) - (uint)(sarg != v4))))));
  if (mad_sat(((uchar)v6), ((uchar)((int)lsz)), ((uchar)(~((short)0xfff8U))))) {
    if (v7) {
      char v8 = ((char)sub_sat(f2i_double_uint(sqrt(((double)(u0 ? a3 : a3)))), f2i_double_uint(0x3p0)));
    }
    uint v9 = a1;
    atomic_add((__global uint *)(gacc + 4 + (uint)(!mul_hi(gid, gid)) % 4), ((uint)((__global const uchar *)in)[(gid * NIN + 3) * 8 + 0]));
  } else {
    if (((__global const char *)in)[(gid * NIN + 1) * 8 + 7]) {
      u1 = (u1 + mod_uint(lsz, u0));
      half2 w10_v = (((half2)(f2h(((float)sarg)), f2h(((float)min(((short)grp), ((short)(!((__global const uchar *)in)[(gid * NIN + 3) * 8 + 3]))))))) - ((half2)(f2h(((float)(f2i_half_uint(fma(f2h(((float)a2)), f2h(((float)lid)), f2h(((float)a0)))) & ((long)((ulong)((__global const ushort *)in)[(gid * NIN + 1) * 4 + 1] + (ulong)((__global const long *)in)[(gid * NIN + 3) * 1 + 0]))))), f2h(((float)abs(((ushort)add_sat(((short)((uchar)0xfcU)), f2i_half_short(((__global const half *)in)[(gid * NIN + 3) * 4 + 3])))))))));
      half w10 = w10_v.s0;
      half w11 = w10_v.s1;
      a2 = f2i_half_int(fabs(f2h(((float)(a2 ^ f2i_float_int(0x1c8p0f))))));
    }
  }
  ushort4 w12_v = sub_sat(((ushort4)(f2i_double_ushort(sqrt(((double)((int)0xeU)))), ((ushort)((lsz + u0) ^ (a0 - v7))), ((ushort)grp), f2i_float_ushort((v4 + (u1 / 0xb6dp0f))))), ((ushort4)(((ushort)(v7 ? (lid ? v6 : a2) : (a3 | a1))), ((ushort)(lid + u0)), ((ushort)(div_int(((char)0xa9U), a3) + (v6 * gid))), ((ushort)u1))));
  ushort w12 = w12_v.s0;
  ushort w13 = w12_v.s1;
  ushort w14 = w12_v.s2;
  ushort w15 = w12_v.s3;
  short v16 = ((short)((ushort)0xbU));
  uchar2 w17_v = (((uchar2)(((uchar)((__global const int *)in)[(gid * NIN + 0) * 2 + 0]), ((uchar)((a0 ? w14 : ((__global const uint *)in)[(gid * NIN + 2) * 2 + 1]) + mod_uint(a0, v4))))) | ((uchar2)(((uchar)a0), f2i_float_uchar(((float)(w13 & v4))))));
  uchar w17 = w17_v.s0;
  uchar w18 = w17_v.s1;
  int v19 = (f2i_half_ushort((bitselect(((uchar)0x3UL), f2i_float_uchar((a3 ? w13 : ((__global const float *)in)[(gid * NIN + 0) * 2 + 0])), ((uchar)rotate(((short)a0), ((short)a2)))) * ((!a3) * ((half)(-0.0f))))) | ((int)((0x7U ? grp : v7) << (ctz(((char)a0)) & 31))));
  if (((int)(0 - (uint)a3))) {
    uint2 w20_v = mul_hi(((uint2)(((uint)((int)((uint)w14 - (uint)(v16 != lsz)))), ((u0 | v4) & (f2i_half_char(((half)0x3p0f)) & w18)))), ((uint2)((grp & (v16 + a1)), ((uint)((ushort)0xfffeU)))));
    uint w20 = w20_v.s0;
    uint w21 = w20_v.s1;
  }
  half2 w22_v = (((half2)(f2h(((float)0x25U)), f2h(((float)div_int(a0, (w12 & w18)))))) - ((half2)(f2h(((float)w18)), f2h(((float)convert_ulong_sat((((char)0x15U) ^ v7)))))));
  half w22 = w22_v.s0;
  half w23 = w22_v.s1;
  out[gid * NOUT + 0] = (ulong)a3;
  *(__global ushort *)(out2 + (gid * NOUT + 0) * 8 + 0) = a3;
  out[gid * NOUT + 1] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 1) * 8 + 4) = u0;
  out[gid * NOUT + 2] = (ulong)u1;
  *(__global uint *)(out2 + (gid * NOUT + 2) * 8 + 0) = u1;
  out[gid * NOUT + 3] = (ulong)v4;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = v4;
  out[gid * NOUT + 4] = (ulong)v6;
  *(__global int *)(out2 + (gid * NOUT + 4) * 8 + 0) = v6;
  out[gid * NOUT + 5] = (ulong)v7;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = v7;
  out[gid * NOUT + 6] = (ulong)w12;
  *(__global ushort *)(out2 + (gid * NOUT + 6) * 8 + 4) = w12;
  out[gid * NOUT + 7] = (ulong)w13;
  *(__global ushort *)(out2 + (gid * NOUT + 7) * 8 + 6) = w13;
  out[gid * NOUT + 8] = (ulong)w14;
  *(__global ushort *)(out2 + (gid * NOUT + 8) * 8 + 0) = w14;
  out[gid * NOUT + 9] = (ulong)w15;
  *(__global ushort *)(out2 + (gid * NOUT + 9) * 8 + 2) = w15;
  out[gid * NOUT + 10] = (ulong)v16;
  *(__global short *)(out2 + (gid * NOUT + 10) * 8 + 4) = v16;
  out[gid * NOUT + 11] = (ulong)w17;
  *(__global uchar *)(out2 + (gid * NOUT + 11) * 8 + 3) = w17;
  out[gid * NOUT + 12] = (ulong)w18;
  *(__global uchar *)(out2 + (gid * NOUT + 12) * 8 + 4) = w18;
  out[gid * NOUT + 13] = (ulong)v19;
  *(__global int *)(out2 + (gid * NOUT + 13) * 8 + 4) = v19;
  out[gid * NOUT + 14] = (ulong)as_ushort(w22);
  *(__global half *)(out2 + (gid * NOUT + 14) * 8 + 4) = w22;
  out[gid * NOUT + 15] = (ulong)as_ushort(w23);
  *(__global half *)(out2 + (gid * NOUT + 15) * 8 + 6) = w23;
}
