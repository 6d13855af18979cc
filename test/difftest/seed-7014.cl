// csmith-lite kernel, seed 7014
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 3
#define NOUT 12
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local long acc0[4];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  float a0 = as_float((uint)in[gid * NIN + 0]);
  ulong a1 = ((ulong)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  half u0 = f2h(((float)lsz));
  ushort u1 = ((ushort)0x8U);
  if (div_int(div_int(((int)0xfU), u1), (gid > gid))) {
    uint v2 = (min(f2i_half_uint(u0), gid) + div_uint(gid, u1));
    if (lid) {
      u1 = f2i_float_ushort(a0);
      int v3 = (u1 == 0x17U);
    } else {
      u0 = f2h(((float)convert_uchar_sat(lid)));
      uint v4 = (sarg * lid);
    }
  } else {
    ulong v5 = (((uint)mul_hi(((ulong)0xffb84cc8U), ((ulong)0x18U))) & (a2 - (a1 - a2)));
    if (((((char)0xffU) | u1) >> (gid & 31))) {
      a0 = ((float)((double)bitselect(((long)convert_short_sat(clz(v5))), f2i_half_long((-(u0 + gid))), f2i_double_long(((__global const double *)in)[(gid * NIN + 0) * 1 + 0]))));
    } else {
      atom_add((__global long *)(gacc + 0 + (uint)((grp ^ sarg) ^ (grp >> (a1 & 31))) % 4), f2i_double_long((-rint(((double)(sarg <= ((half)0.0f)))))));
    }
    uint v6 = ((~sarg) * (a1 <= gid));
  }
  long v7 = (min(((int)lsz), f2i_float_int(fma(((float)((short)0x11U)), ((float)a1), ((float)grp)))) & f2i_double_long(((a1 ? u1 : ((__global const double *)in)[(gid * NIN + 1) * 1 + 0]) + u1)));
  if ((ceil(u0) + gid)) {
    a0 = (a0 - rint(((float)a2)));
    u0 = f2h(((float)((int)((uint)mul_hi(((int)((char)sarg)), f2i_float_int((f2i_half_int(u0) + ((a0 != 0.0f) ? ((__global const float *)in)[(gid * NIN + 2) * 2 + 0] : u0)))) + (uint)((int)((uint)f2i_half_char(trunc(f2h(((float)((int)((uchar)0x3U)))))) << (v7 & 31)))))));
    u0 = (u0 - (u0 - sarg));
  } else {
    if (u0) {
      double v8 = ceil(((double)trunc(((float)((int)grp)))));
      char v9 = popcount(((char)u1));
    } else {
      atom_xor((__global long *)(gacc + 4 + (uint)(!a0) % 4), f2i_double_long((min(((uchar)v7), ((uchar)add_sat(((uint)((uchar)0x9aU)), f2i_float_uint(a0)))) ? convert_int_sat(f2i_float_ulong(a0)) : (bitselect(f2i_float_short(a0), ((short)sarg), ((short)a1)) + trunc(((double)sarg))))));
      a2 = ((int)(a2 & f2i_half_ulong((u0 * grp))));
      float v10 = (-a0);
    }
  }
  for (uint acc0_q = lid; acc0_q < 4; acc0_q += lsz) acc0[acc0_q] = ((long)0x11UL);
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_max(&acc0[(uint)(f2i_float_uint(a0) - (~((__global const int *)in)[(gid * NIN + 2) * 2 + 1])) % 4], ((long)(((__global const double *)in)[(gid * NIN + 1) * 1 + 0] != add_sat(((long)clz(((char)sarg))), f2i_float_long((-0x3c1p-2f))))));
  barrier(CLK_LOCAL_MEM_FENCE);
  long y11 = acc0[lid % 4];
  for (uint i12 = 0; i12 < ((uint)((u1 ^ u1) >> ((~f2i_half_int(u0)) & 31)) & 7u); i12++) {
    ulong v13 = div_ulong((0x16U ^ a1), (f2i_half_uchar(u0) & ((int)0xffffU)));
  }
  ulong v14 = ((ulong)(lid ^ lsz));
  atom_max((__global ulong *)(gacc + 8 + (uint)(div_uint(lid, grp) - (v14 || y11)) % 4), ((ulong)((hadd(((uint)y11), f2i_half_uint(u0)) - ((int)((uint)u1 << (a1 & 31)))) & ((~f2i_double_uint(((__global const double *)in)[(gid * NIN + 1) * 1 + 0])) - convert_ushort_sat(gid)))));
  half2 w15_v = (((half2)(f2h(((float)((int)((uint)rotate(((char)((int)0x1aU)), ((char)v7)) << (abs_diff(f2i_float_uint((-0x34bp0f)), lsz) & 31))))), fabs(f2h(((float)((char)0x12U)))))) * ((half2)(f2h(((float)(convert_int_sat(v14) + (lsz + v14)))), f2h(((float)((int)(0 - (uint)(((char)0x92U) & ((uchar)0x18U)))))))));
  half w15 = w15_v.s0;
  half w16 = w15_v.s1;
  long v17 = (f2i_half_long((v7 * w16)) ^ ((convert_uchar_sat(nonan_float(0x2540be400p0f)) >= (f2i_half_uint(w15) & 0x18UL)) | (!(((ushort)0xfe9eU) + u0))));
  atomic_min((__global int *)(gacc + 12 + (uint)f2i_double_long(sqrt(((double)hadd(((short)a1), ((short)0x26U))))) % 4), f2i_double_int(((__global const double *)in)[(gid * NIN + 0) * 1 + 0]));
  if (abs(((int)abs(((uint)v17))))) {
    if ((sarg ? (v14 & v7) : w15)) {
      u1 = ((ushort)((int)((uint)u1 * (uint)(abs(((short)a1)) || (~v14)))));
    } else {
      uint v18 = sarg;
      a2 = (a2 | (!v7));
      v14 = (v14 & 0x0U);
    }
    long v19 = v17;
    a2 = ((int)((long)((ulong)y11 - (ulong)gid)));
  } else {
    u1 = ((ushort)((int)((uint)u1 * (uint)convert_uchar_sat(nonan_float(((float)((lid * lsz) - (v14 + u0))))))));
    a0 = ((float)(f2i_float_ushort(a0) ^ f2i_half_char(rint(f2h(((float)((long)0xb6db4361fbb7c545UL)))))));
  }
  ushort v20 = f2i_float_ushort((a0 / lsz));
  out[gid * NOUT + 0] = (ulong)as_uint(a0);
  *(__global float *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global ulong *)(out2 + (gid * NOUT + 1) * 8 + 0) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)as_ushort(u0);
  *(__global half *)(out2 + (gid * NOUT + 3) * 8 + 6) = u0;
  out[gid * NOUT + 4] = (ulong)u1;
  *(__global ushort *)(out2 + (gid * NOUT + 4) * 8 + 0) = u1;
  out[gid * NOUT + 5] = (ulong)v7;
  *(__global long *)(out2 + (gid * NOUT + 5) * 8 + 0) = v7;
  out[gid * NOUT + 6] = (ulong)y11;
  *(__global long *)(out2 + (gid * NOUT + 6) * 8 + 0) = y11;
  out[gid * NOUT + 7] = (ulong)v14;
  *(__global ulong *)(out2 + (gid * NOUT + 7) * 8 + 0) = v14;
  out[gid * NOUT + 8] = (ulong)as_ushort(w15);
  *(__global half *)(out2 + (gid * NOUT + 8) * 8 + 0) = w15;
  out[gid * NOUT + 9] = (ulong)as_ushort(w16);
  *(__global half *)(out2 + (gid * NOUT + 9) * 8 + 2) = w16;
  out[gid * NOUT + 10] = (ulong)v17;
  *(__global long *)(out2 + (gid * NOUT + 10) * 8 + 0) = v17;
  out[gid * NOUT + 11] = (ulong)v20;
  *(__global ushort *)(out2 + (gid * NOUT + 11) * 8 + 6) = v20;
}
