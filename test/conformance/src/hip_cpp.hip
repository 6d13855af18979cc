// Header-less HIP with C++: templates, a small class, and divergent indirect calls through a table of
// device function pointers.
#include "hip_common.h"

template <typename T, int N> __device__ T poly_eval(const T (&c)[N], T x) {
  T r = c[N - 1];
  for (int k = N - 2; k >= 0; k--) r = r * x + c[k];
  return r;
}

struct Accum {
  i64 sum;
  int count;
  __device__ void add(int v) {
    sum += v;
    count++;
  }
  __device__ i64 mean_floor() const { return count ? sum / count : 0; }
};

__device__ __attribute__((noinline)) int op_add(int a, int b) { return a + b; }
__device__ __attribute__((noinline)) int op_sub(int a, int b) { return a - b; }
__device__ __attribute__((noinline)) int op_mul(int a, int b) { return a * b; }
__device__ __attribute__((noinline)) int op_xor(int a, int b) { return a ^ (b << 3); }

typedef int (*binop)(int, int);

KERNEL void hip_cpp(int *out, i64 *lout, const int *a, const int *b) {
  uint i = gid_x();
  int x = a[i], y = b[i];
  const int ci[4] = {3, -2, 0, 1};
  const i64 cl[3] = {-7, 5, 2};
  out[3 * i] = poly_eval(ci, x);
  lout[i] = poly_eval(cl, (i64)y);
  Accum acc = {0, 0};
  for (int k = 0; k < (x & 7); k++) acc.add(y - k);
  out[3 * i + 1] = (int)acc.mean_floor();
  binop table[4] = {op_add, op_sub, op_mul, op_xor};
  binop f = table[(uint)(x ^ y) & 3];
  out[3 * i + 2] = f(x, y);
}
