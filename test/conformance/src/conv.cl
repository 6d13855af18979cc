// Conversions: saturating integer narrowing, float -> int in every rounding mode, int -> float rounding.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void conv_int_sat(__global int *out, __global const int *a, __global const long *l) {
  size_t i = get_global_id(0);
  int x = a[i];
  long y = l[i];
  __global int *o = out + 10 * i;
  o[0] = convert_char_sat(x);
  o[1] = convert_uchar_sat(x);
  o[2] = convert_short_sat(x);
  o[3] = convert_ushort_sat(x);
  o[4] = (int)convert_uint_sat(x);
  o[5] = convert_int_sat(y);
  o[6] = (int)convert_uint_sat(y);
  o[7] = convert_char_sat(y);
  o[8] = (int)convert_ushort_sat(y);
  o[9] = (int)(char)x + (int)(uchar)x + (int)(short)y;
}

__kernel void conv_f32_int(__global int *out, __global const float *a) {
  size_t i = get_global_id(0);
  float x = a[i];
  __global int *o = out + 9 * i;
  o[0] = convert_int_sat(x);
  o[1] = convert_int_sat_rte(x);
  o[2] = convert_int_sat_rtp(x);
  o[3] = convert_int_sat_rtn(x);
  o[4] = (int)convert_uint_sat(x);
  o[5] = convert_char_sat_rte(x);
  o[6] = convert_short_sat_rtz(x);
  o[7] = (int)convert_uchar_sat_rtp(x);
  o[8] = (isfinite(x) && fabs(x) < 2.0e9f) ? (int)x : 7;
}

__kernel void conv_int_f32(__global float *out, __global const int *a, __global const long *l) {
  size_t i = get_global_id(0);
  int x = a[i];
  long y = l[i];
  __global float *o = out + 8 * i;
  o[0] = convert_float(x);
  o[1] = convert_float_rtz(x);
  o[2] = convert_float_rtp(x);
  o[3] = convert_float_rtn(x);
  o[4] = convert_float((uint)x);
  o[5] = convert_float(y);
  o[6] = convert_float_rtz((ulong)y);
  o[7] = convert_float_rtp(y);
}

__kernel void conv_f64(__global double *dout, __global float *fout, __global long *lout,
                       __global const double *a) {
  size_t i = get_global_id(0);
  double x = a[i];
  fout[4 * i + 0] = convert_float(x);
  fout[4 * i + 1] = convert_float_rtz(x);
  fout[4 * i + 2] = convert_float_rtp(x);
  fout[4 * i + 3] = convert_float_rtn(x);
  dout[2 * i + 0] = (double)(float)x;
  dout[2 * i + 1] = convert_double(convert_long_sat(x));
  lout[3 * i + 0] = convert_long_sat(x);
  lout[3 * i + 1] = convert_long_sat_rte(x);
  lout[3 * i + 2] = (long)convert_int_sat_rtn(x);
}
