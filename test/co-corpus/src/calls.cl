// A real (non-inlined) call and a private array that lives in scratch.
__attribute__((noinline)) float poly(float x, __global const float *coef, int degree) {
  float r = 0.0f;
  for (int k = degree; k >= 0; k--) r = r * x + coef[k];
  return r;
}

__attribute__((noinline)) int mix(int a, int b) { return (a * 31) ^ (b >> 3); }

__kernel void eval_poly(__global const float *xs, __global const float *coef, __global float *ys, int degree) {
  int i = get_global_id(0);
  ys[i] = poly(xs[i], coef, degree) + (float)mix(i, degree);
}

__kernel void histogram_private(__global const uchar *in, __global uint *out, uint n) {
  uint bins[256];
  for (int b = 0; b < 256; b++) bins[b] = 0;
  uint base = get_global_id(0) * n;
  for (uint i = 0; i < n; i++) bins[in[base + i]] += 1;
  for (int b = 0; b < 256; b += 8) out[get_global_id(0) * 32 + b / 8] = bins[b] + bins[b + 7];
}
