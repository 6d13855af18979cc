// csmith-lite kernel, seed 7004
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 12
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static ulong div_ulong(ulong a, ulong b) { return (b == 0) ? a : a / b; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static double nonan_double(double x) { return x == x ? x : (double)0; }
static short f2i_half_short(half v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static char f2i_half_char(half v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local ushort lds0[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  char a0 = ((char)in[gid * NIN + 0]);
  int a1 = ((int)in[gid * NIN + 1]);
  short a2 = ((short)in[gid * NIN + 2]);
  int a3 = ((int)in[gid * NIN + 3]);
  half a4 = as_half((ushort)in[gid * NIN + 4]);
  long a5 = ((long)in[gid * NIN + 5]);
  double a6 = as_double(in[gid * NIN + 6]);
  short a7 = ((short)in[gid * NIN + 7]);
  ulong u0 = convert_ulong_sat(((long)((ulong)f2i_half_long(floor(f2h(((float)(-lsz))))) << (((uint)min(((uchar)sarg), ((uchar)0x16UL))) & 63))));
  uint u1 = grp;
  ulong u2 = (((long)div_uint(sarg, u1)) * ((~lsz) ? (lsz - u0) : (!grp)));
  atomic_add((__global int *)(gacc + 0 + (uint)((ulong)(lid ? sarg : lid)) % 4), ((int)((uint)(((char)0x7fU) ^ f2i_half_ushort((a5 ? a4 : 0x9a483d85a64d05adUL))) << (f2i_double_short((fma(((double)a5), ((double)a5), ((double)a4)) + div_ulong(sarg, 0xbUL))) & 31))));
  u0 = (u0 - (((0x1dfb65b1U >> ((lsz * u1) & 31)) ^ ((lid & f2i_double_ushort(0x711p-3)) + (a1 != ((long)0x7d1984f4aebf0ccfUL)))) + (!((int)0x106d6d3cU))));
  if (0xb59p-2) {
    char v3 = ((char)((short)0x5U));
  } else {
    a7 = ((short)(fabs(((float)mad24(s24(((int)((short)0x337U))), s24(a1), (0x5dd3ac86U == grp)))) > a0));
  }
  lds0[lid] = ((ushort)a0);
  barrier(CLK_LOCAL_MEM_FENCE);
  ushort x4 = lds0[(lid + (uint)(~(gid + ((uchar)0x11U)))) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (((int)((uint)mod_int(a2, a0) << (mod_long(f2i_double_long(a6), f2i_double_uchar(a6)) & 31)))) {
    if (abs(((char)((int)a2)))) {
      a2 = ((short)(!(a2 == (x4 ? a3 : ((__global const uint *)in)[(gid * NIN + 7) * 2 + 1]))));
      a7 = ((short)0x6e7d22c8U);
    }
    for (uint i5 = 0; i5 < ((uint)convert_uint_sat(nonan_double((a6 - x4))) & 7u); i5++) {
      a7 = ((short)(a7 + abs_diff(((uint)(mod_long(grp, ((long)0x119346685b26ee0aUL)) < (grp + ((int)0x12U)))), ((uint)((int)((uint)f2i_half_short((-a4)) << ((a6 && sarg) & 31)))))));
      x4 = f2i_half_ushort(floor(f2h(((float)a5))));
      uchar4 w6_v = (((uchar4)(((uchar)((a5 ^ f2i_double_ulong(((__global const double *)in)[(gid * NIN + 4) * 1 + 0])) >= i5)), ((uchar)(ctz(((char)a7)) * i5)), ((uchar)((((__global const uint *)in)[(gid * NIN + 6) * 2 + 0] + ((ushort)0xfffdU)) && (!((int)0xfU)))), ((uchar)convert_int_sat((i5 ^ gid))))) + ((uchar4)(((uchar)(((ulong)((long)0x24UL)) << ((!((ushort)0x6U)) & 63))), ((uchar)u1), ((uchar)((0xcccccdp-27f + 0xcU) > (0xfUL - a4))), f2i_half_uchar((u0 - a4)))));
      uchar w6 = w6_v.s0;
      uchar w7 = w6_v.s1;
      uchar w8 = w6_v.s2;
      uchar w9 = w6_v.s3;
    }
    if (((int)(x4 | grp))) {
      u1 = (sarg * ((int)((uint)((int)lsz) << (((int)(0 - (uint)a2)) & 31))));
      double v10 = ((double)(convert_uint_sat(rhadd(((char)(-grp)), ((char)sarg))) ? min(mod_uint(f2i_half_char(((((__global const double *)in)[(gid * NIN + 2) * 1 + 0] != 0.0) ? a4 : a7)), (((uchar)0x7eU) ? a2 : sarg)), ((uint)rhadd(f2i_double_int(0x1p0), ((int)(~sarg))))) : a4));
      int v11 = mad_hi(((int)abs((~a2))), ((int)mod_long(((long)((ulong)((long)0x22UL) - (ulong)a5)), mod_uint(gid, f2i_double_int(v10)))), ((int)((short)0x1cU)));
    }
  }
  if (((int)((uint)convert_ushort_sat(((short)0xfU)) * (uint)(u0 < a0)))) {
    int v12 = (a7 <= 0xd22p0f);
    a3 = ((int)((uint)a3 * (uint)(((short)(0x10UL - x4)) | ((int)(0 - (uint)div_int(a0, x4))))));
    for (uint i13 = 0; i13 < ((uint)convert_ulong_sat((a0 ? a2 : u2)) & 7u); i13++) {
      if (convert_long_sat((lsz ? 0xf045c6a766b40b0aUL : i13))) break;
    }
  }
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global char *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global int *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global short *)(out2 + (gid * NOUT + 2) * 8 + 4) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global int *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)as_ushort(a4);
  *(__global half *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)a5;
  *(__global long *)(out2 + (gid * NOUT + 5) * 8 + 0) = a5;
  out[gid * NOUT + 6] = as_ulong(a6);
  *(__global double *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)a7;
  *(__global short *)(out2 + (gid * NOUT + 7) * 8 + 6) = a7;
  out[gid * NOUT + 8] = (ulong)u0;
  *(__global ulong *)(out2 + (gid * NOUT + 8) * 8 + 0) = u0;
  out[gid * NOUT + 9] = (ulong)u1;
  *(__global uint *)(out2 + (gid * NOUT + 9) * 8 + 4) = u1;
  out[gid * NOUT + 10] = (ulong)u2;
  *(__global ulong *)(out2 + (gid * NOUT + 10) * 8 + 0) = u2;
  out[gid * NOUT + 11] = (ulong)x4;
  *(__global ushort *)(out2 + (gid * NOUT + 11) * 8 + 6) = x4;
}
