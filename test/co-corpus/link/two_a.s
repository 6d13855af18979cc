// gcnkit code-object corpus, linker case "two_objects" (first input): kernel `stage_a`, the shared
// function `shared_step` (hidden: called from two_b.s) and data symbols two_b.s refers to.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 5

	.text
	.hidden shared_step
	.globl shared_step
	.p2align 2
	.type shared_step,@function
shared_step:                            // v0 = v0 * 3 + 1
	v_mul_lo_u32 v0, v0, 3
	v_add_u32_e32 v0, 1, v0
	s_setpc_b64 s[30:31]
.Lshared_step_end:
	.size shared_step, .Lshared_step_end-shared_step

	.protected stage_a
	.globl stage_a
	.p2align 8
	.type stage_a,@function
stage_a:                                // buf[tid] = shared_step(tid) + epoch
	s_load_dwordx2 s[2:3], s[4:5], 0x0
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, epoch@rel32@lo+4
	s_addc_u32 s7, s7, epoch@rel32@hi+12
	s_load_dword s6, s[6:7], 0x0
	v_lshlrev_b32_e32 v4, 2, v0
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, shared_step@rel32@lo+4
	s_addc_u32 s9, s9, shared_step@rel32@hi+12
	s_swappc_b64 s[30:31], s[8:9]
	s_waitcnt lgkmcnt(0)
	v_add_u32_e32 v0, s6, v0
	global_store_dword v4, v0, s[2:3]
	s_endpgm
.Lstage_a_end:
	.size stage_a, .Lstage_a_end-stage_a

	.rodata
	.p2align 6
	.amdhsa_kernel stage_a
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

	.data
	.globl epoch
	.protected epoch
	.p2align 2
	.type epoch,@object
epoch:
	.long 2024
	.size epoch, 4

	.hidden stride_bytes
	.globl stride_bytes
	.p2align 2
	.type stride_bytes,@object
stride_bytes:
	.long 16
	.size stride_bytes, 4

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
    .name:           stage_a
    .private_segment_fixed_size: 0
    .sgpr_count:     38
    .sgpr_spill_count: 0
    .symbol:         stage_a.kd
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
