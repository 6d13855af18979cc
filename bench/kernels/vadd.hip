// Memory-bound: c[i] = a[i] + b[i] over n f32 elements, one per work-item.
#include "../../test/conformance/src/hip_common.h"

KERNEL void vadd(float *c, const float *a, const float *b, uint n) {
  uint i = gid_x();
  if (i < n) c[i] = a[i] + b[i];
}
