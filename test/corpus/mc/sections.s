// Several executable sections, one without a symbol at its start (llvm-objdump names it after the
// section), a branch that wraps below address 0, quoted symbol names, alignment padding, rodata.
.text
  s_nop 0
  s_branch -5
  s_nop 0
.section .text.b,"ax",@progbits
  s_nop 7
foo2:
  s_cbranch_i_fork s[0:1], foo2
  s_cbranch_i_fork s[0:1], 3
  s_branch foo2
"a b":
  s_nop 0
  s_branch "a b"
"9x":
  s_branch "9x"
.p2align 4
  s_nop 0
.section .rodata,"a",@progbits
rd:
 .long 1
