// csmith-lite kernel, seed 7008
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 16
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local char lds0[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  uchar a0 = ((uchar)in[gid * NIN + 0]);
  float a1 = as_float((uint)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  long a3 = ((long)in[gid * NIN + 3]);
  ushort a4 = ((ushort)in[gid * NIN + 4]);
  int a5 = ((int)in[gid * NIN + 5]);
  int a6 = ((int)in[gid * NIN + 6]);
  uint a7 = ((uint)in[gid * NIN + 7]);
  uint u0 = mod_uint(mod_uint(((~sarg) & (lsz > grp)), f2i_half_uchar(rint(floor(f2h(((float)lsz)))))), bitselect(((uchar)((-grp) >= (sarg + 0xffffffffU))), ((uchar)convert_ulong_sat((sarg ? sarg : sarg))), ((uchar)lsz)));
  uint u1 = ((lsz - sarg) << (lsz & 31));
  ulong p2[16] = {((ulong)((int)((uint)((short)0xf7dbU) << (grp & 31)))), ((ulong)rotate(((int)((uchar)0xffU)), a5)), ((ulong)(a5 && gid)), ((ulong)u1), ((ulong)(u1 | a0)), ((ulong)lsz), ((ulong)(!a0)), ((ulong)(~gid)), ((ulong)(!((short)0x7e0eU))), f2i_double_ulong((((long)0xcea4ae1dc6c3db6eUL) ? 0x3p0 : a7)), ((ulong)a4), (((__global const ulong *)in)[(gid * NIN + 3) * 1 + 0] - 0x2ed71b7cU), ((ulong)(0x379096ceU & a0)), ((ulong)gid), f2i_float_ulong(((float)(-0xdbp0))), ((ulong)lid)};
  p2[((a7 - a7) << (((char)sarg) & 31)) & 15] = ((ulong)bitselect(((int)((a4 * grp) + ((a1 != 0.0f) ? a6 : p2[(u0 & u1) & 15]))), ((int)add_sat(((long)(~sarg)), ((long)(a0 || a7)))), ((a3 <= gid) ? ((uchar)u1) : div_int(a0, a0))));
  uint v3 = (lid << (convert_uint_sat(((f2i_double_uint(((__global const double *)in)[(gid * NIN + 5) * 1 + 0]) >> (a0 & 31)) ? (~a3) : (a0 | ((__global const int *)in)[(gid * NIN + 5) * 2 + 0]))) & 31));
  long v4 = ((a0 - u1) | f2i_float_long((a3 + (-0x1bfp-1f))));
  if (convert_uchar_sat((-u1))) {
    int v5 = (popcount(((char)((ushort)0x0U))) >= ((ulong)v3));
    u0 = (u0 - (~f2i_float_uint(0x1p-1f)));
  } else {
    if ((~a7)) {
      p2[((int)((uint)(a4 >> (lsz & 31)) * (uint)convert_short_sat(lid))) & 15] = ((ulong)(-convert_uint_sat(rhadd(((uint)p2[((int)((uint)((uchar)0x0U) + (uint)((int)0x25013e38U))) & 15]), 0x7bd3f307U))));
    }
  }
  if (u1) {
    a6 = f2i_half_int(rint(f2h(((float)u0))));
    ulong v6 = (0xffffffffffffffffUL | lsz);
    p2[div_ulong(((int)0x1U), v6) & 15] = f2i_float_ulong(a1);
  }
  ushort v7 = ((ushort)div_ulong(div_int((((__global const int *)in)[(gid * NIN + 7) * 2 + 0] >= p2[mad_sat(f2i_float_ushort(a1), ((ushort)u0), ((ushort)v3)) & 15]), mad24(s24(((int)((ushort)0x95a9U))), s24(a2), ((int)a3))), mod_ulong(mul_hi(((uint)((ushort)0x0U)), 0x8aeda91eU), (((int)0x6U) ? ((__global const uint *)in)[(gid * NIN + 1) * 2 + 0] : p2[((long)((ulong)a6 * (ulong)v4)) & 15]))));
  double v8 = trunc(((double)((int)((uint)((int)0x27U) - (uint)((__global const uchar *)in)[(gid * NIN + 1) * 8 + 1]))));
  ushort v9 = f2i_double_ushort((v8 - p2[(f2i_double_long(((__global const double *)in)[(gid * NIN + 1) * 1 + 0]) >> (a7 & 63)) & 15]));
  short v10 = ((short)((int)((uint)ctz(((char)((long)0xb15a27f3c6b84124UL))) + (uint)(a1 || sarg))));
  int v11 = ((f2i_half_uchar(((half)0x28dp-1f)) >> (convert_int_sat(a7) & 31)) >> (((int)((uint)(((char)0x8U) != 0x90c742e0U) << (f2i_double_long((-0x279p-4)) & 31))) & 31));
  ulong v12 = (sarg | mod_ulong(p2[f2i_double_char(sqrt(((double)v10))) & 15], grp));
  short v13 = ((short)(((short)0xffffU) >> (0xaab9e704U & 31)));
  for (uint i14 = 0; i14 < ((uint)((p2[v11 & 15] ? v7 : a7) <= (v12 - ((int)0x9d48491cU))) & 7u); i14++) {
    uint v15 = (v10 ^ v3);
    v8 = ((double)rotate(((short)0xfffaU), ((short)((char)0x81U))));
  }
  lds0[lid] = ((char)convert_int_sat((a5 ? (v12 || a2) : max(((char)a3), ((char)((short)0x17U))))));
  barrier(CLK_LOCAL_MEM_FENCE);
  char x16 = lds0[(lid + (uint)0x28U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  int v17 = ((int)((uint)v10 + (uint)v13));
  if (v3) {
    a7 = ((uint)((((int)((uint)v17 + (uint)(v4 > 0x7fU))) * lid) == (((long)0x1cUL) ^ a2)));
    if (a2) {
      a4 = ((ushort)(a4 | (v10 & f2i_double_short(v8))));
      a1 = ((float)(trunc(((double)v17)) + (((__global const long *)in)[(gid * NIN + 3) * 1 + 0] - p2[f2i_half_ushort(rint(f2h(a1))) & 15])));
    } else {
      long v18 = ctz(((long)((!(~a6)) | f2i_float_int(((p2[f2i_float_uint((lid * ((__global const float *)in)[(gid * NIN + 2) * 2 + 1])) & 15] ? u1 : v17) * fma(((float)u1), ((float)v3), ((float)v9)))))));
      a1 = (a1 + (trunc(((float)ceil(((double)((int)((uint)a0 + (uint)((__global const char *)in)[(gid * NIN + 5) * 8 + 6])))))) - ((char)v13)));
      v12 = (v12 | ((fabs(((float)(a7 ? v8 : v8))) != 0.0f) ? ((!v11) ? a3 : ((ushort)((int)0xfffffffaU))) : mad_sat(((int)(~p2[(v3 ^ ((int)0x37b9ba94U)) & 15])), ((int)(f2i_half_uint(((half)0x555p-12f)) & a2)), (v12 <= ((uchar)0x14U)))));
    }
    for (uint i19 = 0; i19 < ((uint)max(((int)(p2[mad_sat(v11, ((int)p2[(v9 <= v17) & 15]), ((int)((ushort)0x6969U))) & 15] + x16)), ((int)((long)((ulong)((__global const short *)in)[(gid * NIN + 4) * 4 + 0] + (ulong)v4)))) & 7u); i19++) {
      u0 = ((uint)(!i19));
      if (a5) break;
      uint v20 = (0x1dU << (((__global const uchar *)in)[(gid * NIN + 6) * 8 + 3] & 31));
    }
  } else {
    a4 = ((ushort)(a4 ^ sub_sat(((long)p2[((int)((uint)v13 << (f2i_double_long(v8) & 31))) & 15]), f2i_float_long(a1))));
    if (mad_hi(((uchar)(~v9)), ((uchar)0xb980881e3e7bbf4aUL), ((uchar)p2[(((short)0xeb9U) ? a4 : p2[f2i_float_char(fma(((float)v17), ((float)v11), ((float)p2[p2[f2i_double_uint(((__global const double *)in)[(gid * NIN + 6) * 1 + 0]) & 15] & 15]))) & 15]) & 15]))) {
      a4 = ((ushort)(a0 & v3));
      p2[(!a5) & 15] = ((ulong)convert_char_sat(popcount(((ulong)(!((__global const int *)in)[(gid * NIN + 4) * 2 + 1])))));
      p2[((trunc(((half)((__global const double *)in)[(gid * NIN + 6) * 1 + 0])) != ((half)0.0f)) ? (((-0x6d9p-3) != 0.0) ? a4 : v10) : v11) & 15] = ((ulong)(f2i_float_ushort(fma(((float)ceil(((double)x16))), ((float)(!a6)), ((float)(!a5)))) | a2));
    }
  }
  out[gid * NOUT + 0] = (ulong)a5;
  *(__global int *)(out2 + (gid * NOUT + 0) * 8 + 0) = a5;
  out[gid * NOUT + 1] = (ulong)a6;
  *(__global int *)(out2 + (gid * NOUT + 1) * 8 + 4) = a6;
  out[gid * NOUT + 2] = (ulong)a7;
  *(__global uint *)(out2 + (gid * NOUT + 2) * 8 + 0) = a7;
  out[gid * NOUT + 3] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = u0;
  out[gid * NOUT + 4] = (ulong)u1;
  *(__global uint *)(out2 + (gid * NOUT + 4) * 8 + 0) = u1;
  out[gid * NOUT + 5] = (ulong)v3;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = v3;
  out[gid * NOUT + 6] = (ulong)v4;
  *(__global long *)(out2 + (gid * NOUT + 6) * 8 + 0) = v4;
  out[gid * NOUT + 7] = (ulong)v7;
  *(__global ushort *)(out2 + (gid * NOUT + 7) * 8 + 6) = v7;
  out[gid * NOUT + 8] = as_ulong(v8);
  *(__global double *)(out2 + (gid * NOUT + 8) * 8 + 0) = v8;
  out[gid * NOUT + 9] = (ulong)v9;
  *(__global ushort *)(out2 + (gid * NOUT + 9) * 8 + 2) = v9;
  out[gid * NOUT + 10] = (ulong)v10;
  *(__global short *)(out2 + (gid * NOUT + 10) * 8 + 4) = v10;
  out[gid * NOUT + 11] = (ulong)v11;
  *(__global int *)(out2 + (gid * NOUT + 11) * 8 + 4) = v11;
  out[gid * NOUT + 12] = (ulong)v12;
  *(__global ulong *)(out2 + (gid * NOUT + 12) * 8 + 0) = v12;
  out[gid * NOUT + 13] = (ulong)v13;
  *(__global short *)(out2 + (gid * NOUT + 13) * 8 + 2) = v13;
  out[gid * NOUT + 14] = (ulong)x16;
  *(__global char *)(out2 + (gid * NOUT + 14) * 8 + 6) = x16;
  out[gid * NOUT + 15] = (ulong)v17;
  *(__global int *)(out2 + (gid * NOUT + 15) * 8 + 4) = v17;
}
