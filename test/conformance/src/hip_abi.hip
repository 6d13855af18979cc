// The initial execution state as the ABI gives it to a HIP kernel: the AQL dispatch packet the
// dispatch pointer points at, the queue behind the queue pointer, the kernarg pointer the packet names,
// and the queue type. Work-item 0 of each workgroup writes one row of 16 values.
#include "hip_common.h"

KERNEL void hip_dispatch_packet(uint *out) {
  const unsigned short *p16 = (const unsigned short *)__builtin_amdgcn_dispatch_ptr();
  const uint *p32 = (const uint *)__builtin_amdgcn_dispatch_ptr();
  const uint *q32 = (const uint *)__builtin_amdgcn_queue_ptr();
  if (tid_x() != 0 || tid_y() != 0) return;
  uint *o = out + (bid_y() * 3 + bid_x()) * 16;
  o[0] = p16[0];  // header
  o[1] = p16[1];  // setup: dimensions
  o[2] = p16[2];  // workgroup_size_x
  o[3] = p16[3];  // workgroup_size_y
  o[4] = p16[4];  // workgroup_size_z
  o[5] = p32[3];  // grid_size_x
  o[6] = p32[4];  // grid_size_y
  o[7] = p32[5];  // grid_size_z
  o[8] = p32[7];  // group_segment_size (static LDS)
  const u64 kernarg = *(const u64 *)(p32 + 10);
  o[9] = kernarg == (u64)__builtin_amdgcn_kernarg_segment_ptr();
  o[10] = q32[1];  // queue features
  o[11] = q32[6];  // queue size in packets
  const u64 ring = *(const u64 *)(q32 + 2);
  o[12] = ring == (u64)__builtin_amdgcn_dispatch_ptr();
  o[13] = bid_x() | bid_y() << 8;
  o[14] = q32[0];  // queue type (multi-producer)
  __shared__ uint scratch_lds[32];
  scratch_lds[tid_x()] = 7;
  o[15] = scratch_lds[0];
}
