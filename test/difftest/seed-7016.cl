// csmith-lite kernel, seed 7016
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 6
#define NOUT 16
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uint u24(uint x) { return x & 0xffffffu; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static long div_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a / b; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint acc0[4];
  __local char lds1[256];
  __local uint lds2[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  int a0 = ((int)in[gid * NIN + 0]);
  short a1 = ((short)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  int a3 = ((int)in[gid * NIN + 3]);
  float a4 = as_float((uint)in[gid * NIN + 4]);
  short a5 = ((short)in[gid * NIN + 5]);
  long u0 = f2i_double_long(((((int)(0 - (uint)popcount(((short)lsz)))) >> (f2i_double_uchar(ceil(((double)lsz))) & 31)) - (mad_hi(((int)grp), ((int)(lsz | grp)), ((int)((ulong)lsz))) ? bitselect(((int)(sarg << (grp & 31))), ((int)(grp ? lsz : 0x385093e34b3ead21UL)), ((int)convert_uint_sat(lsz))) : trunc(((double)(~lsz))))));
  a0 = ((int)(lsz | min(f2i_float_short(a4), ((short)0xfffffffffffffffdUL))));
  for (uint acc0_q = lid; acc0_q < 4; acc0_q += lsz) acc0[acc0_q] = 0x80U;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_xor(&acc0[(uint)((uchar)(!((__global const int *)in)[(gid * NIN + 2) * 2 + 1])) % 4], ((uint)((char)0x6U)));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint y1 = acc0[lid % 4];
  int v2 = ((((half)0x675p-4f) != ((half)0.0f)) ? a3 : a0);
  lds1[lid] = f2i_float_char((-((__global const float *)in)[(gid * NIN + 2) * 2 + 0]));
  barrier(CLK_LOCAL_MEM_FENCE);
  char x3 = lds1[(lid + (uint)0xd34aaa98U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  ushort2 w4_v = (((ushort2)(f2i_half_ushort(fma(((half)(sarg ? a2 : 0x1p0)), f2h(((float)(lsz + 0xbU))), f2h(((float)(((uchar)0x27U) | f2i_float_int(((__global const float *)in)[(gid * NIN + 2) * 2 + 1])))))), ((ushort)((a2 & ((long)0x78959c35b49d6fd5UL)) <= (y1 - a5))))) * ((ushort2)(f2i_float_ushort(rint(((float)((int)0xffffffffU)))), ((ushort)clz(f2i_float_long(((float)gid)))))));
  ushort w4 = w4_v.s0;
  ushort w5 = w4_v.s1;
  if (a1) {
    u0 = ((long)((__global const uint *)in)[(gid * NIN + 5) * 2 + 1]);
  }
  w4 = ((ushort)a3);
  double v6 = ((double)((int)((uint)w4 + (uint)((__global const ushort *)in)[(gid * NIN + 4) * 4 + 2])));
  if (lid) {
    if (((long)((ulong)f2i_half_long(rint(((half)0xccccccccccccdp-55))) << (f2i_half_char((((__global const ushort *)in)[(gid * NIN + 2) * 4 + 0] ? ((__global const half *)in)[(gid * NIN + 0) * 4 + 1] : a3)) & 63)))) {
      ushort v7 = ((ushort)0x19U);
    }
    short v8 = convert_short_sat(nonan_float(fabs(((float)a1))));
  }
  if (fabs(((double)mad24(u24(f2i_double_uint(0x1p-130)), u24(gid), f2i_half_uint(((__global const half *)in)[(gid * NIN + 4) * 4 + 1]))))) {
    short v9 = ((__global const short *)in)[(gid * NIN + 4) * 4 + 2];
  }
  half2 w10_v = (((half2)(f2h(((float)((int)rhadd(((uchar)((int)0x1eU)), ((uchar)y1))))), f2h(((float)div_uint(abs_diff(f2i_double_uint(v6), 0x5fafeffaU), gid))))) * ((half2)(f2h(((float)((!w5) | ((short)0x4fbaU)))), f2h(((float)mul_hi(convert_int_sat(((uchar)0xaU)), ((int)(lsz - lid))))))));
  half w10 = w10_v.s0;
  half w11 = w10_v.s1;
  if ((-(-lid))) {
    float v12 = ((y1 ? a4 : y1) * ((float)((int)0x80000001U)));
  } else {
    if ((-0x1p0f)) {
      a3 = ((int)((uint)a3 - (uint)((int)((uint)((!y1) & (0xb0f12ee7U <= gid)) << (((int)0xb3051d69U) & 31)))));
      float v13 = fabs(((float)a5));
      int v14 = (!((long)((ulong)((long)0x13UL) - (ulong)sarg)));
    } else {
      a4 = ((float)w4);
    }
  }
  w5 = ((ushort)sub_sat(f2i_half_short(w10), a5));
  if ((mul_hi(((ulong)a0), 0x11UL) != ((int)((uint)v2 * (uint)((int)0x15U))))) {
    a3 = (~w5);
    for (uint i15 = 0; i15 < ((uint)f2i_double_ulong((floor(((double)y1)) / gid)) & 7u); i15++) {
      a1 = ((short)((int)((uint)(~(v6 && u0)) << ((mod_ulong(gid, (-0xfffffffffffffffaUL)) >> (((~v2) ^ ((long)i15)) & 63)) & 31))));
      ushort v16 = convert_ushort_sat(abs(f2i_float_short((-0.0f))));
      w4 = ((ushort)((long)((ulong)w4 - (ulong)convert_long_sat((gid << (x3 & 31))))));
    }
  } else {
    y1 = ((uint)div_long(rhadd(f2i_half_long(w10), ((long)a1)), ((long)a3)));
  }
  lds2[lid] = ((uint)(((int)((uint)v2 + (uint)mad_hi(((uchar)lsz), ((uchar)lid), ((uchar)gid)))) | ((0.0 / a0) && (lid ^ ((__global const int *)in)[(gid * NIN + 0) * 2 + 1]))));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint x17 = lds2[(lid + (uint)f2i_float_short(rint(((float)div_int(((uchar)0xfaU), w5))))) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v18 = mod_uint(y1, ((int)0x23U));
  out[gid * NOUT + 0] = (ulong)a1;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a1;
  out[gid * NOUT + 1] = (ulong)a2;
  *(__global int *)(out2 + (gid * NOUT + 1) * 8 + 4) = a2;
  out[gid * NOUT + 2] = (ulong)a3;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a3;
  out[gid * NOUT + 3] = (ulong)as_uint(a4);
  *(__global float *)(out2 + (gid * NOUT + 3) * 8 + 4) = a4;
  out[gid * NOUT + 4] = (ulong)a5;
  *(__global short *)(out2 + (gid * NOUT + 4) * 8 + 0) = a5;
  out[gid * NOUT + 5] = (ulong)u0;
  *(__global long *)(out2 + (gid * NOUT + 5) * 8 + 0) = u0;
  out[gid * NOUT + 6] = (ulong)y1;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = y1;
  out[gid * NOUT + 7] = (ulong)v2;
  *(__global int *)(out2 + (gid * NOUT + 7) * 8 + 4) = v2;
  out[gid * NOUT + 8] = (ulong)x3;
  *(__global char *)(out2 + (gid * NOUT + 8) * 8 + 0) = x3;
  out[gid * NOUT + 9] = (ulong)w4;
  *(__global ushort *)(out2 + (gid * NOUT + 9) * 8 + 2) = w4;
  out[gid * NOUT + 10] = (ulong)w5;
  *(__global ushort *)(out2 + (gid * NOUT + 10) * 8 + 4) = w5;
  out[gid * NOUT + 11] = as_ulong(v6);
  *(__global double *)(out2 + (gid * NOUT + 11) * 8 + 0) = v6;
  out[gid * NOUT + 12] = (ulong)as_ushort(w10);
  *(__global half *)(out2 + (gid * NOUT + 12) * 8 + 0) = w10;
  out[gid * NOUT + 13] = (ulong)as_ushort(w11);
  *(__global half *)(out2 + (gid * NOUT + 13) * 8 + 2) = w11;
  out[gid * NOUT + 14] = (ulong)x17;
  *(__global uint *)(out2 + (gid * NOUT + 14) * 8 + 0) = x17;
  out[gid * NOUT + 15] = (ulong)v18;
  *(__global uint *)(out2 + (gid * NOUT + 15) * 8 + 4) = v18;
}
