// OpenCL C that needs no device library (built with -nogpulib): work-item ids come straight from the
// AMDGPU builtins, so it also builds for code object v6 and for targets without a device library.
#define GID_X() (__builtin_amdgcn_workgroup_id_x() * 64u + __builtin_amdgcn_workitem_id_x())

__constant short weights[8] = {3, -1, 4, -1, 5, -9, 2, -6};
__global uint seen;
__global int last_seen_value = -1;

typedef struct {
  int lo;
  int hi;
} range_t;

__attribute__((noinline)) int saturate(int v, range_t r) { return v < r.lo ? r.lo : (v > r.hi ? r.hi : v); }

__kernel void fir8(__global const short *restrict in, __global int *restrict out, range_t r, char shift) {
  uint i = GID_X();
  int acc = 0;
  for (int k = 0; k < 8; k++) acc += in[i + k] * weights[k];
  out[i] = saturate(acc >> shift, r);
  __atomic_fetch_add(&seen, 1u, __ATOMIC_RELAXED);
  last_seen_value = acc;
}

__kernel void stage_local(__global const double *in, __global double *out, __local double *tmp, ulong n) {
  uint t = __builtin_amdgcn_workitem_id_x();
  uint i = GID_X();
  tmp[t] = i < n ? in[i] : 0.0;
  __builtin_amdgcn_s_barrier();
  if (i < n) out[i] = tmp[t] + tmp[t ^ 1u];
}

__kernel void say(__global const float *v) {
  if (GID_X() == 5) printf("v[5]=%f\n", v[5]);
}
