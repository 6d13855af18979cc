// Program-scope data: a __constant lookup table (.rodata), an initialised global (.data) and a zeroed
// global (.bss). Accesses to them become pc-relative relocations in the relocatable object.
__constant uint crc_nibble[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
    0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu, 0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};

__global int hit_counter = 7;
__global float accum[64];

__kernel void crc_bytes(__global const uchar *in, __global uint *out, uint len) {
  uint crc = 0xffffffffu;
  for (uint i = 0; i < len; i++) {
    crc ^= in[i];
    crc = (crc >> 4) ^ crc_nibble[crc & 15];
    crc = (crc >> 4) ^ crc_nibble[crc & 15];
  }
  out[get_global_id(0)] = ~crc;
  atomic_inc(&hit_counter);
}

__kernel void accumulate(__global const float *in) {
  size_t i = get_global_id(0);
  accum[i & 63] += in[i];
}
