// Header-less HIP: the few attributes and builtins the corpus kernels need (no HIP runtime headers).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))

__device__ static inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline unsigned bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ static inline unsigned bdim_x() { return __builtin_amdgcn_workgroup_size_x(); }
__device__ static inline unsigned gdim_x() { return __builtin_amdgcn_grid_size_x(); }
__device__ static inline void sync_threads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
