// The scalar families (SOP1/2/C/K/P, SMEM) on forms the MC-test fixtures do not cover: literal and
// inline-constant rules, symbolic immediates, fixups, and llvm-mc's diagnostics with their columns.
// Every expectation was taken from llvm-mc-22 -triple=amdgcn -mcpu=gfx900 -show-encoding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../src/asm/assembler.js';
import { parseInstruction } from '../src/asm/line.js';
import { encodeInstruction } from '../src/asm/registry.js';
import type { Fixup } from '../src/asm/types.js';

function asm(src: string): { hex?: string; error?: string; fixups?: readonly Fixup[] } {
  const inst = parseInstruction(src, 1, 'gfx900');
  if ('error' in inst) return { error: `${inst.pos.col}: ${inst.error}` };
  const r = encodeInstruction(inst);
  if ('error' in r) return { error: `${r.pos.col}: ${r.error}` };
  return { hex: r.words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join(' '), fixups: r.fixups };
}

function check(cases: readonly [string, string][]): void {
  for (const [src, want] of cases) {
    const r = asm(src);
    assert.equal(r.hex ?? `error ${r.error}`, want, src);
  }
}

test('scalar: inline constants and literals of 32- and 64-bit operands', () => {
  check([
    ['s_mov_b32 s0, 0x3f000000', 'be8000f0'],
    ['s_mov_b32 s0, 0xfffffff0', 'be8000d0'],
    ['s_mov_b32 s0, 0xffffffff80000000', 'be8000ff 80000000'],
    ['s_mov_b32 s0, 1.5', 'be8000ff 3fc00000'],
    ['s_mov_b32 s0, -0.0', 'be8000ff 80000000'],
    ['s_mov_b32 s0, 0.15915494', 'be8000f8'],
    ['s_mov_b32 s0, 3.4028236e+38', 'error 15: invalid operand for instruction'],
    ['s_mov_b32 s0, 1.1754942e-38', 'error 15: invalid operand for instruction'],
    ['s_mov_b32 s0, 0x100000000', 'error 15: invalid operand for instruction'],
    ['s_mov_b32 s0, lit(1)', 'be8000ff 00000001'],
    ['s_mov_b64 s[0:1], 0x3fe0000000000000', 'be8001f0'],
    ['s_mov_b64 s[0:1], 0x3fc45f306dc9c882', 'be8001f8'],
    ['s_mov_b64 s[0:1], 0x3f000000', 'be8001ff 3f000000'],
    ['s_mov_b64 s[0:1], 0.15915494', 'error 19: invalid operand for instruction'],
    ['s_mov_b64 s[0:1], -0x80000001', 'error 19: invalid operand for instruction'],
    ['s_add_u32 s0, 0x12345, lit(0x12345)', '8000ffff 00012345'],
    ['s_add_u32 s0, 0x12345, 0x12346', 'error 24: only one unique literal operand is allowed'],
    ['s_add_u32 s0, foo, bar, s1', 'error 25: invalid operand for instruction'],
    ['s_cbranch_g_fork s[0:1], 0x1234', 'error 26: invalid operand for instruction'],
    ['s_setvskip s0, 0x12345', 'bf10ff00 00012345'],
  ]);
});

test('scalar: register classes and the parser’s register checks', () => {
  check([
    ['s_mov_b32 src_vccz, s0', 'befb0000'],
    ['s_mov_b32 src_shared_base, s0', 'error 11: invalid operand for instruction'],
    ['s_mov_b64 s[0:1], src_vccz', 'be8001fb'],
    ['s_mov_b32 s0, exec', 'error 15: invalid operand for instruction'],
    ['s_mov_b64 s[1:2], s[4:5]', 'error 11: invalid register alignment'],
    ['s_mov_b64 s[0:1], s[104:105]', 'error 19: s[104:105] register not available on this GPU'],
    ['s_mov_b32 s0, s106', 'error 15: register index is out of range'],
    ['s_mov_b32 ttmp16, s0', 'error 11: register index is out of range'],
    ['s_mov_b64 tba, s[0:1]', 'error 11: tba register not available on this GPU'],
    ['s_mov_b32 s0, null', "error 15: 'null' operand is not supported on this GPU"],
    ['s_mov_b32 s0, -s1', 'error 15: not a valid operand.'],
    ['s_mov_b32_e64 s0, s1', 'error 1: e64 variant of this instruction is not supported'],
    ['s_add_u32 s0, s1', 'error 1: too few operands for instruction'],
    ['s_mov_b32 s0, foo(1)', 'error 18: invalid operand for instruction'],
    ['s_mov_b32 s0, hwreg(5, 3, 4)', "error 22: expected ')'"],
  ]);
});

test('scalar: SOPK immediates and hwreg', () => {
  check([
    ['s_movk_i32 s0, -32768', 'b0008000'],
    ['s_movk_i32 s0, 0x10000', 'error 16: invalid operand for instruction'],
    ['s_cmpk_lt_u32 s0, -1', 'error 19: invalid operand for instruction'],
    ['s_getreg_b32 s0, hwreg(HW_REG_MODE, 1, 2)', 'b8800841'],
    ['s_getreg_b32 s0, hwreg(64)', 'error 24: invalid hardware register: only 6-bit values are legal'],
    [
      's_getreg_b32 s0, hwreg(1, 0, 33)',
      'error 30: invalid bitfield width: only values from 1 to 32 are legal',
    ],
    ['s_getreg_b32 s0, hwreg(HW_REG_MODE, 1)', 'error 38: expected a comma'],
    [
      's_getreg_b32 s0, hwreg(HW_REG_XNACK_MASK)',
      'error 24: invalid hardware register: not supported on this GPU',
    ],
    ['s_getreg_b32 s0, -1', 'error 18: invalid immediate: only 16-bit values are legal'],
    ['s_getreg_b32 s0, |s0|', 'error 18: unknown token in expression'],
    ['s_getreg_b32 hwreg(1), s0', 'error 14: invalid operand for instruction'],
    ['s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x123456789', 'ba00f801 23456789'],
    ['s_call_b64 s[0:1], 0x10000', 'error 20: expected a 16-bit signed jump offset'],
  ]);
});

test('scalar: SOPP waitcnt, sendmsg, gpr_idx and plain immediates', () => {
  check([
    ['s_waitcnt vmcnt(1) & expcnt(2) & lgkmcnt(3)', 'bf8c0321'],
    ['s_waitcnt vmcnt_sat(100)', 'bf8ccf7f'],
    ['s_waitcnt 0x10000', 'bf8c0000'],
    ['s_waitcnt vmcnt(64)', 'error 17: too large value for vmcnt'],
    ['s_waitcnt vmcnt(0) & expcnt(0) x', 'error 33: expected a left parenthesis'],
    ['s_waitcnt 0 vmcnt(0)', 'error 13: invalid operand for instruction'],
    ['s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT)', 'bf900022'],
    ['s_sendmsg sendmsg(MSG_GS, 0)', 'error 27: invalid operation id'],
    [
      's_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)',
      'error 31: specified operation id is not supported on this GPU',
    ],
    ['s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 0, 1)', 'error 39: expected a closing parenthesis'],
    ['s_set_gpr_idx_on s0, gpr_idx(DST,SRC0)', 'bf110900'],
    ['s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)', 'error 35: duplicate VGPR index mode'],
    ['s_set_gpr_idx_mode 16', 'error 20: invalid immediate: only 4-bit values are legal'],
    ['s_nop -0x80000001', 'bf80ffff'],
    ['s_endpgm 0x10000', 'error 10: expected a 16-bit value'],
    ['s_barrier 0', 'error 11: invalid operand for instruction'],
    ['s_branch foo+4', 'error 10: expected an absolute expression or a label'],
    ['s_branch -32769', 'error 10: expected a 16-bit signed jump offset'],
  ]);
});

test('scalar: SMEM offsets and cache policy', () => {
  check([
    ['s_load_dword s0, s[0:1]', 'c0020000 00000000'],
    ['s_load_dword s0, s[0:1], -1', 'c0020000 001fffff'],
    ['s_load_dword s0, s[0:1], 0x100000', 'error 26: expected a 21-bit signed offset'],
    ['s_buffer_load_dword s0, s[0:3], -1', 'error 33: expected a 20-bit unsigned offset'],
    ['s_mov_b32 s0, lit(0.5)', 'be8000ff 3f000000'],
    ['s_mov_b64 s[0:1], lit(0.5)', 'error 23: invalid operand for instruction'],
    ['s_load_dword s0, s[0:1], s0 offset:-1 glc', 'c0034000 001fffff'],
    ['s_load_dword s0, s[0:1], s0 glc offset:4', 'error 33: not a valid operand.'],
    ['s_load_dword s0, s[0:1], s0 glc glc', 'error 33: duplicate cache policy modifier'],
    ['s_load_dword s0, s[0:1], s0 slc', 'error 1: invalid cache policy for SMEM instruction'],
    ['s_load_dword m0, s[0:1], s0', 'error 14: invalid operand for instruction'],
    ['s_load_dwordx4 s[102:105], s[0:1], 0', 'error 16: invalid register alignment'],
    ['s_atomic_add src_scc, s[2:3], s0', 'c2081f41 00000000'],
    ['s_atc_probe 0x1234, s[0:1], src_scc', 'c0980d00 0000007d'],
    ['s_memtime exec', 'error 11: invalid operand for instruction'],
    ['s_dcache_discard s[0:1], 0 glc', 'error 28: invalid operand for instruction'],
  ]);
});

test('scalar: labels and symbolic literals become fixups', () => {
  const br = asm('s_cbranch_scc0 target');
  assert.equal(br.hex, 'bf840000');
  assert.deepEqual(
    br.fixups?.map((f) => [f.offset, f.kind]),
    [[0, 'sopp_br']],
  );
  const call = asm('s_call_b64 s[0:1], callee');
  assert.deepEqual(
    call.fixups?.map((f) => [f.offset, f.kind]),
    [[0, 'sopp_br']],
  );
  // LLVM makes symbol literals PC-relative (FK_PCRel_4) unless they are abs32 or a difference.
  const rel = asm('s_mov_b32 s0, foo@rel32@lo+4');
  assert.equal(rel.hex, 'be8000ff 00000000');
  assert.deepEqual(
    rel.fixups?.map((f) => [f.offset, f.kind]),
    [[4, 'lit32_pcrel']],
  );
  assert.deepEqual(
    asm('s_add_u32 s0, s1, sym@abs32@lo').fixups?.map((f) => [f.offset, f.kind]),
    [[4, 'lit32']],
  );
  assert.equal(asm('s_mov_b64 s[0:1], foo').error, '19: invalid operand for instruction');
});

test('a scalar triple aligns by 4 in every family, as LLVM rounds the width up (llvm-mc-22, gfx908)', () => {
  // What llvm-mc-22 -mcpu=gfx908 printed: s[4:6] is aligned (the wrong class), s[3:5] is not.
  const lines: [string, string][] = [
    ['buffer_load_dword v1, v5, s[3:5], s1 offen', '27: invalid register alignment'],
    ['buffer_load_dword v1, v5, s[4:6], s1 offen', '27: invalid operand for instruction'],
    ['s_load_dwordx4 s[4:6], s[2:3], 0', '16: invalid operand for instruction'],
    ['s_load_dwordx4 s[3:5], s[2:3], 0', '16: invalid register alignment'],
    ['s_mov_b64 s[4:5], s[4:6]', '19: invalid operand for instruction'],
    ['s_mov_b64 s[4:5], s[3:5]', '19: invalid register alignment'],
    ['v_add_f64 v[1:2], s[4:6], v[2:3]', '19: invalid operand for instruction'],
    ['v_add_f64 v[1:2], s[3:5], v[2:3]', '19: invalid register alignment'],
    ['image_load v[1:4], v[2:5], s[4:6] dmask:0xf', '28: invalid operand for instruction'],
    ['global_load_dword v1, v2, s[4:6]', '27: invalid operand for instruction'],
    ['global_load_dword v1, v2, s[3:5]', '27: invalid register alignment'],
  ];
  const r = assemble(lines.map(([l]) => l).join('\n'), 'al.s', { mcpu: 'gfx908' });
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
    lines.map(([, e], i) => `${i + 1}:${e}`),
  );
});
