// Benchmark: divergent float loop (Mandelbrot escape counts), 256x256 points, at most 256 iterations.
__kernel void mandel(__global int *out, int w, int h, int maxit) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  float cr = -2.0f + 2.5f * x / w, ci = -1.25f + 2.5f * y / h;
  float zr = 0.0f, zi = 0.0f;
  int it = 0;
  while (it < maxit && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    it++;
  }
  out[y * w + x] = it;
}
