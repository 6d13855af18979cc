// gcnkit code-object corpus, linker case "ptr_table": absolute pointers and the GOT.
//  * .data.rel.ro / .data hold `.quad sym[+addend]` (R_AMDGPU_ABS64): against a symbol the shared object
//    defines and cannot be preempted this becomes R_AMDGPU_RELATIVE64; against a preemptible (default
//    visibility) or undefined symbol it stays a symbolic R_AMDGPU_ABS64 dynamic relocation.
//  * sym@gotpcrel32@lo/hi (R_AMDGPU_GOTPCREL32_LO/HI) against an undefined external, a default-visibility
//    global, a weak definition and a hidden symbol: lld creates .got entries.
//  * .weak definitions, a weak undefined reference, a .comm symbol, a second text section.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 5

	.text
	.globl lookup_ptr
	.protected lookup_ptr
	.p2align 8
	.type lookup_ptr,@function
lookup_ptr:                             // *out = table[idx] loaded through the GOT-addressed table
	s_load_dwordx2 s[2:3], s[4:5], 0x0      // out
	s_load_dword s6, s[4:5], 0x8            // idx
	s_getpc_b64 s[8:9]
	s_add_u32 s8, s8, ptr_table@gotpcrel32@lo+4
	s_addc_u32 s9, s9, ptr_table@gotpcrel32@hi+12
	s_load_dwordx2 s[8:9], s[8:9], 0x0
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s6, s6, 3
	s_add_u32 s8, s8, s6
	s_addc_u32 s9, s9, 0
	s_load_dwordx2 s[10:11], s[8:9], 0x0
	v_mov_b32_e32 v2, 0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v0, s10
	v_mov_b32_e32 v1, s11
	global_store_dwordx2 v2, v[0:1], s[2:3]
	s_endpgm
.Llookup_ptr_end:
	.size lookup_ptr, .Llookup_ptr_end-lookup_ptr

	.globl touch_externals
	.protected touch_externals
	.p2align 8
	.type touch_externals,@function
touch_externals:                        // ext_buffer[0] = tunable + hidden_bias; then the cold path
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, ext_buffer@gotpcrel32@lo+4
	s_addc_u32 s1, s1, ext_buffer@gotpcrel32@hi+12
	s_getpc_b64 s[2:3]
	s_add_u32 s2, s2, tunable@gotpcrel32@lo+4
	s_addc_u32 s3, s3, tunable@gotpcrel32@hi+12
	s_getpc_b64 s[6:7]
	s_add_u32 s6, s6, hidden_bias@gotpcrel32@lo+4
	s_addc_u32 s7, s7, hidden_bias@gotpcrel32@hi+12
	s_load_dwordx2 s[0:1], s[0:1], 0x0
	s_load_dwordx2 s[2:3], s[2:3], 0x0
	s_load_dwordx2 s[6:7], s[6:7], 0x0
	s_waitcnt lgkmcnt(0)
	s_load_dword s2, s[2:3], 0x0
	s_load_dword s3, s[6:7], 0x0
	v_mov_b32_e32 v0, 0
	s_waitcnt lgkmcnt(0)
	s_add_i32 s2, s2, s3
	v_mov_b32_e32 v1, s2
	global_store_dword v0, v1, s[0:1]
	s_cmp_eq_u32 s2, 0
	s_cbranch_scc1 cold_path
	s_endpgm
.Ltouch_externals_end:
	.size touch_externals, .Ltouch_externals_end-touch_externals

	.section .text.unlikely,"ax",@progbits
	.p2align 2
	.type cold_path,@function
cold_path:
	s_getpc_b64 s[0:1]
	s_add_u32 s0, s0, pool@rel32@lo+4
	s_addc_u32 s1, s1, pool@rel32@hi+12
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, -1
	global_store_dword v0, v1, s[0:1]
	s_endpgm
.Lcold_path_end:
	.size cold_path, .Lcold_path_end-cold_path

	.rodata
	.p2align 6
	.amdhsa_kernel lookup_ptr
		.amdhsa_kernarg_size 12
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 3
		.amdhsa_next_free_sgpr 12
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel touch_externals
		.amdhsa_kernarg_size 0
		.amdhsa_user_sgpr_count 0
		.amdhsa_user_sgpr_private_segment_buffer 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 8
		.amdhsa_reserve_vcc 0
		.amdhsa_reserve_flat_scratch 0
	.end_amdhsa_kernel

	// The pointer table: local and global targets, addends, a function, a weak undefined.
	.section .data.rel.ro,"aw",@progbits
	.globl ptr_table
	.p2align 3
	.type ptr_table,@object
ptr_table:
	.quad pool                // local object      -> R_AMDGPU_RELATIVE64
	.quad pool+24             // with an addend    -> R_AMDGPU_RELATIVE64
	.quad tunable             // default-visibility global: preemptible -> R_AMDGPU_ABS64 tunable
	.quad hidden_bias         // hidden            -> R_AMDGPU_RELATIVE64
	.quad lookup_ptr          // protected function -> R_AMDGPU_RELATIVE64
	.quad ext_buffer+16       // undefined         -> R_AMDGPU_ABS64 ext_buffer + 16
	.quad maybe_there         // weak undefined    -> R_AMDGPU_ABS64 maybe_there
	.quad 0x1234567890abcdef  // a plain constant, no relocation
	.size ptr_table, 64

	.data
	.globl tunable
	.p2align 2
	.type tunable,@object
tunable:
	.long 100
	.size tunable, 4

	.weak fallback_value
	.p2align 2
	.type fallback_value,@object
fallback_value:
	.long -7
	.size fallback_value, 4

	.hidden hidden_bias
	.globl hidden_bias
	.p2align 2
	.type hidden_bias,@object
hidden_bias:
	.long 3
	.size hidden_bias, 4

	.p2align 3
	.type self_ref,@object
self_ref:                            // points at a weak definition
	.quad fallback_value
	.size self_ref, 8

	.bss
	.p2align 4
	.type pool,@object
pool:
	.zero 256
	.size pool, 256

	.comm shared_common, 128, 4   // AMDGPU takes the alignment as a power of two: 16 bytes
	.weak maybe_there

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 12
    .max_flat_workgroup_size: 256
    .name:           lookup_ptr
    .private_segment_fixed_size: 0
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .symbol:         lookup_ptr.kd
    .vgpr_count:     3
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:           []
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 4
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 1024
    .name:           touch_externals
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         touch_externals.kd
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
