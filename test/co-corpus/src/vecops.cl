// Argument-kind sampler: restrict/const global pointers, a __local scratch pad, scalars of several
// widths, a struct passed by value and a vector type. Written for the gcnkit code-object corpus.
typedef struct {
  float scale;
  int offset;
  short tag;
  uchar mode;
} params_t;

__kernel void saxpy_mixed(__global const float *restrict x, __global float *restrict y, __local float *pad,
                          float a, int n, long base, short s16, uchar u8, params_t p, float4 bias) {
  size_t gid = get_global_id(0);
  size_t lid = get_local_id(0);
  pad[lid] = x[gid] * p.scale + (float)p.offset;
  barrier(CLK_LOCAL_MEM_FENCE);
  size_t other = (lid + 1) % get_local_size(0);
  if ((long)gid + base < n) {
    float v = a * pad[other] + y[gid];
    v += bias.x * (float)s16 + bias.y * (float)u8 + bias.z * (float)p.tag + bias.w * (float)p.mode;
    y[gid] = v;
  }
}

__kernel void dot4(__global const float4 *restrict a, __global const float4 *restrict b,
                   __global float *restrict out, uint count) {
  uint i = get_global_id(0);
  if (i < count) out[i] = dot(a[i], b[i]);
}

__kernel void clamp_u16(__global ushort *data, ushort lo, ushort hi, ulong n) {
  ulong i = get_global_id(0);
  if (i < n) data[i] = clamp(data[i], lo, hi);
}
