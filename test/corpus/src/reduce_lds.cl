// Work-group sum reduction: LDS, barriers, a loop with a halving stride, divergent tail.
__kernel void reduce_sum(__global const float *in, __global float *out, __local float *scratch, uint n) {
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  uint lsz = get_local_size(0);
  float acc = 0.0f;
  for (uint i = gid; i < n; i += get_global_size(0)) acc += in[i];
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[get_group_id(0)] = scratch[0];
}

__kernel void reduce_max_static(__global const int *in, __global int *out) {
  __local int tile[256];
  uint lid = get_local_id(0);
  tile[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 128; s > 0; s >>= 1) {
    if (lid < s) tile[lid] = max(tile[lid], tile[lid + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[get_group_id(0)] = tile[0];
}
