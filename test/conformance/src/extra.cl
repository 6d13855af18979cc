// More OpenCL coverage: f32 subnormals, sub-group and work-group collectives, program-scope constant
// and global data, division by constants, integer built-ins, half stores with rounding modes, more math.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// f32 subnormals are kept (float_denorm_mode_32 = 3): exact operations into and out of them.
__kernel void f32_denormals(__global float *out, __global double *dout, __global const float *a,
                            __global const float *b, __global const double *d) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float *o = out + 8 * i;
  o[0] = x * y;
  o[1] = x + y;
  o[2] = x - y;
  o[3] = fma(x, y, x);
  o[4] = (float)d[i];
  o[5] = ldexp(x, -(int)(i % 24));
  o[6] = x * 0.5f;
  o[7] = fabs(y) * 1.0e-30f;
  dout[i] = (double)x;
}

__kernel void subgroup_ops(__global int *out, __global const int *a) {
  size_t g = get_global_id(0);
  int x = a[g];
  __global int *o = out + 9 * g;
  o[0] = (int)get_sub_group_size();
  o[1] = (int)get_sub_group_id() + 100 * (int)get_num_sub_groups();
  o[2] = (int)get_sub_group_local_id();
  o[3] = sub_group_reduce_add(x);
  o[4] = sub_group_scan_inclusive_add(x);
  o[5] = sub_group_scan_exclusive_max(x);
  o[6] = sub_group_broadcast(x, 5);
  o[7] = sub_group_any(x > 90);
  o[8] = sub_group_all(x > -95) + 2 * sub_group_reduce_min(x);
}

__kernel void workgroup_collectives(__global int *out, __global const int *a) {
  size_t g = get_global_id(0);
  int x = a[g];
  __global int *o = out + 6 * g;
  o[0] = work_group_reduce_add(x);
  o[1] = work_group_scan_inclusive_add(x);
  o[2] = work_group_scan_exclusive_min(x);
  o[3] = work_group_broadcast(x, 3);
  o[4] = work_group_any(x == 77);
  o[5] = work_group_all(x != 13) + 2 * work_group_reduce_max(x);
}

__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__constant float weights[4] = {0.5f, -1.25f, 3.0f, 0.0625f};
__global int hits[8];
__global float scale_table[3] = {1.0f, 10.0f, 100.0f};

// Program-scope __constant tables and __global variables (relocated data in the code object).
__kernel void program_scope_data(__global int *out, __global float *fout, __constant int *extra) {
  size_t i = get_global_id(0);
  int p = primes[i & 15];
  out[2 * i] = p * extra[i & 3];
  atomic_add(&hits[i & 7], p);
  fout[i] = weights[i & 3] * scale_table[i % 3];
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0 && get_group_id(0) == 0) scale_table[0] = 1.0f;
  out[2 * i + 1] = (int)i;
}

// Reads back the program-scope counters accumulated by program_scope_data (a second launch on the
// same loaded code object).
__kernel void program_scope_read(__global int *out) {
  size_t i = get_global_id(0);
  out[i] = hits[i];
}

// Division and remainder by constants (multiply-high sequences at -O3).
__kernel void div_const(__global int *out, __global long *lout, __global const int *a,
                        __global const long *l) {
  size_t i = get_global_id(0);
  int x = a[i];
  uint u = (uint)x;
  long y = l[i];
  ulong uy = (ulong)y;
  __global int *o = out + 8 * i;
  o[0] = x / 7;
  o[1] = x % 10;
  o[2] = x / -3;
  o[3] = (int)(u / 1000u);
  o[4] = (int)(u % 641u);
  o[5] = x / 64;
  o[6] = x % 64;
  o[7] = (int)(u / 0x80000001u);
  lout[4 * i + 0] = y / 1000000007L;
  lout[4 * i + 1] = y % 1000000007L;
  lout[4 * i + 2] = (long)(uy / 10UL);
  lout[4 * i + 3] = (long)(uy % 3UL);
}

__kernel void int_misc(__global int *out, __global long *lout, __global const int *a,
                       __global const int *b, __global const long *l) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  long z = l[i];
  __global int *o = out + 10 * i;
  o[0] = mad24(x >> 8, y >> 8, x);
  o[1] = mul24(x >> 9, y >> 9);
  o[2] = mad_hi(x, y, 12345);
  o[3] = rhadd(x, y);
  o[4] = clamp(x, -1000, y > -1000 ? y : -1000);
  o[5] = bitselect(x, y, 0x0ff0f00f);
  o[6] = (int)rotate((char)x, (char)y);
  o[7] = (int)upsample((short)x, (ushort)y);
  o[8] = (int)min((uint)x, (uint)y) ^ (int)max((uint)x, (uint)y);
  o[9] = (int)clz((ushort)y) + 100 * (int)popcount((uchar)x);
  lout[2 * i] = mul_hi(z, (long)x * 977);
  lout[2 * i + 1] = (long)mul_hi((ulong)z, (ulong)(long)y);
}

__kernel void f32_math2(__global float *out, __global const float *a, __global const float *b) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float *o = out + 12 * i;
  o[0] = tan(y);
  o[1] = asin(y * 0.3f);
  o[2] = acos(y * 0.3f);
  o[3] = atan(x);
  o[4] = sinh(y);
  o[5] = cosh(y);
  o[6] = log2(fabs(x) + 1.0f);
  o[7] = log10(fabs(x) + 1.0f);
  o[8] = exp10(y);
  o[9] = expm1(y);
  o[10] = log1p(fabs(x));
  o[11] = sin(x * 12345.0f);
}

__kernel void f64_math2(__global double *out, __global const double *a, __global const double *b) {
  size_t i = get_global_id(0);
  double x = a[i], y = b[i];
  __global double *o = out + 12 * i;
  o[0] = tan(y);
  o[1] = asin(y * 0.3);
  o[2] = acos(y * 0.3);
  o[3] = atan(x);
  o[4] = sinh(y);
  o[5] = cosh(y);
  o[6] = log2(fabs(x) + 1.0);
  o[7] = log10(fabs(x) + 1.0);
  o[8] = exp10(y);
  o[9] = expm1(y);
  o[10] = log1p(fabs(x));
  o[11] = cos(x * 12345.0);
}
