// gcnkit code-object corpus, linker case "two_objects" (second input): kernel `stage_b` calls
// `shared_step` from two_a.s and reads two_a.s's data (pc-relative and through the GOT); two_a.s never
// refers to this file. Each input carries its own NT_AMDGPU_METADATA note.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 5

	.text
	.protected stage_b
	.globl stage_b
	.p2align 8
	.type stage_b,@function
stage_b:                                // buf[tid * stride_bytes / 4] = shared_step(epoch)
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, stride_bytes@rel32@lo+4
	s_addc_u32 s7, s7, stride_bytes@rel32@hi+12
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, epoch@gotpcrel32@lo+4
	s_addc_u32 s11, s11, epoch@gotpcrel32@hi+12
	s_load_dwordx2 s[10:11], s[10:11], 0x0
	s_load_dword s6, s[6:7], 0x0
	s_waitcnt lgkmcnt(0)
	s_load_dword s10, s[10:11], 0x0
	v_mul_lo_u32 v4, v0, s6
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s10
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, shared_step@rel32@lo+4
	s_addc_u32 s9, s9, shared_step@rel32@hi+12
	s_swappc_b64 s[30:31], s[8:9]
	global_store_dword v4, v0, s[2:3]
	s_endpgm
.Lstage_b_end:
	.size stage_b, .Lstage_b_end-stage_b

	.rodata
	.p2align 6
	.amdhsa_kernel stage_b
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 32
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           stage_b
    .private_segment_fixed_size: 0
    .sgpr_count:     38
    .sgpr_spill_count: 0
    .symbol:         stage_b.kd
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
