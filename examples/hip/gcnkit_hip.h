// A device-only subset of the HIP language for clang without a ROCm install
// (clang-22 -x hip --cuda-device-only -nogpuinc -nogpulib): the attributes, the built-in index variables and
// the few device functions that most kernels use. Everything maps to clang attributes and
// __builtin_amdgcn_* builtins, as ROCm's own headers do; nothing here needs the device libraries.
#pragma once

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))

// threadIdx, blockIdx, blockDim and gridDim are objects whose .x/.y/.z read the hardware (clang's
// __declspec(property) makes each member access a call, as CUDA's and HIP's headers do): the work-item id
// registers, the workgroup id registers, the dispatch packet's workgroup size, and the grid size in
// work-items divided by the workgroup size (HIP grids are whole blocks).
#define GCNKIT_HIP_DIM3(TYPE, X, Y, Z)                                                                            \
  struct TYPE {                                                                                                  \
    __declspec(property(get = get_x)) unsigned x;                                                                \
    __declspec(property(get = get_y)) unsigned y;                                                                \
    __declspec(property(get = get_z)) unsigned z;                                                                \
    static __device__ __forceinline__ unsigned get_x() { return X; }                                             \
    static __device__ __forceinline__ unsigned get_y() { return Y; }                                             \
    static __device__ __forceinline__ unsigned get_z() { return Z; }                                             \
  }
GCNKIT_HIP_DIM3(gcnkit_thread_idx, __builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(),
                __builtin_amdgcn_workitem_id_z());
GCNKIT_HIP_DIM3(gcnkit_block_idx, __builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(),
                __builtin_amdgcn_workgroup_id_z());
GCNKIT_HIP_DIM3(gcnkit_block_dim, __builtin_amdgcn_workgroup_size_x(), __builtin_amdgcn_workgroup_size_y(),
                __builtin_amdgcn_workgroup_size_z());
GCNKIT_HIP_DIM3(gcnkit_grid_dim, __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
                __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
                __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z());
#undef GCNKIT_HIP_DIM3
// Declared only: every use goes through the property getters, so no symbol is ever referenced.
extern const __device__ gcnkit_thread_idx threadIdx;
extern const __device__ gcnkit_block_idx blockIdx;
extern const __device__ gcnkit_block_dim blockDim;
extern const __device__ gcnkit_grid_dim gridDim;

// A workgroup barrier that also orders LDS and global memory within the workgroup, as HIP's does.
static __device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
static __device__ __forceinline__ void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
static __device__ __forceinline__ void __threadfence_block() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
}

// Device-scope relaxed atomics returning the old value, as HIP's atomicAdd and friends.
template <typename T> static __device__ __forceinline__ T atomicAdd(T *p, T v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <typename T> static __device__ __forceinline__ T atomicMin(T *p, T v) {
  return __hip_atomic_fetch_min(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <typename T> static __device__ __forceinline__ T atomicMax(T *p, T v) {
  return __hip_atomic_fetch_max(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <typename T> static __device__ __forceinline__ T atomicExch(T *p, T v) {
  return __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
template <typename T> static __device__ __forceinline__ T atomicCAS(T *p, T expected, T desired) {
  __hip_atomic_compare_exchange_strong(p, &expected, desired, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                       __HIP_MEMORY_SCOPE_AGENT);
  return expected;
}
