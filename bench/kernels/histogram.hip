// Atomic-bound: a 256-bin histogram of the top byte of n u32 values, every element a global atomic add
// (global_atomic_add on gfx908) on its bin; each work-item takes the elements i, i + stride, ...
#include "../../test/conformance/src/hip_common.h"

KERNEL void histogram(uint *bins, const uint *data, uint n) {
  uint stride = __builtin_amdgcn_grid_size_x();
  for (uint i = gid_x(); i < n; i += stride)
    __hip_atomic_fetch_add(&bins[data[i] >> 24], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
