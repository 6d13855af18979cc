// csmith-lite kernel, seed 7000
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 4
#define NOUT 9
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static ulong f2i_half_ulong(half v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uint u24(uint x) { return x & 0xffffffu; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local short lds0[256];
  __local int acc1[4];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  ushort a0 = ((ushort)in[gid * NIN + 0]);
  ushort a1 = ((ushort)in[gid * NIN + 1]);
  char a2 = ((char)in[gid * NIN + 2]);
  float a3 = as_float((uint)in[gid * NIN + 3]);
  int u0 = ((int)(grp & sarg));
  a0 = a0;
  uchar2 w1_v = max(((uchar2)(((uchar)(rhadd(((int)a0), ((int)a2)) ^ min(f2i_double_uint((-0x1p0)), sarg))), ((uchar)convert_long_sat(nonan_float((((__global const short *)in)[(gid * NIN + 1) * 4 + 2] ? a3 : u0)))))), ((uchar2)(((uchar)mod_uint(mod_uint(a2, lid), ((int)lid))), ((uchar)div_ulong(a0, convert_ulong_sat(a1))))));
  uchar w1 = w1_v.s0;
  uchar w2 = w1_v.s1;
  lds0[lid] = ((short)w2);
  barrier(CLK_LOCAL_MEM_FENCE);
  short x3 = lds0[(lid + (uint)(f2i_float_short(0x2p0f) >> (sarg & 31))) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint acc1_q = lid; acc1_q < 4; acc1_q += lsz) acc1[acc1_q] = ((int)0x80000000U);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_and(&acc1[(uint)mod_int(((int)0x484fff84U), (!x3)) % 4], f2i_half_int(((-((a3 != 0.0f) ? w1 : 0x0UL)) ? (mad_sat(x3, ((short)grp), ((short)sarg)) ? a0 : trunc(((half)0x20000000000000p47))) : u0)));
  barrier(CLK_LOCAL_MEM_FENCE);
  int y4 = acc1[lid % 4];
  if (((uchar)max(((ushort)lid), ((ushort)u0)))) {
    uint v5 = ((0x6d9dd6f3U - grp) << (lid & 31));
    y4 = ((int)rhadd(f2i_float_uint(a3), ((uint)((ushort)0x3e69U))));
    if (convert_char_sat(mod_long(((long)0x8000000000000001UL), sarg))) {
      a1 = ((ushort)add_sat(w1, ((uchar)sarg)));
      uint v6 = (grp + (!w1));
    }
  } else {
    a0 = ((ushort)(a0 ^ (((__global const char *)in)[(gid * NIN + 0) * 8 + 0] ? x3 : y4)));
    y4 = f2i_float_int((y4 - a3));
    if (((ushort)u0)) {
      a2 = ((char)(a2 | (~a1)));
      int v7 = max(u0, ((int)a1));
      short v8 = f2i_double_short((-rint(((double)w1))));
    } else {
      y4 = ((int)((uint)((int)0xfffffffdU) << (lid & 31)));
      a3 = (a3 * ((f2i_half_ulong(f2h(((float)((char)0xc9U)))) ^ (a1 | ((short)0x14U))) ^ (~(0x119p-5 || ((short)0xbd37U)))));
      atomic_add((__global int *)(gacc + 0 + (uint)f2i_double_ulong(trunc(((double)(((__global const char *)in)[(gid * NIN + 1) * 8 + 1] >= w1)))) % 4), ((int)a0));
    }
  }
  x3 = ((short)(x3 | mad_sat(((long)(f2i_half_char(f2h(a3)) & lid)), ((long)convert_short_sat(convert_int_sat(((short)0x1d6aU)))), ((long)lsz))));
  if (0x20000000000000p47) {
    a2 = ((char)sub_sat(((ushort)convert_ulong_sat((lsz ? ((int)0x21U) : w2))), ((ushort)mad24(u24(grp), u24((sarg | x3)), ((uint)add_sat(((char)grp), ((char)sarg)))))));
    a2 = f2i_float_char(sqrt(((float)w1)));
    ulong v9 = ((ulong)((((__global const uint *)in)[(gid * NIN + 0) * 2 + 1] | w1) ? mod_int(((short)0xa59bU), f2i_double_char(((__global const double *)in)[(gid * NIN + 2) * 1 + 0])) : mad_sat(((char)gid), ((char)((uchar)0x1eU)), ((char)lid))));
  } else {
    short v10 = ((short)lid);
    for (uint i11 = 0; i11 < ((uint)mod_int(convert_int_sat(nonan_float(a3)), a0) & 7u); i11++) {
      int v12 = ((int)clz(((a0 + (a1 - sarg)) + (max(((short)((ushort)0x10U)), ((short)lid)) | i11))));
      if (rotate(((uchar)x3), f2i_double_uchar(sqrt(((double)a3))))) break;
    }
    a3 = ((float)(f2i_float_ushort(a3) ^ (lid >> (((short)0x8000U) & 31))));
  }
  if ((0x10U ? abs(sarg) : (grp + w2))) {
    w1 = f2i_half_uchar(rint(f2h(((float)convert_int_sat(convert_uchar_sat(((uchar)0xbU)))))));
  }
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global ushort *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global ushort *)(out2 + (gid * NOUT + 1) * 8 + 2) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global char *)(out2 + (gid * NOUT + 2) * 8 + 2) = a2;
  out[gid * NOUT + 3] = (ulong)as_uint(a3);
  *(__global float *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 4) * 8 + 0) = u0;
  out[gid * NOUT + 5] = (ulong)w1;
  *(__global uchar *)(out2 + (gid * NOUT + 5) * 8 + 5) = w1;
  out[gid * NOUT + 6] = (ulong)w2;
  *(__global uchar *)(out2 + (gid * NOUT + 6) * 8 + 6) = w2;
  out[gid * NOUT + 7] = (ulong)x3;
  *(__global short *)(out2 + (gid * NOUT + 7) * 8 + 6) = x3;
  out[gid * NOUT + 8] = (ulong)y4;
  *(__global int *)(out2 + (gid * NOUT + 8) * 8 + 0) = y4;
}
