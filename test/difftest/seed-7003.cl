// csmith-lite kernel, seed 7003
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 12
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static long div_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a / b; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint acc0[4];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  ushort a0 = ((ushort)in[gid * NIN + 0]);
  float a1 = as_float((uint)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  half a3 = as_half((ushort)in[gid * NIN + 3]);
  uint a4 = ((uint)in[gid * NIN + 4]);
  ushort a5 = ((ushort)in[gid * NIN + 5]);
  uint a6 = ((uint)in[gid * NIN + 6]);
  half a7 = as_half((ushort)in[gid * NIN + 7]);
  ulong u0 = mod_ulong(convert_ulong_sat((sarg | grp)), popcount(((ushort)(lsz * ((int)0xbe863ebeU)))));
  long p1[4] = {((long)lid), f2i_half_long(fabs(f2h(((float)a2)))), ((long)ctz(((int)lid))), f2i_float_long(fabs(((float)a5)))};
  double p2[16] = {((double)((int)a4)), ((double)convert_uint_sat(p1[((long)(0 - (ulong)p1[p1[((long)0x3448daf30dce802dUL) & 3] & 3])) & 3])), ((double)(p1[(a4 < a2) & 3] ? p1[(lsz <= a7) & 3] : p1[a4 & 3])), ((double)(a7 - p1[lsz & 3])), ((double)f2i_double_ulong((-0.0))), ((double)(f2i_float_short((-0x795p0f)) ^ a6)), ((double)a2), ((double)(a6 ? a5 : ((int)0x1eU))), ((double)bitselect(((long)((int)0x5c0ba194U)), p1[((int)(0 - (uint)a5)) & 3], ((long)gid))), ((double)a6), ((double)add_sat(((uint)u0), ((uint)p1[sub_sat(((int)0x20U), ((int)grp)) & 3]))), ((double)(lsz * ((ushort)0x39d0U))), ((double)a3), ((double)(a5 >> (u0 & 31))), ((double)((__global const half *)in)[(gid * NIN + 7) * 4 + 2]), ((double)(a7 || a2))};
  p1[(lsz & (~grp)) & 3] = ((long)(!a7));
  for (uint acc0_q = lid; acc0_q < 4; acc0_q += lsz) acc0[acc0_q] = 0xc26ea8c9U;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_and(&acc0[(uint)(f2i_double_uint((-0xffe0p0)) >> (((long)((ulong)p1[f2i_double_uchar(p2[div_long(p1[rotate(((ushort)a6), ((ushort)a2)) & 3], gid) & 15]) & 3] + (ulong)((char)0x11U))) & 31)) % 4], ((uint)f2i_float_int((a1 / ceil(((half)((__global const double *)in)[(gid * NIN + 4) * 1 + 0]))))));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint y3 = acc0[lid % 4];
  for (uint i4 = 0; i4 < ((uint)(clz(f2i_half_uchar(a7)) ? (((ushort)0x4U) ? a2 : a5) : (lid << (((int)0x537581adU) & 31))) & 7u); i4++) {
    if (u0) {
      p1[(convert_ulong_sat(((long)0x8000000000000001UL)) && ((__global const short *)in)[(gid * NIN + 5) * 4 + 2]) & 3] = ((long)0x26UL);
      if (((y3 * a4) ^ a2)) break;
    } else {
      a7 = (a7 - y3);
    }
    y3 = (y3 ^ (((int)0xfffffffdU) >= (lid - gid)));
  }
  if (convert_int_sat(nonan_float(((float)a3)))) {
    for (uint i5 = 0; i5 < ((uint)f2i_double_uint((popcount(((ulong)a4)) ? fabs(((double)gid)) : div_ulong(((char)0x19U), u0))) & 7u); i5++) {
      a4 = (a4 + (~((char)0x3U)));
    }
    atomic_and((__global int *)(gacc + 0 + (uint)convert_int_sat((f2i_double_short(p2[(((__global const double *)in)[(gid * NIN + 1) * 1 + 0] || a6) & 15]) ^ p1[f2i_half_ulong((a6 + a3)) & 3])) % 4), ((int)min((((int)((uint)((__global const uchar *)in)[(gid * NIN + 4) * 8 + 6] + (uint)a2)) - (~sarg)), ((uint)(f2i_double_char(p2[((__global const ulong *)in)[(gid * NIN + 1) * 1 + 0] & 15]) & (!((int)0x15U)))))));
  } else {
    long v6 = (~p1[(((__global const uint *)in)[(gid * NIN + 0) * 2 + 0] << (((short)0x0U) & 31)) & 3]);
  }
  double v7 = sqrt(((double)(mad_hi(((uchar)sarg), ((uchar)lid), ((uchar)sub_sat(f2i_half_short(a3), ((short)0x1cUL)))) ? ((fma(f2h(((float)grp)), f2h(a1), ((half)(-0x11fp0))) != ((half)0.0f)) ? (!grp) : rotate(f2i_double_uint(p2[hadd(((int)gid), ((int)gid)) & 15]), ((uint)a5))) : (fma(((double)0xbU), ((double)a5), ((double)a3)) > div_ulong(u0, ((__global const char *)in)[(gid * NIN + 6) * 8 + 5])))));
  for (uint i8 = 0; i8 < ((uint)rhadd((~((ushort)0x0U)), f2i_double_int((a1 + p2[f2i_double_ushort((a4 ? v7 : p2[(!0x1p-1) & 15])) & 15]))) & 7u); i8++) {
    long v9 = (f2i_half_int((((__global const half *)in)[(gid * NIN + 3) * 4 + 1] * p1[f2i_float_uint(((float)p2[(a0 >> (f2i_half_long(a7) & 31)) & 15])) & 3])) & ((long)((ulong)((int)0xfffffffeU) - (ulong)p1[((int)((uint)f2i_double_int(v7) << (f2i_float_int(((__global const float *)in)[(gid * NIN + 4) * 2 + 1]) & 31))) & 3])));
  }
  int v10 = (!fabs(f2h(((float)(a6 <= gid)))));
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global ushort *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)as_uint(a1);
  *(__global float *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)as_ushort(a3);
  *(__global half *)(out2 + (gid * NOUT + 3) * 8 + 6) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global uint *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)a5;
  *(__global ushort *)(out2 + (gid * NOUT + 5) * 8 + 2) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)as_ushort(a7);
  *(__global half *)(out2 + (gid * NOUT + 7) * 8 + 6) = a7;
  out[gid * NOUT + 8] = (ulong)u0;
  *(__global ulong *)(out2 + (gid * NOUT + 8) * 8 + 0) = u0;
  out[gid * NOUT + 9] = (ulong)y3;
  *(__global uint *)(out2 + (gid * NOUT + 9) * 8 + 4) = y3;
  out[gid * NOUT + 10] = as_ulong(v7);
  *(__global double *)(out2 + (gid * NOUT + 10) * 8 + 0) = v7;
  out[gid * NOUT + 11] = (ulong)v10;
  *(__global int *)(out2 + (gid * NOUT + 11) * 8 + 4) = v10;
}
