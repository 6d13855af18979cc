// Header-less HIP: gfx908 matrix fused-multiply-add builtins (v_mfma_*), one wave per kernel. The
// operand layouts are AMD's (Matrix Instruction Calculator; lab notes "AMD matrix cores"). On gfx900,
// which has no matrix cores, each lane computes the same elements with __builtin_fmaf in the same order
// (each k step rounded once, from C), so one host reference checks both targets.
#include "hip_common.h"

typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef float f32x16 __attribute__((ext_vector_type(16)));
typedef _Float16 f16x4 __attribute__((ext_vector_type(4)));
typedef short i16x2 __attribute__((ext_vector_type(2)));
typedef int i32x4 __attribute__((ext_vector_type(4)));

// D (32x32) = A (32x8) * B (8x32) + C, all row-major f32, with four v_mfma_f32_32x32x2f32. Lane l holds
// row/column l % 32 and k group l / 32; D register r holds row 8*(r/4) + 4*(l/32) + r%4.
KERNEL void hip_mfma_f32(float *d, const float *a, const float *b, const float *c) {
  uint l = tid_x();
  uint col = l % 32, g = l / 32;
  f32x16 acc;
  for (int r = 0; r < 16; r++) acc[r] = c[(8 * (r / 4) + 4 * g + r % 4) * 32 + col];
#if defined(__gfx908__)
  for (int t = 0; t < 4; t++)
    acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[col * 8 + 2 * t + g], b[(2 * t + g) * 32 + col], acc, 0, 0, 0);
#else
  for (int r = 0; r < 16; r++) {
    uint row = 8 * (r / 4) + 4 * g + r % 4;
    float s = acc[r];
    for (int k = 0; k < 8; k++) s = __builtin_fmaf(a[row * 8 + k], b[k * 32 + col], s);
    acc[r] = s;
  }
#endif
  for (int r = 0; r < 16; r++) d[(8 * (r / 4) + 4 * g + r % 4) * 32 + col] = acc[r];
}

// D (16x16) = A (16x32) * B (32x16) + C with f16 A and B (row-major, as bits), two
// v_mfma_f32_16x16x16f16. Lane l holds row/column l % 16 and k = 4*(l/16) + e in element e.
KERNEL void hip_mfma_f16(float *d, const _Float16 *a, const _Float16 *b, const float *c) {
  uint l = tid_x();
  uint col = l % 16, g = l / 16;
  f32x4 acc;
  for (int r = 0; r < 4; r++) acc[r] = c[(4 * g + r) * 16 + col];
#if defined(__gfx908__)
  for (int t = 0; t < 2; t++) {
    f16x4 av, bv;
    for (int e = 0; e < 4; e++) {
      av[e] = a[col * 32 + 16 * t + 4 * g + e];
      bv[e] = b[(16 * t + 4 * g + e) * 16 + col];
    }
    acc = __builtin_amdgcn_mfma_f32_16x16x16f16(av, bv, acc, 0, 0, 0);
  }
#else
  for (int r = 0; r < 4; r++) {
    uint row = 4 * g + r;
    float s = acc[r];
    for (int k = 0; k < 32; k++) s = __builtin_fmaf((float)a[row * 32 + k], (float)b[k * 16 + col], s);
    acc[r] = s;
  }
#endif
  for (int r = 0; r < 4; r++) d[(4 * g + r) * 16 + col] = acc[r];
}

// D (16x16, i32) = A (16x16 i8) * B (16x16 i8) + C with one v_mfma_i32_16x16x16i8.
KERNEL void hip_mfma_i8(int *d, const signed char *a, const signed char *b, const int *c) {
  uint l = tid_x();
  uint col = l % 16, g = l / 16;
  i32x4 acc;
  for (int r = 0; r < 4; r++) acc[r] = c[(4 * g + r) * 16 + col];
#if defined(__gfx908__)
  uint av = 0, bv = 0;
  for (int e = 0; e < 4; e++) {
    av |= (uint)(unsigned char)a[col * 16 + 4 * g + e] << (8 * e);
    bv |= (uint)(unsigned char)b[(4 * g + e) * 16 + col] << (8 * e);
  }
  acc = __builtin_amdgcn_mfma_i32_16x16x16i8((int)av, (int)bv, acc, 0, 0, 0);
#else
  for (int r = 0; r < 4; r++) {
    uint row = 4 * g + r;
    uint s = (uint)acc[r];
    for (int k = 0; k < 16; k++) s += (uint)(a[row * 16 + k] * b[k * 16 + col]);
    acc[r] = (int)s;
  }
#endif
  for (int r = 0; r < 4; r++) d[(4 * g + r) * 16 + col] = acc[r];
}

// Raw registers with the broadcast modifiers: v_mfma_f32_4x4x1f32 cbsz:2 abid:1 blgp:3. In, per lane:
// a[l], b[l], c[r*64 + l]; out d[r*64 + l]. D[i][j] of block q (register i, lane 4q + j) is
// C + A[i] of block 4*(q/4) + 1 (lane 4*(4*(q/4) + 1) + i) times the B value of lane (4q + j + 16) % 64.
KERNEL void hip_mfma_bcast(float *d, const float *a, const float *b, const float *c) {
  uint l = tid_x();
  f32x4 acc;
  for (int r = 0; r < 4; r++) acc[r] = c[r * 64 + l];
#if defined(__gfx908__)
  acc = __builtin_amdgcn_mfma_f32_4x4x1f32(a[l], b[l], acc, 2, 1, 3);
#else
  uint q = l / 4, j = l % 4;
  for (int r = 0; r < 4; r++)
    acc[r] = __builtin_fmaf(a[4 * (4 * (q / 4) + 1) + r], b[(4 * q + j + 16) % 64], acc[r]);
#endif
  for (int r = 0; r < 4; r++) d[r * 64 + l] = acc[r];
}

// Raw registers, bf16: v_mfma_f32_16x16x2bf16 cbsz:2 abid:3 blgp:6 (16 D registers, 4 blocks). A and B
// lanes hold k = 0 in the low half and k = 1 in the high half; lane 16q + i holds row/column i of block q.
KERNEL void hip_mfma_bf16(float *d, const uint *a, const uint *b, const float *c) {
  uint l = tid_x();
  f32x16 acc;
  for (int r = 0; r < 16; r++) acc[r] = c[r * 64 + l];
#if defined(__gfx908__)
  i16x2 av, bv;
  av[0] = (short)(a[l] & 0xffff);
  av[1] = (short)(a[l] >> 16);
  bv[0] = (short)(b[l] & 0xffff);
  bv[1] = (short)(b[l] >> 16);
  acc = __builtin_amdgcn_mfma_f32_16x16x2bf16(av, bv, acc, 2, 3, 6);
#else
  // Register r, lane l: block q = r / 4, row 4*(l/16) + r%4, column l % 16; A from block 3
  // (4*(q/4) + 3 with four blocks), B from lane 32 + (16q + j) % 16.
  uint j = l % 16;
  for (int r = 0; r < 16; r++) {
    uint row = 4 * (l / 16) + r % 4;
    uint aw = a[16 * 3 + row], bw = b[32 + j];
    float s = acc[r];
    s = __builtin_fmaf(__builtin_bit_cast(float, aw << 16), __builtin_bit_cast(float, bw << 16), s);
    s = __builtin_fmaf(__builtin_bit_cast(float, aw & 0xffff0000u), __builtin_bit_cast(float, bw & 0xffff0000u), s);
    acc[r] = s;
  }
#endif
  for (int r = 0; r < 16; r++) d[r * 64 + l] = acc[r];
}
