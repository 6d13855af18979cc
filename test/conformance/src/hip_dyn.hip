// HIP dynamic shared memory: an extern __shared__ array sized at launch (sharedMemBytes), placed after
// the kernel's static __shared__ data. Each block reverses its slice through both arrays.
#include "hip_common.h"

extern __shared__ int dyn[];

KERNEL void hip_dynamic_shared(int *out, const int *in, int n) {
  __shared__ int fixed[64];
  uint t = tid_x(), b = bdim_x();
  uint g = bid_x() * b + t;
  int v = g < (uint)n ? in[g] : 0;
  dyn[t] = v;
  if (t < 64) fixed[t] = (int)t * 3;
  sync_threads();
  if (g < (uint)n) out[g] = dyn[b - 1 - t] + fixed[t & 63];
}
