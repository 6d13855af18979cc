// The host version of nbody.hip: the same f32 operations in the same order, one thread.
#include <math.h>
#include "host.h"

static void nbody(float *ax, float *ay, float *az, const float *x, const float *y, const float *z,
                  const float *m, unsigned n, float eps2) {
  for (unsigned i = 0; i < n; i++) {
    float xi = x[i], yi = y[i], zi = z[i];
    float sx = 0.0f, sy = 0.0f, sz = 0.0f;
    for (unsigned j = 0; j < n; j++) {
      float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
      float r2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv = 1.0f / sqrtf(r2);
      float s = m[j] * inv * inv * inv;
      sx += dx * s;
      sy += dy * s;
      sz += dz * s;
    }
    ax[i] = sx;
    ay[i] = sy;
    az[i] = sz;
  }
}

int main(int argc, char **argv) {
  unsigned n = arg_u32(argc, argv, 0);
  float eps2 = arg_f32(argc, argv, 1);
  size_t b = (size_t)n * 4;
  const float *x = input(0, b), *y = input(1, b), *z = input(2, b), *m = input(3, b);
  float *ax = output(b), *ay = output(b), *az = output(b);
  TIME(nbody(ax, ay, az, x, y, z, m, n, eps2));
  save(0, ax, b);
  save(1, ay, b);
  save(2, az, b);
  return 0;
}
