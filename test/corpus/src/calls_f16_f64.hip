// Device-function calls (non-inlined, recursive), _Float16 and double math through builtins.
#include "hip_common.h"
__device__ __noinline__ double poly(double x, int depth) {
  if (depth <= 0) return 1.0;
  return 1.0 + x * poly(x, depth - 1);
}

__device__ __noinline__ _Float16 hmix(_Float16 a, _Float16 b) {
  return a * b + (a > b ? a - b : b - a) + (_Float16)__builtin_sqrtf((float)a);
}

extern "C" __global__ void calls_f16_f64(const double *x, double *y, _Float16 *h, unsigned long long *u, int depth) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  double v = x[i];
  y[i] = poly(v, depth & 7) + __builtin_sqrt(__builtin_fabs(v)) + __builtin_floor(v * 3.5);
  h[i] = hmix(h[i], (_Float16)v);
  unsigned long long q = u[i];
  u[i] = q / (unsigned long long)(depth | 1) + (q << 13) + __builtin_popcountll(q) * q;
}
