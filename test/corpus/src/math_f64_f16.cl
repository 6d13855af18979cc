// Double and half precision: f64 arithmetic and library calls, f16 packed math.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void math_f64(__global const double *x, __global double *y, double a) {
  size_t i = get_global_id(0);
  double v = x[i];
  double r = fma(v, a, 1.0) / (v * v + 3.0);
  r += sqrt(fabs(v)) + exp(v * 0.5) + log1p(fabs(a)) + floor(v) + trunc(a * v);
  y[i] = r + (double)(long)v;
}

__kernel void math_f16(__global const half *x, __global half *y, __global half2 *z, float s) {
  size_t i = get_global_id(0);
  half v = x[i];
  half h = (half)s;
  half r = fma(v, h, (half)1.0f) + sqrt(fabs(v)) + exp(v) - max(v, h);
  y[i] = r;
  half2 p = z[i];
  z[i] = p * (half2)(h, v) + p.yx;
}

__kernel void convert_mix(__global const float *x, __global half *h, __global double *d, __global int *n) {
  size_t i = get_global_id(0);
  float v = x[i];
  h[i] = convert_half_rte(v * 3.0f);
  d[i] = (double)v * 1.0e10;
  n[i] = convert_int_sat_rtz(v * 1.0e9f);
}
