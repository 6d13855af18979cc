// Memory-bound: out (w x h) = the transpose of in (h x w), 32-bit elements, one per work-item, read in
// rows and written in columns (no LDS staging: the strided stores are the point).
#include "../../test/conformance/src/hip_common.h"

KERNEL void transpose(uint *out, const uint *in, uint w, uint h) {
  uint x = gid_x(), y = gid_y();
  if (x < w && y < h) out[x * h + y] = in[y * w + x];
}
