// Packed 16-bit math, LDS of every width, packed structs, C11 atomics, register pressure (spills, AGPRs
// on gfx908) and a 1024-work-item 3D block.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void f16_vector(__global half4 *out, __global const half4 *a, __global const half4 *b) {
  size_t i = get_global_id(0);
  half4 x = a[i], y = b[i];
  out[3 * i + 0] = x + y;
  out[3 * i + 1] = x * y - x;
  out[3 * i + 2] = fma(x, y.wzyx, (half4)(0.5h, -1.0h, 2.0h, 0.0h));
}

__kernel void short2_packed(__global short2 *out, __global ushort2 *uout, __global const short2 *a,
                            __global const short2 *b) {
  size_t i = get_global_id(0);
  short2 x = a[i], y = b[i];
  ushort2 ux = as_ushort2(x), uy = as_ushort2(y);
  out[3 * i + 0] = x + y;
  out[3 * i + 1] = as_short2(ux * uy);
  out[3 * i + 2] = max(x, y) - (x >> (short2)(3, 5));
  uout[2 * i + 0] = add_sat(ux, uy);
  uout[2 * i + 1] = (ux >> (ushort2)(1, 15)) + min(ux, uy);
}

// LDS with byte, short, long and double elements, 64-bit LDS atomics and an LDS compare-and-swap.
__kernel void lds_types(__global long *out, __global double *dout, __global const long *a) {
  __local uchar b8[256];
  __local short b16[256];
  __local long b64[256];
  __local double bd[256];
  __local long lsum;
  __local int lcas;
  size_t l = get_local_id(0), g = get_global_id(0);
  long v = a[g];
  if (l == 0) {
    lsum = 0;
    lcas = 0;
  }
  b8[l] = (uchar)v;
  b16[l] = (short)(v >> 8);
  b64[l] = v;
  bd[l] = (double)(int)v * 0.25;
  barrier(CLK_LOCAL_MEM_FENCE);
  atom_add(&lsum, v >> 20);
  int old = atomic_cmpxchg(&lcas, 0, (int)l + 1);
  size_t r = 255 - l;
  long x = (long)b8[r] + (long)b16[(l + 1) & 255] * 3 + (b64[r] ^ b64[(l + 17) & 255]);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[2 * g] = x;
  out[2 * g + 1] = lsum * 4 + (old == 0) + 2 * (lcas == (int)l + 1);
  dout[g] = bd[r] + bd[(l * 7) & 255];
}

typedef struct __attribute__((packed)) {
  char c;
  int i;
  short s;
  long l;
  float f;
} packed_t;

// Packed (unaligned) struct fields in global memory: read, update, write back.
__kernel void packed_struct(__global packed_t *p, __global long *sum) {
  size_t k = get_global_id(0);
  packed_t v = p[k];
  v.c = (char)(v.c + 1);
  v.i = v.i * 3 - (int)k;
  v.s = (short)(v.s ^ 0x5555);
  v.l = v.l + ((long)v.i << 20);
  v.f = v.f * 2.0f;
  p[k] = v;
  sum[k] = (long)v.c + v.i + v.s + v.l;
}

// OpenCL 2.0 C11-style atomics with explicit orders and scopes. The library's atomic_*_explicit functions
// take generic pointers, which clang-22 mangles differently from the packaged device library, so the
// clang builtins behind them are called directly.
__kernel void c11_atomics(__global atomic_int *counter, __global atomic_uint *maxv, __global atomic_long *total,
                          __global atomic_int *flags, __global int *result, __global const int *a) {
  size_t i = get_global_id(0);
  int v = a[i];
  __opencl_atomic_fetch_add(counter, 1, __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
  __opencl_atomic_fetch_max(maxv, (uint)v, __ATOMIC_ACQ_REL, __OPENCL_MEMORY_SCOPE_DEVICE);
  __opencl_atomic_fetch_add(total, (long)v * 1000003L, __ATOMIC_SEQ_CST, __OPENCL_MEMORY_SCOPE_DEVICE);
  int expected = 0;
  bool won = __opencl_atomic_compare_exchange_strong(&flags[v & 63], &expected, (int)i + 1, __ATOMIC_ACQ_REL,
                                                     __ATOMIC_RELAXED, __OPENCL_MEMORY_SCOPE_DEVICE);
  result[i] = won ? 1 : (expected != 0 ? 2 : 3);
  if (v < 0) __opencl_atomic_store(&flags[64], 1, __ATOMIC_RELEASE, __OPENCL_MEMORY_SCOPE_DEVICE);
}

// Many simultaneously live values: spills at -O0, VGPR pressure at -O3 (AGPR spills on gfx908).
#define NV 96
__kernel __attribute__((amdgpu_num_vgpr(40))) void reg_pressure(__global float *out, __global const float *a) {
  size_t i = get_global_id(0);
  float v[NV];
#pragma unroll
  for (int k = 0; k < NV; k++) v[k] = a[i * NV + k];
#pragma unroll
  for (int r = 0; r < 3; r++) {
#pragma unroll
    for (int k = 0; k < NV; k++) v[k] = v[k] * 0.5f + v[(k * 37 + r + 1) % NV];
  }
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < NV; k++) s = s + v[k] * (float)(k + 1);
  out[i] = s;
}

// A 16x8x8 block (1024 work-items, 16 waves): 3D local ids, a barrier and an LDS rotation. Without
// reqd_work_group_size the kernel would be compiled for at most 256 work-items (OpenCL's default
// .max_flat_workgroup_size), and the runtime refuses a larger block.
__kernel __attribute__((reqd_work_group_size(16, 8, 8))) void big_block(__global int *out) {
  __local int s[1024];
  size_t lx = get_local_id(0), ly = get_local_id(1), lz = get_local_id(2);
  size_t lin = (lz * 8 + ly) * 16 + lx;
  s[lin] = (int)(lx * 10000 + ly * 100 + lz) + (int)get_group_id(0) * 1000000;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 1024 + lin] = s[(lin + 333) & 1023] - s[lin];
}
