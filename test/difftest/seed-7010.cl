// csmith-lite kernel, seed 7010
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 3
#define NOUT 11
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static uchar f2i_float_uchar(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static double nonan_double(double x) { return x == x ? x : (double)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static long mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static uint f2i_half_uint(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  short a0 = ((short)in[gid * NIN + 0]);
  float a1 = as_float((uint)in[gid * NIN + 1]);
  double a2 = as_double(in[gid * NIN + 2]);
  uint u0 = (((uchar)0x5U) + (lsz - grp));
  double u1 = ((double)(((int)((uint)((uchar)0xe0U) + (uint)((int)0x95b45f63U))) ^ lsz));
  float u2 = trunc(((float)(floor(((half)(u0 - u1))) - ((~((short)0x1cU)) + sarg))));
  int p3[16] = {((int)gid), f2i_float_int(sqrt((-0x515p-5f))), f2i_double_int(u1), ((int)(a0 - sarg)), ((int)min(f2i_float_uchar(0x64p0f), ((uchar)lid))), f2i_double_int(((-0x5p-1) + u1)), ((int)((char)lsz)), f2i_float_int(((a1 != 0.0f) ? u2 : ((__global const int *)in)[(gid * NIN + 2) * 2 + 1])), f2i_double_int((gid ? u1 : a1)), f2i_double_int((u0 + u1)), (a2 <= u1), ((int)(((ushort)0x820bU) ? gid : sarg)), f2i_float_int(fma(((float)lid), ((float)sarg), ((float)sarg))), ((int)gid), ((int)grp), f2i_double_int(a2)};
  atomic_or((__global uint *)(gacc + 0 + (uint)(mad_sat(((short)0xfffeU), ((short)u0), ((short)p3[gid & 15])) ? convert_ushort_sat(a0) : convert_uchar_sat(nonan_double(u1))) % 4), ((uint)(convert_ulong_sat(mod_uint(lsz, grp)) ? (!(gid ^ grp)) : (0x22U <= (lsz - lsz)))));
  double v4 = (((__global const double *)in)[(gid * NIN + 2) * 1 + 0] * p3[f2i_float_int(0xd37p-1f) & 15]);
  if (((__global const long *)in)[(gid * NIN + 1) * 1 + 0]) {
    atomic_or((__global int *)(gacc + 4 + (uint)(((uchar)0x15U) | p3[(gid ^ f2i_float_int(a1)) & 15]) % 4), ((int)min(((uint)((int)(0 - (uint)p3[(~f2i_float_ulong(a1)) & 15]))), (-popcount(f2i_double_uint(((__global const double *)in)[(gid * NIN + 0) * 1 + 0]))))));
    u0 = (u0 + ((int)a0));
  } else {
    p3[f2i_double_int(rint(((double)f2i_float_uchar(u2)))) & 15] = ((int)mod_uint(((int)((uint)min(((short)sarg), f2i_float_short(a1)) << ((-u0) & 31))), div_uint(ctz(f2i_float_uint(u2)), grp)));
    if (((p3[(f2i_float_uint(u2) << (p3[convert_short_sat(nonan_double(v4)) & 15] & 31)) & 15] + grp) ^ (~p3[f2i_double_uint((u1 * u2)) & 15]))) {
      atom_min((__global ulong *)(gacc + 8 + (uint)(!u1) % 4), ((ulong)(lid < (grp | f2i_float_int(((float)((short)0xeU)))))));
      a1 = ((float)(mod_long(f2i_double_long(v4), ((int)0x7eU)) | (~f2i_float_int(a1))));
    } else {
      a2 = (a2 - ((((long)0xffffffffffffffffUL) >> (f2i_double_short(u1) & 63)) | f2i_half_uint((p3[((int)0xffffffffU) & 15] ? sarg : ((__global const half *)in)[(gid * NIN + 2) * 4 + 0]))));
    }
  }
  int v5 = (~p3[add_sat(f2i_double_char(u1), ((char)0xdea8df4U)) & 15]);
  if (ceil(((double)((long)((ulong)((uchar)0x1bU) - (ulong)((__global const long *)in)[(gid * NIN + 0) * 1 + 0]))))) {
    u0 = (mod_int(f2i_float_char(sqrt(((float)grp))), (!u1)) - rotate(((uint)(f2i_double_short(v4) | p3[f2i_float_int(a1) & 15])), f2i_half_uint((lsz + ((half)0x60dp-1f)))));
    atomic_xor((__global int *)(gacc + 12 + (uint)f2i_float_short(trunc(((float)(a2 < ((__global const int *)in)[(gid * NIN + 0) * 2 + 1])))) % 4), ((int)mad_sat(((ushort)(((__global const int *)in)[(gid * NIN + 0) * 2 + 1] ^ ((uchar)0x1cU))), ((ushort)((int)0xfffffff8U)), ((ushort)(p3[clz(((short)lsz)) & 15] - ((__global const ulong *)in)[(gid * NIN + 1) * 1 + 0])))));
  }
  int v6 = v5;
  ulong v7 = (div_int(v6, ((int)0xffffU)) & f2i_float_ulong(u2));
  double v8 = ((double)u0);
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global short *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)as_uint(a1);
  *(__global float *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = as_ulong(a2);
  *(__global double *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = u0;
  out[gid * NOUT + 4] = as_ulong(u1);
  *(__global double *)(out2 + (gid * NOUT + 4) * 8 + 0) = u1;
  out[gid * NOUT + 5] = (ulong)as_uint(u2);
  *(__global float *)(out2 + (gid * NOUT + 5) * 8 + 4) = u2;
  out[gid * NOUT + 6] = as_ulong(v4);
  *(__global double *)(out2 + (gid * NOUT + 6) * 8 + 0) = v4;
  out[gid * NOUT + 7] = (ulong)v5;
  *(__global int *)(out2 + (gid * NOUT + 7) * 8 + 4) = v5;
  out[gid * NOUT + 8] = (ulong)v6;
  *(__global int *)(out2 + (gid * NOUT + 8) * 8 + 0) = v6;
  out[gid * NOUT + 9] = (ulong)v7;
  *(__global ulong *)(out2 + (gid * NOUT + 9) * 8 + 0) = v7;
  out[gid * NOUT + 10] = as_ulong(v8);
  *(__global double *)(out2 + (gid * NOUT + 10) * 8 + 0) = v8;
}
