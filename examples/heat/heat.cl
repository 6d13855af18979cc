// The multi-launch example: one Jacobi step of 2D heat diffusion on an n x n grid whose edge cells keep
// their temperature; every interior cell becomes the mean of its four neighbours. The run spec launches it
// repeatedly over two buffers, src and dst swapping roles each time (ping-pong).
__kernel void heat_step(__global const float *src, __global float *dst, int n) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= n || y >= n) return;
  int i = y * n + x;
  if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
    dst[i] = src[i];
  else
    dst[i] = 0.25f * (((src[i - 1] + src[i + 1]) + src[i - n]) + src[i + n]);
}
