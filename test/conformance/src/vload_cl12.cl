// BUILD-FLAGS: -cl-std=CL1.2
// vload/vstore take generic pointers in OpenCL 2.0, and clang-22 mangles those (e.g. _Z11vstore_halffmPDh)
// differently from the packaged device library (..PU3AS0Dh): OpenCL 1.2 selects the __global overloads.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// vstore_half in every rounding mode, vload_half, vload3/vstore3.
__kernel void half_store_modes(__global half *h, __global float *back, __global int *v3out,
                               __global const float *a, __global const int *v3in) {
  size_t i = get_global_id(0);
  float x = a[i];
  vstore_half(x, 5 * i + 0, h);
  vstore_half_rtz(x, 5 * i + 1, h);
  vstore_half_rtp(x, 5 * i + 2, h);
  vstore_half_rtn(x, 5 * i + 3, h);
  vstore_half_rte(x * 3.0f, 5 * i + 4, h);
  back[i] = vload_half(5 * i + 1, h) + vload_half(5 * i + 2, h);
  int3 v = vload3(i, v3in);
  vstore3(v.zxy * (int3)(1, 2, 3), i, v3out);
}
