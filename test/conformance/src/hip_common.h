// Minimal HIP device definitions without the HIP headers.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define KERNEL extern "C" __global__ __attribute__((visibility("default")))

typedef unsigned int uint;
typedef unsigned long long u64;
typedef long long i64;

__device__ static inline uint tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline uint tid_y() { return __builtin_amdgcn_workitem_id_y(); }
__device__ static inline uint bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ static inline uint bid_y() { return __builtin_amdgcn_workgroup_id_y(); }
__device__ static inline uint bdim_x() { return __builtin_amdgcn_workgroup_size_x(); }
__device__ static inline uint bdim_y() { return __builtin_amdgcn_workgroup_size_y(); }
__device__ static inline uint gid_x() { return bid_x() * bdim_x() + tid_x(); }
__device__ static inline uint gid_y() { return bid_y() * bdim_y() + tid_y(); }
__device__ static inline void sync_threads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
