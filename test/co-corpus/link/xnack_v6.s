// gcnkit code-object corpus, linker case "xnack_v6": gfx90a with xnack on, code object v6, a kernel with
// AGPRs in its descriptor (.amdhsa_accum_offset), LDS, an absolute self-pointer and a GOT reference.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack+"
	.amdhsa_code_object_version 6

	.text
	.protected copy_lds
	.globl copy_lds
	.p2align 8
	.type copy_lds,@function
copy_lds:                               // lds[tid] = src[tid]; dst[tid] = lds[tid ^ 1] * scale
	s_load_dwordx4 s[0:3], s[6:7], 0x0      // src, dst
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, scale_ptr@gotpcrel32@lo+4
	s_addc_u32 s9, s9, scale_ptr@gotpcrel32@hi+12
	s_load_dwordx2 s[8:9], s[8:9], 0x0
	v_lshlrev_b32_e32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	s_load_dwordx2 s[8:9], s[8:9], 0x0
	global_load_dword v2, v1, s[0:1]
	s_waitcnt vmcnt(0)
	ds_write_b32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_xor_b32_e32 v3, 4, v1
	ds_read_b32 v2, v3
	s_load_dword s8, s[8:9], 0x0
	s_waitcnt lgkmcnt(0)
	v_accvgpr_write_b32 a0, v2
	v_accvgpr_read_b32 v2, a0
	v_mul_lo_u32 v2, v2, s8
	global_store_dword v1, v2, s[2:3]
	s_endpgm
.Lcopy_lds_end:
	.size copy_lds, .Lcopy_lds_end-copy_lds

	.rodata
	.p2align 6
	.amdhsa_kernel copy_lds
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 8
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_tg_split 0
	.end_amdhsa_kernel

	.data
	.globl scale
	.p2align 2
	.type scale,@object
scale:
	.long 3
	.size scale, 4

	.globl scale_ptr
	.p2align 3
	.type scale_ptr,@object
scale_ptr:
	.quad scale
	.size scale_ptr, 8

	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     4
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           copy_lds
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         copy_lds.kd
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a:xnack+
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
