// gcnkit code-object corpus, linker case "pcrel_data": one kernel that reaches initialised data (.data),
// zeroed data (.bss) and read-only data (.rodata) through pc-relative R_AMDGPU_REL32_LO/HI pairs, and calls
// a non-kernel function the same way (s_getpc_b64 + s_swappc_b64). Everything resolves at link time, so
// the shared object needs no dynamic relocations.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 5

	.text
	.p2align 2
	.type add_twice,@function
add_twice:                              // v0 = 2 * v0 + v1; leaf function, no stack
	v_add_u32_e32 v0, v0, v0
	v_add_u32_e32 v0, v0, v1
	s_setpc_b64 s[30:31]
.Ladd_twice_end:
	.size add_twice, .Ladd_twice_end-add_twice

	.protected gather_consts
	.globl gather_consts
	.p2align 8
	.type gather_consts,@function
gather_consts:                          // out[tid] = add_twice(lut[tid & 7], counter) ; scratch_words[tid&15] = out
	s_load_dwordx2 s[2:3], s[4:5], 0x0      // out
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, lut@rel32@lo+4
	s_addc_u32 s9, s9, lut@rel32@hi+12
	s_getpc_b64 s[10:11]
	s_add_u32 s10, s10, counter@rel32@lo+4
	s_addc_u32 s11, s11, counter@rel32@hi+12
	s_load_dword s12, s[10:11], 0x0
	v_and_b32_e32 v1, 7, v0
	v_lshlrev_b32_e32 v1, 2, v1
	global_load_dword v1, v1, s[8:9]
	v_lshlrev_b32_e32 v4, 2, v0
	s_waitcnt vmcnt(0) lgkmcnt(0)
	v_mov_b32_e32 v5, s12
	v_mov_b32_e32 v0, v1
	v_mov_b32_e32 v1, v5
	s_getpc_b64 s[14:15]
	s_add_u32 s14, s14, add_twice@rel32@lo+4
	s_addc_u32 s15, s15, add_twice@rel32@hi+12
	s_swappc_b64 s[30:31], s[14:15]
	global_store_dword v4, v0, s[2:3]
	s_getpc_b64 s[16:17]
	s_add_u32 s16, s16, scratch_words@rel32@lo+4
	s_addc_u32 s17, s17, scratch_words@rel32@hi+12
	v_and_b32_e32 v4, 60, v4
	global_store_dword v4, v0, s[16:17]
	s_endpgm
.Lgather_consts_end:
	.size gather_consts, .Lgather_consts_end-gather_consts

	.rodata
	.p2align 6
	.amdhsa_kernel gather_consts
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 32
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
	.end_amdhsa_kernel

	.data
	.p2align 2
	.type counter,@object
counter:
	.long 41
	.size counter, 4

	.bss
	.p2align 4
	.type scratch_words,@object
scratch_words:
	.zero 64
	.size scratch_words, 64

	.section .rodata.lut,"a",@progbits
	.p2align 4
	.type lut,@object
lut:
	.long 2, 3, 5, 7, 11, 13, 17, 19
	.size lut, 32

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
    .name:           gather_consts
    .private_segment_fixed_size: 0
    .sgpr_count:     38
    .sgpr_spill_count: 0
    .symbol:         gather_consts.kd
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
