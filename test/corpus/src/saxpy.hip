// Grid-stride SAXPY and a 64-bit index variant.
#include "hip_common.h"
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  for (unsigned i = bid_x() * bdim_x() + tid_x(); i < (unsigned)n; i += gdim_x()) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void daxpy_long(long n, double a, const double *x, double *y) {
  long i = (long)bid_x() * bdim_x() + tid_x();
  if (i < n) y[i] = __builtin_fma(a, x[i], y[i]);
}
