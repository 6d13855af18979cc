// Divergent control flow, data-dependent loops, private arrays (scratch), non-inlined calls.
#pragma OPENCL FP_CONTRACT OFF

__kernel void divergent_if(__global int *out, __global const int *a, uint n) {
  size_t i = get_global_id(0);
  if (i >= n) return;
  int x = a[i];
  int r;
  if (x < 0) {
    if (x & 1)
      r = -x * 3;
    else
      r = x / 2;
  } else if (x > 1000) {
    r = x - 1000;
    if ((i & 3) == 0) {
      out[i] = r << 1;
      return;
    }
  } else {
    r = x * x;
  }
  out[i] = r + (int)(i & 7);
}

__kernel void switch_case(__global int *out, __global const int *a) {
  size_t i = get_global_id(0);
  int x = a[i];
  int r = 0;
  switch (x % 9) {
    case 0:
      r = 100;
      break;
    case 1:
      r = x * 2;
      break;
    case 2:
      r += 5;
      // fall through
    case 3:
      r += x;
      break;
    case -1:
    case -2:
      r = -7;
      break;
    case 5:
      r = (int)i;
      break;
    case 8:
      r = x ^ 0x5a5a;
      break;
    default:
      r = -1;
  }
  out[i] = r;
}

// Collatz step counts: a loop whose trip count depends on the data.
__kernel void collatz(__global int *out, __global const uint *a) {
  size_t i = get_global_id(0);
  ulong v = a[i];
  int steps = 0;
  while (v != 1 && steps < 1000) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    steps++;
  }
  out[i] = steps;
}

// Nested loops with a data-dependent inner bound and break/continue.
__kernel void nested_loops(__global uint *out, __global const uint *a) {
  size_t i = get_global_id(0);
  uint x = a[i];
  uint acc = 0;
  for (uint j = 0; j < (x & 15); j++) {
    if (j == 11) break;
    for (uint k = 0; k <= j; k++) {
      if ((k + x) % 3 == 0) continue;
      acc = acc * 31u + (k ^ j ^ x);
    }
  }
  out[i] = acc;
}

__kernel void mandelbrot(__global int *out, uint w, uint h, float x0, float y0, float dx, float dy,
                         int maxIter) {
  size_t px = get_global_id(0), py = get_global_id(1);
  if (px >= w || py >= h) return;
  float cr = x0 + (float)px * dx;
  float ci = y0 + (float)py * dy;
  float zr = 0.0f, zi = 0.0f;
  int it = 0;
  while (it < maxIter) {
    float zr2 = zr * zr, zi2 = zi * zi;
    if (zr2 + zi2 > 4.0f) break;
    float t = zr2 - zi2 + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    it++;
  }
  out[py * w + px] = it;
}

// A private array of 64 ints indexed with run-time indices (forces scratch memory).
__kernel void private_array(__global int *out, __global const int *a) {
  size_t i = get_global_id(0);
  int arr[64];
  int seed = a[i];
  for (int j = 0; j < 64; j++) arr[j] = seed * j + (j ^ seed);
  int idx = seed & 63;
  int acc = 0;
  for (int j = 0; j < 100; j++) {
    arr[idx] += j;
    acc += arr[(idx * 7 + 3) & 63];
    idx = (idx * 5 + arr[idx]) & 63;
  }
  out[i] = acc ^ arr[seed & 63];
}

// Bubble sort of 16 values in private memory.
__kernel void bubble_sort(__global int *out, __global const int *a) {
  size_t i = get_global_id(0);
  int v[16];
  for (int j = 0; j < 16; j++) v[j] = a[i * 16 + j];
  for (int p = 0; p < 15; p++) {
    for (int j = 0; j < 15 - p; j++) {
      if (v[j] > v[j + 1]) {
        int t = v[j];
        v[j] = v[j + 1];
        v[j + 1] = t;
      }
    }
  }
  for (int j = 0; j < 16; j++) out[i * 16 + j] = v[j];
}

__attribute__((noinline)) int mix3(int a, int b, int c) { return (a * 31 + b) ^ (c >> 2); }

__attribute__((noinline)) void minmax(__private int *lo, __private int *hi, int x) {
  if (x < *lo) *lo = x;
  if (x > *hi) *hi = x;
}

__attribute__((noinline)) ulong poly(ulong x, int n) {
  ulong r = 0;
  for (int j = 0; j < n; j++) r = r * x + (j + 1);
  return r;
}

__kernel void noinline_calls(__global long *out, __global const int *a) {
  size_t i = get_global_id(0);
  int lo = 1 << 30, hi = -(1 << 30);
  int m = 0;
  for (int j = 0; j < 4; j++) {
    int x = a[i * 4 + j];
    minmax(&lo, &hi, x);
    m = mix3(m, x, j);
  }
  out[3 * i + 0] = lo;
  out[3 * i + 1] = hi;
  out[3 * i + 2] = (long)(poly((ulong)(long)m, (int)(i % 6)) + (ulong)(long)m);
}
