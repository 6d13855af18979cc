// Header-less HIP: shared memory, barriers, atomics, cross-lane operations, recursion.
#include "hip_common.h"

KERNEL void hip_shared_reduce(int *out, const int *a) {
  __shared__ int s[256];
  uint t = tid_x();
  s[t] = a[gid_x()];
  sync_threads();
  for (uint w = 128; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    sync_threads();
  }
  if (t == 0) out[bid_x()] = s[0];
}

// Integer matrix multiply, C = A (n x n) * B (n x n), one element per work-item with 2D blocks.
KERNEL void hip_matmul(int *c, const int *a, const int *b, uint n) {
  uint col = gid_x(), row = gid_y();
  if (row >= n || col >= n) return;
  int acc = 0;
  for (uint k = 0; k < n; k++) acc += a[row * n + k] * b[k * n + col];
  c[row * n + col] = acc;
}

KERNEL void hip_atomics(int *acc, u64 *acc64, uint *bins, const int *a) {
  __shared__ uint local_bins[16];
  uint t = tid_x();
  if (t < 16) local_bins[t] = 0;
  sync_threads();
  int v = a[gid_x()];
  __atomic_fetch_add(&acc[0], v, __ATOMIC_RELAXED);
  __atomic_fetch_max(&acc[1], v, __ATOMIC_RELAXED);
  __atomic_fetch_min(&acc[2], v, __ATOMIC_RELAXED);
  __atomic_fetch_add(&acc64[0], (u64)(i64)v * 0x100000001ull, __ATOMIC_RELAXED);
  __atomic_fetch_add(&local_bins[(uint)v & 15], 1u, __ATOMIC_RELAXED);
  sync_threads();
  if (t < 16) __atomic_fetch_add(&bins[t], local_bins[t], __ATOMIC_RELAXED);
}

// Cross-lane: ballot, readfirstlane and ds_bpermute within a 64-wide wave.
KERNEL void hip_wave_ops(u64 *ballots, int *out, const int *a) {
  uint t = tid_x();
  int v = a[gid_x()];
  u64 b = __builtin_amdgcn_ballot_w64(v > 0);
  int first = __builtin_amdgcn_readfirstlane(v);
  int rev = __builtin_amdgcn_ds_bpermute((int)((63 - (t & 63)) * 4), v);
  if ((t & 63) == 0) ballots[gid_x() / 64] = b;
  out[2 * gid_x()] = first;
  out[2 * gid_x() + 1] = rev;
}

__device__ __attribute__((noinline)) int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __attribute__((noinline)) int ackermann(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

KERNEL void hip_recursion(int *out, const int *args) {
  uint i = gid_x();
  out[2 * i] = fib(args[3 * i]);
  out[2 * i + 1] = ackermann(args[3 * i + 1], args[3 * i + 2]);
}
