// 32- and 64-bit atomics on global and local memory, with a compare-and-swap loop.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void histogram(__global const uchar *data, __global uint *bins, uint n) {
  __local uint local_bins[256];
  uint lid = get_local_id(0);
  for (uint b = lid; b < 256; b += get_local_size(0)) local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&local_bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 256; b += get_local_size(0)) atomic_add(&bins[b], local_bins[b]);
}

__kernel void atomics_mix(__global int *p, __global long *q, __global float *f, int v) {
  atomic_min(&p[0], v);
  atomic_max(&p[1], v);
  atomic_xchg(&p[2], v);
  atomic_cmpxchg(&p[3], 0, v);
  atom_add(&q[0], (long)v * 3);
  atom_xor(&q[1], (long)v);
  float old = f[0];
  float want;
  do {
    want = old + 1.5f;
  } while ((old = as_float(atomic_cmpxchg((__global int *)f, as_int(old), as_int(want)))) != want - 1.5f);
}
