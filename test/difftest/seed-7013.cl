// csmith-lite kernel, seed 7013
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define NIN 7
#define NOUT 11
static char f2i_float_char(float v) { float x = v; return (x >= (-0x80p0f) && x < 0x80p0f) ? (char)x : (char)0; }
static ulong mod_ulong(ulong a, ulong b) { return (b == 0) ? a : a % b; }
static int div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
static int f2i_double_int(double v) { double x = v; return (x >= (-0x80000000p0) && x < 0x80000000p0) ? (int)x : (int)0; }
static half f2h(float x) { __asm__ volatile("" : "+v"(x)); return (half)x; }
static int f2i_half_int(half v) { float x = v; return (x >= (-0x80000000p0f) && x < 0x80000000p0f) ? (int)x : (int)0; }
static short f2i_double_short(double v) { double x = v; return (x >= (-0x8000p0) && x < 0x8000p0) ? (short)x : (short)0; }
static uint f2i_float_uint(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100000000p0f) ? (uint)x : (uint)0; }
static uint f2i_double_uint(double v) { double x = v; return (x > (-0x1p0) && x < 0x100000000p0) ? (uint)x : (uint)0; }
static long f2i_float_long(float v) { float x = v; return (x >= (-0x20000000000000p10f) && x < 0x20000000000000p10f) ? (long)x : (long)0; }
static uint div_uint(uint a, uint b) { return (b == 0) ? a : a / b; }
static short f2i_float_short(float v) { float x = v; return (x >= (-0x8000p0f) && x < 0x8000p0f) ? (short)x : (short)0; }
static ushort f2i_float_ushort(float v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static ushort f2i_double_ushort(double v) { double x = v; return (x > (-0x1p0) && x < 0x10000p0) ? (ushort)x : (ushort)0; }
static uchar f2i_float_uchar(float v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static ushort f2i_half_ushort(half v) { float x = v; return (x > (-0x1p0f) && x < 0x10000p0f) ? (ushort)x : (ushort)0; }
static float nonan_float(float x) { return x == x ? x : (float)0; }
static char f2i_double_char(double v) { double x = v; return (x >= (-0x80p0) && x < 0x80p0) ? (char)x : (char)0; }
static uint mod_uint(uint a, uint b) { return (b == 0) ? a : a % b; }
static ulong f2i_float_ulong(float v) { float x = v; return (x > (-0x1p0f) && x < 0x20000000000000p11f) ? (ulong)x : (ulong)0; }
static uchar f2i_double_uchar(double v) { double x = v; return (x > (-0x1p0) && x < 0x100p0) ? (uchar)x : (uchar)0; }
static int s24(int x) { return ((int)((uint)x << 8)) >> 8; }
static uchar f2i_half_uchar(half v) { float x = v; return (x > (-0x1p0f) && x < 0x100p0f) ? (uchar)x : (uchar)0; }
static int mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
static ulong f2i_double_ulong(double v) { double x = v; return (x > (-0x1p0) && x < 0x20000000000000p11) ? (ulong)x : (ulong)0; }
__kernel void k(__global ulong *out, __global const ulong *in, uint sarg, __global uchar *out2, __global ulong *gacc) {
  uint gid = (uint)get_global_id(0);
  uint lid = (uint)get_local_id(0);
  uint grp = (uint)get_group_id(0);
  uint lsz = (uint)get_local_size(0);
  float a0 = as_float((uint)in[gid * NIN + 0]);
  float a1 = as_float((uint)in[gid * NIN + 1]);
  double a2 = as_double(in[gid * NIN + 2]);
  uchar a3 = ((uchar)in[gid * NIN + 3]);
  double a4 = as_double(in[gid * NIN + 4]);
  ulong a5 = ((ulong)in[gid * NIN + 5]);
  char a6 = ((char)in[gid * NIN + 6]);
  uint u0 = (grp & (~((short)0x27U)));
  char p1[4] = {((char)sarg), ((char)(u0 + lsz)), ((char)a5), f2i_float_char(trunc(((float)0x15555555555555p-54)))};
  int p2[16] = {((int)(p1[(grp >> (a5 & 31)) & 3] + u0)), ((int)mod_ulong(a5, 0xf196f9d3U)), div_int(a6, ((short)0x1bU)), ((int)((uint)((char)0x56U) - (uint)a3)), f2i_double_int(sqrt(((double)0xaaaaabp-25f))), ((int)((short)grp)), clz(((int)gid)), f2i_double_int(ceil(((double)grp))), ((int)abs_diff(((short)a6), ((short)lsz))), ((int)0xa61600b5U), f2i_half_int(fabs(f2h(((float)u0)))), mul_hi(((int)u0), ((int)a5)), (!sarg), ((int)(p1[f2i_float_uint(fma(((float)p1[((a0 != 0.0f) ? p1[(!a6) & 3] : lid) & 3]), ((float)p1[(sarg >> (f2i_double_short(a2) & 31)) & 3]), a1)) & 3] - lsz)), ((int)u0), f2i_double_int((a5 ? a2 : p1[((uchar)0x80U) & 3]))};
  uint v3 = clz(f2i_double_uint((u0 - a4)));
  int v4 = ((int)(f2i_float_char(a0) ^ ((long)0xc17a4a331337571UL)));
  if (((lid ? a4 : p2[(sarg || a6) & 15]) + ((uchar)0x22U))) {
    p2[((int)((uint)((int)((uint)p2[mul_hi(((ushort)a6), ((ushort)p2[f2i_float_char((a1 + ((__global const half *)in)[(gid * NIN + 4) * 4 + 3])) & 15])) & 15] + (uint)p1[f2i_float_long((v4 + a1)) & 3])) << (mod_ulong(0xfffffffffffffff8UL, sarg) & 31))) & 15] = f2i_double_int(((double)((int)((uint)((int)((uint)((int)0x6U) + (uint)v4)) - (uint)((short)a5)))));
    int v5 = ((int)0x7fffffffU);
  } else {
    a6 = ((char)(a6 | ((((lid << (((int)0x3ec16dceU) & 31)) <= ((int)((uint)((short)0x6U) + (uint)a6))) ? mad_hi(v4, (p1[div_uint(((ushort)0x346fU), grp) & 3] ^ f2i_double_int(a4)), ((int)((uint)v4 << (((int)0xffffU) & 31)))) : (((int)((uint)p1[a6 & 3] << (grp & 31))) * (grp ^ lid))) ^ lid)));
    a1 = ((float)(mad_sat(((ulong)ctz(((char)(!p1[(lsz + sarg) & 3])))), ((ulong)(a6 >> ((u0 ? p1[f2i_float_short((a1 + v3)) & 3] : p1[sarg & 3]) & 31))), ((ulong)min(((long)(!0xdU)), ((long)(~p1[(v3 << (f2i_float_ushort(a0) & 31)) & 3]))))) * ((f2i_half_ushort(ceil(f2h(((float)p1[bitselect(a3, ((uchar)p1[mad_hi(((uchar)a5), ((uchar)((char)0xc3U)), ((uchar)p1[abs(f2i_double_ushort(a4)) & 3])) & 3]), f2i_float_uchar(a0)) & 3])))) ^ ((a1 != 0.0f) ? ((ushort)0xa7b6U) : 0x23UL)) - v3)));
  }
  atomic_add((__global int *)(gacc + 0 + (uint)convert_ulong_sat(nonan_float((a1 / u0))) % 4), ((int)abs_diff(((ushort)((f2i_double_char(a4) ^ v4) || mod_uint(a3, grp))), ((ushort)(popcount(((uint)((char)0xe5U))) - mad_hi(((int)((uchar)0x0U)), ((int)a3), ((int)((short)0x33c4U))))))));
  if (mad24(s24(((int)(p1[sub_sat(((uint)p1[f2i_float_ulong((-a1)) & 3]), u0) & 3] + ((__global const ulong *)in)[(gid * NIN + 4) * 1 + 0]))), s24(((int)clz(f2i_double_uchar(a4)))), ((int)ctz(f2i_float_uint(a0))))) {
    v4 = (v4 & ((int)((uint)(!((double)add_sat(((uint)a5), v3))) + (uint)(!mul_hi(f2i_double_uint((a4 - sarg)), (lid * a6))))));
  } else {
    half v6 = rint(f2h(((float)((uchar)(v4 & a3)))));
    int v7 = ((int)0x19U);
    for (uint i8 = 0; i8 < ((uint)(lid < v6) & 7u); i8++) {
      a5 = (a5 & f2i_half_uchar((v6 + ((short)0x1cU))));
      int v9 = mod_int(min(f2i_double_int(a2), ((int)a6)), add_sat(((int)0x80U), p2[mod_uint(sarg, a6) & 15]));
    }
  }
  ushort v10 = ((ushort)(((!((__global const uint *)in)[(gid * NIN + 1) * 2 + 1]) + (-lid)) & convert_char_sat((a4 != (-0x655p-5)))));
  if (convert_uchar_sat(mod_ulong(0xfffffffffffffff8UL, p1[(a2 <= lsz) & 3]))) {
    ushort v11 = ((ushort)((mod_uint((f2i_float_uint(a1) << (f2i_half_uchar(((half)0x2f9p-3f)) & 31)), f2i_double_uint(a4)) | (((a1 - a4) != 0.0) ? ((__global const uint *)in)[(gid * NIN + 2) * 2 + 1] : (v3 + ((int)0x10000U)))) + ((int)(0 - (uint)(!(lid - v4))))));
    double v12 = floor(((double)abs_diff(f2i_float_uint(a1), abs_diff(((uint)v4), u0))));
    uint v13 = ((~p2[((int)((uint)p2[(~p1[f2i_double_ulong((v3 * a4)) & 3]) & 15] << (v4 & 31))) & 15]) ^ f2i_float_uint(fma(((float)grp), ((float)a2), ((float)a5))));
  } else {
    double v14 = fabs(((double)v10));
    a6 = ((char)(p1[p2[(p1[(f2i_double_uint(a4) >> (sarg & 31)) & 3] && ((long)0xfffffffffffffffbUL)) & 15] & 3] - (((__global const short *)in)[(gid * NIN + 6) * 4 + 2] ? lsz : ((short)0xb1b6U))));
  }
  out[gid * NOUT + 0] = (ulong)as_uint(a0);
  *(__global float *)(out2 + (gid * NOUT + 0) * 8 + 0) = a0;
  out[gid * NOUT + 1] = (ulong)as_uint(a1);
  *(__global float *)(out2 + (gid * NOUT + 1) * 8 + 4) = a1;
  out[gid * NOUT + 2] = as_ulong(a2);
  *(__global double *)(out2 + (gid * NOUT + 2) * 8 + 0) = a2;
  out[gid * NOUT + 3] = (ulong)a3;
  *(__global uchar *)(out2 + (gid * NOUT + 3) * 8 + 3) = a3;
  out[gid * NOUT + 4] = as_ulong(a4);
  *(__global double *)(out2 + (gid * NOUT + 4) * 8 + 0) = a4;
  out[gid * NOUT + 5] = (ulong)a5;
  *(__global ulong *)(out2 + (gid * NOUT + 5) * 8 + 0) = a5;
  out[gid * NOUT + 6] = (ulong)a6;
  *(__global char *)(out2 + (gid * NOUT + 6) * 8 + 6) = a6;
  out[gid * NOUT + 7] = (ulong)u0;
  *(__global uint *)(out2 + (gid * NOUT + 7) * 8 + 4) = u0;
  out[gid * NOUT + 8] = (ulong)v3;
  *(__global uint *)(out2 + (gid * NOUT + 8) * 8 + 0) = v3;
  out[gid * NOUT + 9] = (ulong)v4;
  *(__global int *)(out2 + (gid * NOUT + 9) * 8 + 4) = v4;
  out[gid * NOUT + 10] = (ulong)v10;
  *(__global ushort *)(out2 + (gid * NOUT + 10) * 8 + 4) = v10;
}
