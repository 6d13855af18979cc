// LDS-bound: a sum per work-group of 256 work-items: each adds 4 elements strided by the group's size,
// then a tree in LDS (8 levels, a barrier each) leaves the group's sum (u32, wrapping) in out[group].
#include "../../test/conformance/src/hip_common.h"

#define B 256

KERNEL void reduce(uint *out, const uint *in) {
  __shared__ uint part[B];
  uint t = tid_x();
  const uint *p = in + bid_x() * (4 * B);
  part[t] = p[t] + p[t + B] + p[t + 2 * B] + p[t + 3 * B];
  sync_threads();
  for (uint s = B / 2; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    sync_threads();
  }
  if (t == 0) out[bid_x()] = part[0];
}
