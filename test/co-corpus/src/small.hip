// A small HIP kernel with a device call, for the debug-info (-g) variants.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

__device__ int bias = 11;

__device__ __attribute__((noinline)) int twice(int v) { return v * 2 + bias; }

__global__ void twice_all(int *p, int n) {
  unsigned i = __builtin_amdgcn_workgroup_id_x() * 64u + __builtin_amdgcn_workitem_id_x();
  if ((int)i < n) p[i] = twice(p[i]);
}
