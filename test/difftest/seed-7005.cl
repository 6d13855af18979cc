// csmith-lite kernel, seed 7005
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 6
#define NOUT 10
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  __local uint lds0[256];
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  int a0 = ((int)in[gid * NIN + 0]);
  ulong a1 = ((ulong)in[gid * NIN + 1]);
  short a2 = ((short)in[gid * NIN + 2]);
  uint a3 = ((uint)in[gid * NIN + 3]);
  long a4 = ((long)in[gid * NIN + 4]);
  float a5 = as_float((uint)in[gid * NIN + 5]);
  int u0 = (((char)grp) ^ ((mad_hi(((short)((long)0x26UL)), ((short)grp), ((short)grp)) || (sarg & 0xcUL)) >> ((abs_diff(((uchar)sarg), f2i_half_uchar(((half)(-0xddp-1f)))) | (grp ? lsz : lsz)) & 31)));
  double p1[16] = {((double)((int)((uint)u0 - (uint)a2))), ((double)convert_uint_sat(sarg)), ((double)mul_hi(a3, ((uint)a4))), ((double)lsz), ((double)(!((uchar)0x1aU))), ((double)(((short)0x26U) - ((__global const uint *)in)[(gid * NIN + 4) * 2 + 0])), ((double)(a0 >> (((char)0xbU) & 31))), ((double)(sarg + ((__global const char *)in)[(gid * NIN + 2) * 8 + 6])), ((double)(a3 * a1)), ((double)mod_uint(gid, ((short)0xfff8U))), ((double)(((char)0x9eU) | sarg)), ((double)abs(((short)grp))), ((double)(a1 & 0x3772bf1aface26dfUL)), ((double)(a0 ? sarg : lsz)), ((double)sub_sat(((uint)u0), ((uint)u0))), ((double)((__global const float *)in)[(gid * NIN + 1) * 2 + 1])};
  int p2[4] = {((int)a1), ((int)(((ushort)0x66b6U) ? a4 : ((char)0x5U))), ((int)convert_uint_sat(nonan_float(a5))), ((int)((uint)a2))};
  lds0[lid] = ((uint)((int)((uint)a2 - (uint)((ushort)0x7013U))));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint x3 = lds0[(lid + (uint)0x214e60b5U) % lsz];
  barrier(CLK_LOCAL_MEM_FENCE);
  short v4 = ((short)((uchar)(!gid)));
  p2[convert_long_sat((((__global const ulong *)in)[(gid * NIN + 1) * 1 + 0] - lsz)) & 3] = ((int)((long)(0 - (ulong)((a2 && grp) | ((long)((ulong)a0 - (ulong)a4))))));
  a1 = (a1 - min(((short)p2[(-x3) & 3]), ((short)grp)));
  uint v5 = (((((__global const float *)in)[(gid * NIN + 3) * 2 + 0] / a3) != 0.0f) ? sarg : popcount(((uchar)grp)));
  for (uint i6 = 0; i6 < ((uint)(~(f2i_half_long(((half)(-0x6fcp0f))) | v5)) & 7u); i6++) {
    half v7 = floor(((__global const half *)in)[(gid * NIN + 1) * 4 + 0]);
  }
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global int *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global ulong *)(out2 + (gid * NOUT + 1) * 8 + 0) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global short *)(out2 + (gid * NOUT + 2) * 8 + 4) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = a3;
  out[gid * NOUT + 4] = (ulong)a4;
  *(__global long *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)as_uint(a5);
  *(__global float *)(out2 + (gid * NOUT + 5) * 8 + 4) = a5;
  out[gid * NOUT + 6] = (ulong)u0;
  *(__global int *)(out2 + (gid * NOUT + 6) * 8 + 0) = u0;
  out[gid * NOUT + 7] = (ulong)x3;
  *(__global uint *)(out2 + (gid * NOUT + 7) * 8 + 4) = x3;
  out[gid * NOUT + 8] = (ulong)v4;
  *(__global short *)(out2 + (gid * NOUT + 8) * 8 + 0) = v4;
  out[gid * NOUT + 9] = (ulong)v5;
  *(__global uint *)(out2 + (gid * NOUT + 9) * 8 + 4) = v5;
}
