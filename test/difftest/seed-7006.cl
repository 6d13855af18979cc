// csmith-lite kernel, seed 7006
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 3
#define NOUT 15
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static long f2i_half_long(half v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static int f2i_float_int(float v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  uint a0 = ((uint)in[gid * NIN + 0]);
  ulong a1 = ((ulong)in[gid * NIN + 1]);
  int a2 = ((int)in[gid * NIN + 2]);
  uint u0 = lsz;
  uint u1 = (abs(((short)(u0 > ((half)0x3p0f)))) - rotate(((uint)(lsz && sarg)), (sarg | u0)));
  half p2[4] = {f2h(((float)(0xebb567b5U + lid))), f2h(((float)((long)0x10000UL))), f2h(((float)mad_hi(((int)grp), ((int)a0), ((int)lid)))), f2h(((float)((int)0x2abb8424U)))};
  float p3[16] = {((float)(a0 ? ((__global const int *)in)[(gid * NIN + 0) * 2 + 1] : u0)), ((float)(f2i_half_ushort(p2[mad_hi(((uchar)u0), f2i_half_uchar(p2[lsz & 3]), ((uchar)((int)0x1U))) & 3]) & a2)), ((float)u1), ((float)((int)lid)), ((float)(gid * ((__global const double *)in)[(gid * NIN + 1) * 1 + 0])), ((float)lsz), trunc(((float)a0)), ((float)convert_uint_sat(u1)), ((float)mad_hi(((uchar)a2), ((uchar)gid), ((uchar)0xfeU))), ((float)(u0 | a2)), ((float)((p2[(!p2[(lid - grp) & 3]) & 3] != ((half)0.0f)) ? lsz : a0)), ((float)(!a0)), ((float)(~u1)), ((float)(((int)0xf41df181U) ? u1 : a2)), ((float)a2), ((float)(a2 ^ lsz))};
  uint v4 = f2i_float_uint(p3[(lid - sarg) & 15]);
  uint v5 = (~lsz);
  ushort v6 = ((ushort)(~(a2 ? 0x6U : ((long)0xcUL))));
  float v7 = 0x64p0f;
  if (((int)(0 - (uint)a2))) {
    if (((~lsz) - (u0 | f2i_double_char(((__global const double *)in)[(gid * NIN + 0) * 1 + 0])))) {
      p2[sub_sat(((int)lid), ((int)v6)) & 3] = f2h(((float)(((ushort)lid) & convert_char_sat(div_uint(a2, gid)))));
      half v8 = f2h(((float)((div_uint(sarg, a2) || (~v5)) >= mad_sat(((char)a0), ((char)mod_uint(f2i_float_ushort(v7), ((__global const uint *)in)[(gid * NIN + 0) * 2 + 1])), ((char)sub_sat(((long)gid), f2i_half_long(p2[rotate(((long)sarg), ((long)((short)0x26U))) & 3])))))));
    }
    v6 = f2i_double_ushort((v6 * 0x43p-3));
    a0 = ((uint)f2i_double_uchar(fabs(((double)lid))));
  }
  int v9 = ((~f2i_float_int(v7)) <= (u1 + p2[(~f2i_float_char(((__global const float *)in)[(gid * NIN + 0) * 2 + 0])) & 3]));
  v4 = (v4 - ((int)((uint)(f2i_half_uchar(p2[((int)(0 - (uint)a2)) & 3]) ^ f2i_float_ushort((p3[u1 & 15] / u1))) - (uint)(!convert_int_sat(grp)))));
  char v10 = ((char)((~(!(lsz + ((uchar)0xfbU)))) ? (!(sarg - p3[f2i_double_uchar(fma(((double)p2[lid & 3]), ((double)((half)0x95p-3f)), ((double)v6))) & 15])) : ((ushort)0xea2U)));
  int v11 = (!v6);
  u0 = ((uint)a1);
  double v12 = (-0x303p-6);
  short v13 = ((short)((int)((uint)abs_diff(((char)((__global const ushort *)in)[(gid * NIN + 1) * 4 + 1]), v10) - (uint)((int)((uint)f2i_float_int(p3[(gid | 0x994a06f1U) & 15]) << (v11 & 31))))));
  int v14 = (((int)(0 - (uint)(~((int)0xa50da002U)))) >> (rhadd(((ulong)convert_long_sat(nonan_float(((float)p2[add_sat(((uint)0xfUL), ((uint)v13)) & 3])))), ((ulong)((uchar)0x5U))) & 31));
  v14 = f2i_half_int(p2[(~v10) & 3]);
  out[gid * NOUT + 0] = (ulong)a0;
  *(__global uint *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)a1;
  *(__global ulong *)(out2 + (gid * NOUT + 1) * 8 + 0) = a1;
  out[gid * NOUT + 2] = (ulong)a2;
  *(__global int *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 3) * 8 + 4) = u0;
  out[gid * NOUT + 4] = (ulong)u1;
  *(__global uint *)(out2 + (gid * NOUT + 4) * 8 + 0) = u1;
  out[gid * NOUT + 5] = (ulong)v4;
  *(__global uint *)(out2 + (gid * NOUT + 5) * 8 + 4) = v4;
  out[gid * NOUT + 6] = (ulong)v5;
  *(__global uint *)(out2 + (gid * NOUT + 6) * 8 + 0) = v5;
  out[gid * NOUT + 7] = (ulong)v6;
  *(__global ushort *)(out2 + (gid * NOUT + 7) * 8 + 6) = v6;
  out[gid * NOUT + 8] = (ulong)as_uint(v7);
  *(__global float *)(out2 + (gid * NOUT + 8) * 8 + 0) = v7;
  out[gid * NOUT + 9] = (ulong)v9;
  *(__global int *)(out2 + (gid * NOUT + 9) * 8 + 4) = v9;
  out[gid * NOUT + 10] = (ulong)v10;
  *(__global char *)(out2 + (gid * NOUT + 10) * 8 + 2) = v10;
  out[gid * NOUT + 11] = (ulong)v11;
  *(__global int *)(out2 + (gid * NOUT + 11) * 8 + 4) = v11;
  out[gid * NOUT + 12] = as_ulong(v12);
  *(__global double *)(out2 + (gid * NOUT + 12) * 8 + 0) = v12;
  out[gid * NOUT + 13] = (ulong)v13;
  *(__global short *)(out2 + (gid * NOUT + 13) * 8 + 2) = v13;
  out[gid * NOUT + 14] = (ulong)v14;
  *(__global int *)(out2 + (gid * NOUT + 14) * 8 + 0) = v14;
}
