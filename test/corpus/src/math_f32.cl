// Single-precision library math from rocm-device-libs (ocml): transcendental calls and fast paths.
__kernel void math_f32(__global const float *x, __global float *y, float k) {
  size_t i = get_global_id(0);
  float v = x[i];
  float r = sin(v) * cos(v) + exp(v * k) - log(fabs(v) + 1.0f);
  r += pow(fabs(v), k) + sqrt(fabs(r)) + rsqrt(v * v + 1.0f);
  r = fma(r, k, tanh(v)) + atan2(v, k) + native_exp2(v) + native_recip(k + 2.0f);
  y[i] = r;
}

__kernel void softmax_row(__global const float *x, __global float *y, int n) {
  int row = get_global_id(0);
  __global const float *p = x + row * n;
  float m = -INFINITY;
  for (int j = 0; j < n; j++) m = fmax(m, p[j]);
  float s = 0.0f;
  for (int j = 0; j < n; j++) s += exp(p[j] - m);
  for (int j = 0; j < n; j++) y[row * n + j] = exp(p[j] - m) / s;
}
