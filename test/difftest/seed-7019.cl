// csmith-lite kernel, seed 7019
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 8
#define NOUT 16
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static long f2i_double_long(double v) { double x = v; return (x >= (-0x20000000000000p10) && x < 0x20000000000000p10) ? (long)x : (long)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  uchar a0 = ((uchar)in[gid * NIN + 0]);
  uint a1 = ((uint)in[gid * NIN + 1]);
  ulong a2 = ((ulong)in[gid * NIN + 2]);
  long a3 = ((long)in[gid * NIN + 3]);
  uchar a4 = ((uchar)in[gid * NIN + 4]);
  half a5 = as_half((ushort)in[gid * NIN + 5]);
  ulong a6 = ((ulong)in[gid * NIN + 6]);
  long a7 = ((long)in[gid * NIN + 7]);
  int u0 = ((int)((uint)(!lsz) << ((~grp) & 31)));
  long u1 = (~((long)((ulong)div_uint((u0 == lsz), (lsz | lsz)) - (ulong)max(f2i_half_long((((half)(-0x419p-20f)) + lsz)), ((long)sarg)))));
  ushort p2[8] = {((ushort)(~a7)), ((ushort)u1), f2i_double_ushort(((double)a3)), ((ushort)max(a1, ((uint)a6))), ((ushort)(!a7)), ((ushort)(grp - a1)), ((ushort)(u1 ? a0 : a1)), ((ushort)u0)};
  uint v3 = (f2i_float_uint(rint(((float)((__global const char *)in)[(gid * NIN + 1) * 8 + 7]))) & lid);
  long v4 = (convert_long_sat(p2[convert_long_sat(0x5UL) & 7]) >> ((~f2i_double_long((-0x2a0p0))) & 63));
  float v5 = ceil(((float)a4));
  char v6 = convert_char_sat(v3);
  a1 = (a1 - ((int)(lsz << (a6 & 31))));
  ulong v7 = a2;
  atom_and((__global long *)(gacc + 0 + (uint)mul_hi(((ushort)(v3 & ((__global const uint *)in)[(gid * NIN + 1) * 2 + 1])), ((ushort)min(((short)sarg), ((short)sarg)))) % 4), ((long)((((a0 ? u0 : p2[(0x1bU - p2[convert_ushort_sat(nonan_float((-0x3e3p-4f))) & 7]) & 7]) ? mod_int(p2[min(((long)grp), ((long)p2[(0x4e7p-4f || a7) & 7])) & 7], v6) : 0.0f) != 0.0f) ? ((u1 | f2i_float_int(v5)) || (v5 > v4)) : (ctz(((int)a6)) | div_uint(a0, gid)))));
  for (uint i8 = 0; i8 < ((uint)f2i_double_long(0x735p-2) & 7u); i8++) {
    a1 = grp;
  }
  for (uint i9 = 0; i9 < ((uint)(~mad_hi(lid, lsz, ((uint)a4))) & 7u); i9++) {
    ushort v10 = convert_ushort_sat(v7);
  }
  double v11 = ceil(((double)(!convert_int_sat(nonan_float(((float)v6))))));
  atomic_and((__global uint *)(gacc + 4 + (uint)(((int)((uint)((char)0xfeU) - (uint)u0)) ^ f2i_double_int(fabs(((double)a4)))) % 4), f2i_double_uint((sqrt(((double)mul_hi(((int)a2), ((int)a7)))) - bitselect(((char)(!((char)0x3U))), ctz(((char)0xdUL)), ((char)(v3 * ((ushort)0x95dbU)))))));
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global uchar *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global uint *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global ulong *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global long *)(out2 + (gid * NOUT + 3) * 8 + 0) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global uchar *)(out2 + (gid * NOUT + 4) * 8 + 4) = a4;
  out[gid * NOUT + 5] = (ulong)as_ushort(a5);
  *(__global half *)(out2 + (gid * NOUT + 5) * 8 + 2) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global ulong *)(out2 + (gid * NOUT + 6) * 8 + 0) = a6;
  out[gid * NOUT + 7] = (ulong)a7;
  *(__global long *)(out2 + (gid * NOUT + 7) * 8 + 0) = a7;
  out[gid * NOUT + 8] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 8) * 8 + 0) = u0;
  out[gid * NOUT + 9] = (ulong)u1;
  *(__global long *)(out2 + (gid * NOUT + 9) * 8 + 0) = u1;
  out[gid * NOUT + 10] = (ulong)v3;
  *(__global uint *)(out2 + (gid * NOUT + 10) * 8 + 0) = v3;
  out[gid * NOUT + 11] = (ulong)v4;
  *(__global long *)(out2 + (gid * NOUT + 11) * 8 + 0) = v4;
  out[gid * NOUT + 12] = (ulong)as_uint(v5);
  *(__global float *)(out2 + (gid * NOUT + 12) * 8 + 0) = v5;
  out[gid * NOUT + 13] = (ulong)v6;
  *(__global char *)(out2 + (gid * NOUT + 13) * 8 + 5) = v6;
  out[gid * NOUT + 14] = (ulong)v7;
  *(__global ulong *)(out2 + (gid * NOUT + 14) * 8 + 0) = v7;
  out[gid * NOUT + 15] = as_ulong(v11);
  *(__global double *)(out2 + (gid * NOUT + 15) * 8 + 0) = v11;
}
