// OpenCL image kernels for gcnkit (examples/image): sampled reads with a sampler argument and with a
// constant sampler, unsampled integer reads and writes, image queries, arrays and 3D images.

// Bilinear resampling: dst(x, y) = src sampled at the centre of dst's texel, in normalized coordinates.
__kernel void resample(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s) {
  int x = get_global_id(0), y = get_global_id(1);
  int w = get_image_width(dst), h = get_image_height(dst);
  if (x >= w || y >= h) return;
  float2 c = (float2)((x + 0.5f) / w, (y + 0.5f) / h);
  write_imagef(dst, (int2)(x, y), read_imagef(src, s, c));
}

__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// 3x3 box sum of a signed integer image, edges repeated (a constant sampler).
__kernel void box3(__read_only image2d_t src, __write_only image2d_t dst) {
  int x = get_global_id(0), y = get_global_id(1);
  int4 sum = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) sum += read_imagei(src, edge, (int2)(x + dx, y + dy));
  write_imagei(dst, (int2)(x, y), sum);
}

// 255 - p for every channel of an unsigned image, without a sampler.
__kernel void invert(__read_only image2d_t src, __write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(dst, p, (uint4)(255) - read_imageui(src, p));
}

// What the image queries return.
__kernel void info(__read_only image2d_t img, __read_only image3d_t vol, __read_only image2d_array_t arr,
                   __global int *out) {
  out[0] = get_image_width(img);
  out[1] = get_image_height(img);
  out[2] = get_image_channel_order(img);
  out[3] = get_image_channel_data_type(img);
  out[4] = get_image_depth(vol);
  out[5] = get_image_array_size(arr);
}

// Samples of a 3D image and of an array image at given coordinates.
__kernel void fetch(__read_only image3d_t vol, __read_only image2d_array_t arr, sampler_t s,
                    __global const float4 *coord, __global float4 *out) {
  int i = get_global_id(0);
  out[2 * i] = read_imagef(vol, s, coord[i]);
  out[2 * i + 1] = read_imagef(arr, s, coord[i]);
}
