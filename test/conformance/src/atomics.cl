// Global atomics on int and long, a histogram, a ticket counter with cmpxchg and a float add built
// from a compare-and-swap loop.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

// acc: [sum, min, max, and, or, xor, sub, xchg]
__kernel void atomic_int_ops(__global int *acc, __global int *old, __global const int *a) {
  size_t i = get_global_id(0);
  int v = a[i];
  atomic_add(&acc[0], v);
  atomic_min(&acc[1], v);
  atomic_max(&acc[2], v);
  atomic_and(&acc[3], v | 0x10000);
  atomic_or(&acc[4], v & 0x7ff);
  atomic_xor(&acc[5], v);
  atomic_sub(&acc[6], v);
  old[i] = atomic_xchg(&acc[7], v);
}

__kernel void atomic_uint_minmax(__global uint *acc, __global const uint *a) {
  size_t i = get_global_id(0);
  atomic_min(&acc[0], a[i]);
  atomic_max(&acc[1], a[i]);
  atomic_inc(&acc[2]);
  atomic_dec(&acc[3]);
}

// Each work-item takes a unique ticket with a compare-and-swap loop.
__kernel void atomic_cmpxchg_ticket(__global int *counter, __global int *tickets) {
  size_t i = get_global_id(0);
  int cur = *counter;
  for (;;) {
    int seen = atomic_cmpxchg(counter, cur, cur + 1);
    if (seen == cur) break;
    cur = seen;
  }
  tickets[i] = cur;
}

// acc: [sum, min, max, xor, and, or]; old receives the value seen by xchg.
__kernel void atomic_long_ops(__global long *acc, __global long *old, __global const long *a) {
  size_t i = get_global_id(0);
  long v = a[i];
  atom_add(&acc[0], v);
  atom_min(&acc[1], v);
  atom_max(&acc[2], v);
  atom_xor(&acc[3], v);
  atom_and(&acc[4], v | 0x100000000L);
  atom_or(&acc[5], v & 0xff000000ffL);
  old[i] = atom_xchg(&acc[6], v);
  atom_cmpxchg(&acc[7], 0L, v);
}

__kernel void histogram(__global uint *bins, __global const uint *a, uint nbins) {
  size_t i = get_global_id(0);
  uint v = a[i];
  atomic_inc(&bins[(v * 2654435761u) % nbins]);
}

// f32 atomic add through atomic_cmpxchg on the bit pattern.
__kernel void float_atomic_add(__global float *sum, __global const float *a) {
  size_t i = get_global_id(0);
  volatile __global int *p = (volatile __global int *)&sum[i & 3];
  float v = a[i];
  int old = *p;
  for (;;) {
    int want = as_int(as_float(old) + v);
    int seen = atomic_cmpxchg(p, old, want);
    if (seen == old) break;
    old = seen;
  }
}
