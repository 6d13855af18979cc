// BUILD-FLAGS: -cl-fp32-correctly-rounded-divide-sqrt
// With -cl-fp32-correctly-rounded-divide-sqrt, f32 division and sqrt must be correctly rounded.
#pragma OPENCL FP_CONTRACT OFF

__kernel void f32_div_sqrt_cr(__global float *out, __global const float *a, __global const float *b) {
  size_t i = get_global_id(0);
  float x = a[i], y = b[i];
  out[3 * i + 0] = x / y;
  out[3 * i + 1] = sqrt(x);
  out[3 * i + 2] = 1.0f / y;
}
