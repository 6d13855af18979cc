// Symbol choices: a data object at the start of .text, several symbols at one address (FUNC, NOTYPE,
// OBJECT: llvm-objdump shows the last non-data one), zero runs ending at a symbol, a branch to an
// address with a FUNC symbol only (annotated, not symbolized), trailing odd bytes after zeros.
.text
tbl:
  .type tbl,@object
  .long 0x11111111, 0x22222222
  .byte 0x41, 0x42, 0x43, 0x44
.globl f1
.type f1,@function
f1:
alias_nt:
obj_here:
  .type obj_here,@object
  s_nop 0
  s_cbranch_vccz f2
  .long 0, 0
f2:
  .type f2,@function
  s_branch f1
  s_cbranch_execnz tbl
  .long 0, 0, 0
  .byte 0, 0, 7
