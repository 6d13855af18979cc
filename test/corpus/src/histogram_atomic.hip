// Atomics (32/64-bit, float add, CAS loop) with divergent branches.
#include "hip_common.h"
extern "C" __global__ void hist_atomic(const unsigned *keys, unsigned *bins, unsigned long long *total, float *fsum,
                                       int n) {
  unsigned i = bid_x() * bdim_x() + tid_x();
  if (i >= (unsigned)n) return;
  unsigned k = keys[i];
  if (k & 1)
    __hip_atomic_fetch_add(&bins[k & 63], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  else
    __hip_atomic_fetch_max(&bins[64 + (k & 63)], k, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(total, (unsigned long long)k, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(fsum, (float)k * 0.5f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned old = bins[127], seen;
  do {
    seen = old;
    old = __hip_atomic_compare_exchange_strong(&bins[127], &seen, seen ^ k, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                               __HIP_MEMORY_SCOPE_AGENT)
              ? seen
              : seen;
  } while (old != seen);
}
