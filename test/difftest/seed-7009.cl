// csmith-lite kernel, seed 7009
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 16
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  short a0 = ((short)in[gid * NIN + 0]);
  short a1 = ((short)in[gid * NIN + 1]);
  ushort a2 = ((ushort)in[gid * NIN + 2]);
  uint a3 = ((uint)in[gid * NIN + 3]);
  float a4 = as_float((uint)in[gid * NIN + 4]);
  half a5 = as_half((ushort)in[gid * NIN + 5]);
  ulong a6 = ((ulong)in[gid * NIN + 6]);
  char a7 = ((char)in[gid * NIN + 7]);
  uint u0 = sarg;
  char u1 = ((char)mad24(s24(((int)(convert_ushort_sat(convert_uint_sat(grp)) + div_uint(((char)0x4U), (u0 ? ((ushort)0x21U) : sarg))))), s24(((int)div_uint((~(sarg + u0)), (div_uint(sarg, lsz) - mod_uint(lsz, ((short)0x19f4U)))))), ((int)grp)));
  int u2 = mod_int(convert_int_sat(lsz), u1);
  ushort p3[8] = {((ushort)div_uint(grp, ((int)0x1fU))), f2i_float_ushort(0x1p-1f), ((ushort)mod_uint(lid, sarg)), ((ushort)(!lsz)), ((ushort)(u0 + u0)), f2i_double_ushort((-(-0xe05p-1))), ((ushort)((int)((uint)a1 - (uint)a7))), f2i_half_ushort(rint(f2h(((float)sarg))))};
  int v4 = ((int)((uint)(!popcount((lid ? a3 : u1))) + (uint)((int)((uint)(!(a4 - lsz)) + (uint)a0))));
  for (uint i5 = 0; i5 < ((uint)(bitselect(((int)gid), v4, ((int)a6)) >> (u2 & 31)) & 7u); i5++) {
    a5 = f2h(((float)((int)(0 - (uint)((__global const ushort *)in)[(gid * NIN + 2) * 4 + 1]))));
    if (fabs(((double)ctz(((uchar)p3[mul_hi(f2i_float_int(a4), ((int)a1)) & 7]))))) {
      if ((gid ? (gid ? a1 : sarg) : convert_long_sat(lid))) break;
      ulong v6 = ((ulong)(!max(((int)(((long)0xc911323be8ce1138UL) >> (f2i_half_uint((-((half)(-0x9ep0f)))) & 63))), ((int)a0))));
      if (((a6 & ((char)0x22U)) - (p3[a6 & 7] ^ u0))) break;
    }
    a0 = ((short)(a0 | abs(f2i_double_uchar(((double)(clz(v4) ? sarg : u2))))));
  }
  half v7 = trunc(f2h(((float)gid)));
  ushort2 w8_v = (((ushort2)(((__global const ushort *)in)[(gid * NIN + 1) * 4 + 0], ((ushort)a1))) << (((ushort2)(((ushort)(mul_hi(f2i_half_uchar(a5), ((uchar)a2)) ^ f2i_half_char((((__global const uint *)in)[(gid * NIN + 2) * 2 + 0] * v7)))), ((ushort)(a2 == mad_sat(((uchar)a6), ((uchar)a3), ((uchar)p3[(sarg | a2) & 7])))))) & (ushort2)15));
  ushort w8 = w8_v.s0;
  ushort w9 = w8_v.s1;
  uint v10 = (lsz + v4);
  for (uint i11 = 0; i11 < ((uint)((int)(0 - (uint)((char)0x1bU))) & 7u); i11++) {
    u0 = (((f2i_float_uint((u2 ? a4 : p3[f2i_float_int(a4) & 7])) << ((grp ? grp : u2) & 31)) << (f2i_double_ushort(((double)(lsz - v4))) & 31)) << (((~(lsz ? grp : 0x10UL)) * ((int)((uint)((int)((uint)a7 << (v10 & 31))) - (uint)(f2i_float_ushort(0xffe0p0f) ^ ((int)0x6U))))) & 31));
    for (uint i12 = 0; i12 < ((uint)grp & 7u); i12++) {
      v4 = ((int)(v4 | f2i_double_uint(((add_sat(((uint)((int)((uint)a1 * (uint)((short)0x15U)))), mod_uint(f2i_half_short(v7), ((__global const uint *)in)[(gid * NIN + 0) * 2 + 1])) | f2i_half_ulong(fabs(f2h(((float)ctz(f2i_half_uint(v7))))))) ? floor(((double)((uchar)0x3U))) : ((short)p3[f2i_half_uchar((lsz - v7)) & 7])))));
    }
    half v13 = f2h(((float)(~((char)0x19U))));
  }
  a5 = f2h(((float)((int)((uint)u1 + (uint)w9))));
  atom_add((__global long *)(gacc + 0 + (uint)((grp * grp) != (f2i_float_int(a4) >> (0x16U & 31))) % 4), ((long)u2));
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global short *)(out2 + (gid * NOUT + 1) * 8 + 2) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global ushort *)(out2 + (gid * NOUT + 2) * 8 + 4) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)as_uint(a4);
  *(__global float *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)as_ushort(a5);
  *(__global half *)(out2 + (gid * NOUT + 5) * 8 + 2) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global ulong *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)a7;
  *(__global char *)(out2 + (gid * NOUT + 7) * 8 + 7) = a7;
  out[gid * NOUT + 8] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 8) * 8 + 0) = u0;
  out[gid * NOUT + 9] = (ulong)u1;
  *(__global char *)(out2 + (gid * NOUT + 9) * 8 + 1) = u1;
  out[gid * NOUT + 10] = (ulong)u2;
  *(__global int *)(out2 + (gid * NOUT + 10) * 8 + 0) = u2;
  out[gid * NOUT + 11] = (ulong)v4;
  *(__global int *)(out2 + (gid * NOUT + 11) * 8 + 4) = v4;
  out[gid * NOUT + 12] = (ulong)as_ushort(v7);
  *(__global half *)(out2 + (gid * NOUT + 12) * 8 + 0) = v7;
  out[gid * NOUT + 13] = (ulong)w8;
  *(__global ushort *)(out2 + (gid * NOUT + 13) * 8 + 2) = w8;
  out[gid * NOUT + 14] = (ulong)w9;
  *(__global ushort *)(out2 + (gid * NOUT + 14) * 8 + 4) = w9;
  out[gid * NOUT + 15] = (ulong)v10;
  *(__global uint *)(out2 + (gid * NOUT + 15) * 8 + 4) = v10;
}
