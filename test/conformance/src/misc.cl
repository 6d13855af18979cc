// Classic kernels, work-item functions on 2D/3D grids with partial groups, by-value struct and vector
// arguments.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void vadd(__global float *c, __global const float *a, __global const float *b, uint n) {
  size_t i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}

__kernel void saxpy(__global float *y, __global const float *x, float alpha, uint n) {
  size_t i = get_global_id(0);
  if (i < n) y[i] = alpha * x[i] + y[i];
}

// 10 values per work-item: global id, local id, group id, local size, num groups, global size (x, y, z).
__kernel void grid3d_ids(__global uint *out) {
  size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
  size_t lin = (gz * get_global_size(1) + gy) * get_global_size(0) + gx;
  __global uint *o = out + lin * 10;
  o[0] = (uint)(gx | gy << 10 | gz << 20);
  o[1] = (uint)(get_local_id(0) | get_local_id(1) << 10 | get_local_id(2) << 20);
  o[2] = (uint)(get_group_id(0) | get_group_id(1) << 10 | get_group_id(2) << 20);
  o[3] = (uint)(get_local_size(0) | get_local_size(1) << 10 | get_local_size(2) << 20);
  o[4] = (uint)(get_num_groups(0) | get_num_groups(1) << 10 | get_num_groups(2) << 20);
  o[5] = (uint)(get_global_size(0) | get_global_size(1) << 10 | get_global_size(2) << 20);
  o[6] = (uint)(get_enqueued_local_size(0) | get_enqueued_local_size(1) << 10 |
                get_enqueued_local_size(2) << 20);
  o[7] = get_work_dim();
  o[8] = (uint)get_local_linear_id();
  o[9] = (uint)get_global_linear_id();
}

__kernel void grid2d_ids(__global uint *out, uint w) {
  size_t x = get_global_id(0), y = get_global_id(1);
  __global uint *o = out + (y * w + x) * 4;
  o[0] = (uint)(get_local_id(0) + 100 * get_local_id(1));
  o[1] = (uint)(get_group_id(0) + 100 * get_group_id(1));
  o[2] = (uint)(get_local_size(0) + 100 * get_local_size(1));
  o[3] = get_work_dim() + 10 * (uint)get_num_groups(0) + 1000 * (uint)get_num_groups(1);
}

typedef struct {
  char tag;
  int scale;
  long offset;
  float f;
  double d;
  short pair[2];
} params_t;

__kernel void struct_arg(__global long *out, __global double *dout, params_t p, __global const int *a) {
  size_t i = get_global_id(0);
  out[i] = (long)a[i] * p.scale + p.offset + p.tag + p.pair[0] * p.pair[1];
  dout[i] = (double)a[i] * p.d + (double)p.f;
}

__kernel void vector_args(__global int4 *iout, __global float4 *fout, __global double2 *dout, int4 iv,
                          float4 fv, double2 dv, __global const int4 *ia) {
  size_t i = get_global_id(0);
  int4 x = ia[i];
  iout[i] = x * iv + (int4)(1, 2, 3, 4) + x.wzyx;
  fout[i] = convert_float4(x) * fv + fv.yxwz;
  dout[i] = convert_double2(x.xy) * dv - dv.yx;
}

// Vector arithmetic on uchar16 / short8 with swizzles and component-wise select.
__kernel void vector_ops(__global uchar16 *bout, __global short8 *sout, __global const uchar16 *a,
                         __global const short8 *b) {
  size_t i = get_global_id(0);
  uchar16 x = a[i];
  short8 y = b[i];
  bout[i] = add_sat(x, x.sf0123456789abcde) ^ (uchar16)(0x55);
  short8 m = max(y, y.s76543210);
  sout[i] = select(m, (short8)(-1), y < (short8)(0)) + (short8)(0, 1, 2, 3, 4, 5, 6, 7);
}
