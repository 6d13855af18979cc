// Local memory and barriers: reductions, scans, transposes, a __local pointer argument, LDS atomics,
// a tiled matrix multiply and a 1D stencil.
#pragma OPENCL FP_CONTRACT OFF

#define RB 128
// Tree reduction of ints per work-group; the last group is partial (n not a multiple of RB).
__kernel __attribute__((reqd_work_group_size(RB, 1, 1))) void reduce_sum(__global int *out,
                                                                        __global const int *a, uint n) {
  __local int s[RB];
  size_t g = get_global_id(0), l = get_local_id(0);
  s[l] = g < n ? a[g] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint w = RB / 2; w > 0; w >>= 1) {
    if (l < w) s[l] += s[l + w];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = s[0];
}

// Inclusive Hillis-Steele scan of uints within a work-group of 256 (double buffered).
__kernel void scan_inclusive(__global uint *out, __global const uint *a) {
  __local uint buf[2][256];
  size_t l = get_local_id(0), g = get_global_id(0);
  int cur = 0;
  buf[0][l] = a[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < get_local_size(0); off <<= 1) {
    uint v = buf[cur][l];
    if (l >= off) v += buf[cur][l - off];
    buf[1 - cur][l] = v;
    cur = 1 - cur;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[g] = buf[cur][l];
}

#define TILE 16
// Transpose of a rows x cols matrix through a local tile; the grid has partial work-groups.
__kernel void transpose(__global float *out, __global const float *in, uint rows, uint cols) {
  __local float tile[TILE][TILE + 1];
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t lx = get_local_id(0), ly = get_local_id(1);
  if (x < cols && y < rows) tile[ly][lx] = in[y * cols + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t ox = get_group_id(1) * TILE + lx, oy = get_group_id(0) * TILE + ly;
  if (ox < rows && oy < cols) out[oy * rows + ox] = tile[lx][ly];
}

// Reverses each work-group's slice through a __local buffer given as an argument.
__kernel void local_arg_reverse(__global int *out, __global const int *a, __local int *tmp) {
  size_t l = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
  tmp[l] = a[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = tmp[n - 1 - l] * 2 + (int)get_group_id(0);
}

// Per-group histogram, min, max and xor with local atomics, then merged into global memory.
__kernel void lds_atomics(__global uint *hist, __global int *stats, __global const uint *a) {
  __local uint h[32];
  __local int mn, mx, xr, cnt;
  size_t l = get_local_id(0);
  if (l < 32) h[l] = 0;
  if (l == 0) {
    mn = 0x7fffffff;
    mx = -0x7fffffff - 1;
    xr = 0;
    cnt = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uint v = a[get_global_id(0)];
  atomic_inc(&h[v & 31]);
  atomic_min(&mn, (int)v);
  atomic_max(&mx, (int)v);
  atomic_xor(&xr, (int)v);
  int ticket = atomic_add(&cnt, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 32) hist[get_group_id(0) * 32 + l] = h[l];
  if (l == 0) {
    __global int *s = stats + 4 * get_group_id(0);
    s[0] = mn;
    s[1] = mx;
    s[2] = xr;
    s[3] = cnt;
  }
  (void)ticket;
}

// C = A (M x K) * B (K x N), 8x8 tiles in local memory, partial tiles at the edges.
#define MT 8
__kernel void matmul_tiled(__global float *c, __global const float *a, __global const float *b, uint M,
                           uint N, uint K) {
  __local float ta[MT][MT], tb[MT][MT];
  size_t col = get_global_id(0), row = get_global_id(1);
  size_t lx = get_local_id(0), ly = get_local_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < K; t += MT) {
    ta[ly][lx] = (row < M && t + lx < K) ? a[row * K + t + lx] : 0.0f;
    tb[ly][lx] = (col < N && t + ly < K) ? b[(t + ly) * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < MT && t + k < K; k++) acc = acc + ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) c[row * N + col] = acc;
}

// 3-point stencil with a halo in local memory; the last group is partial.
__kernel void stencil1d(__global float *out, __global const float *in, uint n) {
  __local float s[66];
  size_t g = get_global_id(0), l = get_local_id(0);
  size_t ls = get_local_size(0);
  s[l + 1] = g < n ? in[g] : 0.0f;
  if (l == 0) s[0] = g > 0 ? in[g - 1] : 0.0f;
  if (l == ls - 1) s[ls + 1] = g + 1 < n ? in[g + 1] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (g < n) out[g] = 0.25f * s[l] + 0.5f * s[l + 1] + 0.25f * s[l + 2];
}
