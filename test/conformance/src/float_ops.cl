// Floating-point arithmetic and the ocml math library, f32 / f64 / f16.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void f32_arith(__global float *out, __global int *cmp, __global const float *a,
                        __global const float *b, __global const float *c) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i], z = c[i];
  __global float *o = out + 10 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fma(x, y, z);
  o[5] = sqrt(fabs(x));
  o[6] = fmin(x, y);
  o[7] = fmax(x, y);
  o[8] = -x * fabs(z);
  o[9] = copysign(y, z);
  cmp[i] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
           isnan(x) << 6 | isinf(y) << 7 | (isless(x, y) != 0) << 8 | (signbit(z) != 0) << 9;
}

__kernel void f64_arith(__global double *out, __global const double *a, __global const double *b,
                        __global const double *c) {
  size_t i = get_global_id(0);
  double x = a[i], y = b[i], z = c[i];
  __global double *o = out + 9 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = fma(x, y, z);
  o[5] = sqrt(fabs(x));
  o[6] = fmin(x, y);
  o[7] = fmax(x, y);
  o[8] = x < y ? z : -z;
}

__kernel void f16_arith(__global half *out, __global float *fout, __global const half *a,
                        __global const half *b, __global const float *f) {
  size_t i = get_global_id(0);
  half x = a[i], y = b[i];
  __global half *o = out + 6 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = x / y;
  o[4] = convert_half(f[i]);
  o[5] = fma(x, y, (half)1.0h);
  fout[2 * i] = convert_float(x) * 2.0f;
  fout[2 * i + 1] = (float)(x < y) + (float)(x == y) * 2.0f;
}

__kernel void f32_round(__global float *out, __global int *iout, __global const float *a,
                        __global const float *b) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float *o = out + 9 * i;
  o[0] = floor(x);
  o[1] = ceil(x);
  o[2] = round(x);
  o[3] = trunc(x);
  o[4] = rint(x);
  // frexp's generic-pointer overload is mangled differently by clang-22 and the packaged
  // device libraries (_Z5frexpfPi vs _Z5frexpfPU3AS0i): use the builtin.
  int e;
  o[5] = __builtin_frexpf(x, &e);
  iout[i] = e;
  o[6] = ldexp(y, (int)(i % 41) - 20);
  o[7] = fmod(x, y);
  o[8] = fdim(x, y);
}

__kernel void f64_round(__global double *out, __global int *iout, __global const double *a,
                        __global const double *b) {
  size_t i = get_global_id(0);
  double x = a[i], y = b[i];
  __global double *o = out + 9 * i;
  o[0] = floor(x);
  o[1] = ceil(x);
  o[2] = round(x);
  o[3] = trunc(x);
  o[4] = rint(x);
  int e;
  o[5] = __builtin_frexp(x, &e);
  iout[i] = e;
  o[6] = ldexp(y, (int)(i % 81) - 40);
  o[7] = fmod(x, y);
  o[8] = fdim(x, y);
}

// Unary ocml functions of float: 12 results per element.
__kernel void f32_math(__global float *out, __global const float *a, __global const float *b) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  __global float *o = out + 12 * i;
  o[0] = sin(x);
  o[1] = cos(x);
  o[2] = exp(x * 0.25f);
  o[3] = log(fabs(x) + 0.5f);
  o[4] = pow(fabs(x) + 0.25f, y);
  o[5] = rsqrt(fabs(y) + 0.125f);
  o[6] = tanh(y);
  o[7] = erf(y);
  o[8] = atan2(x, y);
  o[9] = exp2(y);
  o[10] = cbrt(x);
  o[11] = hypot(x, y);
}

__kernel void f64_math(__global double *out, __global const double *a, __global const double *b) {
  size_t i = get_global_id(0);
  double x = a[i], y = b[i];
  __global double *o = out + 10 * i;
  o[0] = sin(x);
  o[1] = cos(x);
  o[2] = exp(x * 0.25);
  o[3] = log(fabs(x) + 0.5);
  o[4] = pow(fabs(x) + 0.25, y);
  o[5] = rsqrt(fabs(y) + 0.125);
  o[6] = tanh(y);
  o[7] = erf(y);
  o[8] = atan2(x, y);
  o[9] = exp2(y);
}
