// HIP without headers: the attributes and builtins the runtime headers would provide, spelled out.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

__device__ static inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline unsigned gid_x() {
  return __builtin_amdgcn_workgroup_id_x() * 256u + __builtin_amdgcn_workitem_id_x();
}

// A device-side global variable and a zero-initialised one.
__device__ int launch_count = 3;
__device__ float partials[128];

template <typename T> __global__ void scale_by(T *data, T factor, unsigned n) {
  unsigned i = gid_x();
  if (i < n) data[i] = data[i] * factor;
}
template __global__ void scale_by<float>(float *, float, unsigned);
template __global__ void scale_by<double>(double *, double, unsigned);

__global__ void block_sum(const float *in, float *out) {
  __shared__ float tile[256];
  unsigned t = tid_x();
  tile[t] = in[gid_x()];
  __builtin_amdgcn_s_barrier();
  for (unsigned s = 128; s > 0; s >>= 1) {
    if (t < s) tile[t] += tile[t + s];
    __builtin_amdgcn_s_barrier();
  }
  if (t == 0) {
    out[__builtin_amdgcn_workgroup_id_x()] = tile[0];
    partials[__builtin_amdgcn_workgroup_id_x() & 127] = tile[0];
    __atomic_fetch_add(&launch_count, 1, __ATOMIC_RELAXED);
  }
}

struct Pair {
  int key;
  float value;
};

__global__ void pairs_by_value(Pair p, Pair *out, unsigned long long n) {
  unsigned i = gid_x();
  if (i < n) out[i] = Pair{p.key + (int)i, p.value * 2.0f};
}
