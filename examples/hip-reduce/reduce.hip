// The HIP example: each block of 256 threads sums its slice of x in shared memory (a tree of halving
// strides, a barrier between steps) and writes the block's sum to partial[blockIdx.x].
#include "../hip/gcnkit_hip.h"

extern "C" __global__ void block_sum(const float *x, float *partial, unsigned n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
