// Tiled matrix multiply: shared memory tiles, barriers, nested loops, boundary checks.
#include "hip_common.h"
#define TILE 16
extern "C" __global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  unsigned tx = tid_x() % TILE, ty = tid_x() / TILE;
  int row = bid_x() / ((N + TILE - 1) / TILE) * TILE + ty;
  int col = bid_x() % ((N + TILE - 1) / TILE) * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < K; t += TILE) {
    As[ty][tx] = (row < M && t + (int)tx < K) ? A[row * K + t + tx] : 0.0f;
    Bs[ty][tx] = (col < N && t + (int)ty < K) ? B[(t + ty) * N + col] : 0.0f;
    sync_threads();
#pragma unroll 4
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    sync_threads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
