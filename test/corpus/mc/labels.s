// Framing corner cases for the disassembler: labels (STT_NOTYPE branch targets print by name),
// zero runs, an invalid word, data symbols inside .text, trailing bytes that are not a whole dword.
.text
.globl foo
.type foo,@function
foo:
  s_nop 0
loop:
  v_mov_b32 v0, v1
  s_branch loop
  s_cbranch_scc0 fwd
  s_nop 1
  .long 0, 0, 0
  s_nop 2
.Lx:
  s_branch .Lx
  s_branch -3
fwd:
  s_endpgm
.globl bar
.type bar,@function
bar:
.globl abar
.type abar,@function
abar:
  s_branch foo
  .long 0,0
  .long 0xffffffff
  .byte 1,2,0
dat:
  .type dat,@object
  .long 1,2,3,4,5
  .byte 65,66,0,0x80,7
.globl z
z:
 s_nop 3
 .byte 0,0,0,0,0,0,0,0,0,0,1
 s_nop 4
 .byte 1,2
