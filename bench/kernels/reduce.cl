// Benchmark: LDS tree reduction with barriers, one partial sum per 256-item workgroup.
__kernel void reduce(__global const uint *in, __global uint *out, uint n) {
  __local uint s[256];
  uint l = get_local_id(0), g = get_global_id(0);
  s[l] = g < n ? in[g] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 128; k > 0; k >>= 1) {
    if (l < k) s[l] += s[l + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = s[0];
}
