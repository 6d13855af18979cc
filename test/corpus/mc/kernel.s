// A kernel written in assembly with .amdhsa_kernel: the .kd object sits in .rodata (not disassembled).
.text
.globl k
.p2align 8
.type k,@function
k:
  s_load_dwordx2 s[0:1], s[4:5], 0x0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s0, 0
  s_cbranch_scc1 .Lend
  v_mov_b32 v0, s0
  s_add_u32 s0, s0, 0x12345
.Lend:
  s_endpgm
.Lk_end:
  .size k, .Lk_end-k

.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 8
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
.end_amdhsa_kernel
