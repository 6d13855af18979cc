// The system ops through the dispatcher and the API: a trap handler installed per launch (as machine code
// or as an address in the code object), memory violations trapped when MODE.EXCP_EN.mem_viol is set,
// VSKIP skipping vector instructions, and s_sendmsg messages in LaunchResult.messages.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Device, LaunchError } from '../src/runtime/device.js';
import { kernelObject } from './helpers/kernel-asm.js';
import { assembleText } from './helpers/wave-asm.js';

const OUT = `  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v3, 0`;

// A handler that counts its entries in s10, keeps the trap id in s11 and TMA_LO in s12, and returns
// past an s_trap (trap id != 0) or to the saved pc (exceptions, id 0).
const HANDLER = `  s_add_u32 s10, s10, 1
  s_bfe_u32 s11, ttmp1, 0x80010
  s_getreg_b32 s12, hwreg(HW_REG_TMA_LO)
  s_getreg_b32 s13, hwreg(HW_REG_TRAPSTS)
  s_and_b32 ttmp1, ttmp1, 0xffff
  s_cmp_eq_u32 s11, 0
  s_cbranch_scc1 .Lret
  s_add_u32 ttmp0, ttmp0, 4
  s_addc_u32 ttmp1, ttmp1, 0
.Lret:
  s_rfe_b64 ttmp[0:1]`;

function launch(body: string, trapHandler?: { code?: Uint8Array; address?: number; tma?: number }) {
  const dev = new Device();
  const mod = dev.load(kernelObject('k', `${OUT}\n${body}`, { args: ['ptr'] }));
  const out = dev.alloc(16);
  const r = mod.launch('k', { grid: [64], block: [64], args: [out], trapHandler });
  return { out: dev.download(out, Uint32Array), result: r, mod };
}

const STORE4 = `  v_mov_b32 v4, s10
  v_mov_b32 v5, s11
  v_mov_b32 v6, s12
  v_mov_b32 v7, s13
  global_store_dwordx4 v3, v[4:7], s[2:3]`;

test('LaunchOptions.trapHandler.code: s_trap enters the loaded handler, which returns with s_rfe_b64', () => {
  const code = assembleText(HANDLER, 'gfx908');
  const { out } = launch(`  s_mov_b32 s10, 0\n  s_trap 5\n  s_trap 6\n${STORE4}`, { code, tma: 0xabc0 });
  assert.deepEqual([...out], [2, 6, 0xabc0, 0]);
});

test('LaunchOptions.trapHandler.address: a handler inside the code object', () => {
  const dev = new Device();
  const body = `${OUT}
  s_mov_b32 s10, 0
  s_trap 9
${STORE4}
  s_endpgm
.globl handler
handler:
${HANDLER}`;
  const mod = dev.load(kernelObject('k', body, { args: ['ptr'] }));
  const out = dev.alloc(16);
  // The handler follows the kernel: find it by its first word after the kernel's s_endpgm.
  const image = dev.mem.download(mod.base, mod.code.imageSize);
  const first = assembleText('  s_add_u32 s10, s10, 1', 'gfx908');
  let at = -1;
  for (let k = 0; k + 4 <= image.length; k += 4)
    if (image.subarray(k, k + 4).every((b, j) => b === first[j])) at = k;
  assert.ok(at > 0);
  mod.launch('k', { grid: [64], block: [64], args: [out], trapHandler: { address: mod.base + at } });
  assert.deepEqual([...dev.download(out, Uint32Array)], [1, 9, 0, 0]);
  assert.throws(
    () => mod.launch('k', { grid: [64], block: [64], args: [out], trapHandler: { address: 0x40 } }),
    (e: unknown) =>
      e instanceof LaunchError &&
      /trapHandler.address 0x40 is not in the loaded code object's image/.test(e.message),
  );
  assert.throws(
    () => mod.launch('k', { grid: [64], block: [64], args: [out], trapHandler: {} }),
    /trapHandler needs exactly one of code \(machine code\) and address/,
  );
});

test('a memory violation enters the handler with TRAPSTS.mem_viol when MODE.EXCP_EN.mem_viol is set; else it is a fault', () => {
  const code = assembleText(HANDLER, 'gfx908');
  const faulting = (enable: number) => `  s_mov_b32 s10, 0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 20, 1), ${enable}
  v_mov_b32 v8, 0
  v_mov_b32 v9, 0x10
  global_load_dword v10, v[8:9], off
  s_waitcnt vmcnt(0)
${STORE4}`;
  const { out } = launch(faulting(1), { code });
  assert.deepEqual([out[0], out[1], out[3] & 0x100], [1, 0, 0x100]);
  assert.throws(() => launch(faulting(0), { code }), /memory fault at pc 0x[0-9a-f]+ \(global_load_dword/);
});

test('s_setvskip: vector instructions are not issued while VSKIP is set', () => {
  const { out } = launch(`  v_mov_b32 v4, 1
  s_setvskip 1, 0
  v_mov_b32 v4, 2
  global_store_dword v3, v4, s[2:3]
  s_setvskip 0, 0
  v_mov_b32 v5, 3
  global_store_dword v3, v5, s[2:3] offset:4
  global_store_dword v3, v4, s[2:3] offset:8`);
  assert.deepEqual([...out], [0, 3, 1, 0]);
});

test('s_sendmsg messages reach LaunchResult.messages with M0 and the wave', () => {
  const { result } = launch('  s_mov_b32 m0, 7\n  s_sendmsg sendmsg(MSG_INTERRUPT)');
  assert.deepEqual(
    result.messages?.map((m) => [m.name, m.m0, m.wave]),
    [['MSG_INTERRUPT', 7, 0]],
  );
  assert.equal(launch('  s_nop 0').result.messages, undefined);
  assert.throws(
    () => launch('  s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)'),
    /MSG_GS_DONE is a graphics-pipeline message/,
  );
});

// Float exceptions: TRAPSTS.EXCP gathers them; those MODE.EXCP_EN enables trap (id 0, at the next
// instruction). Bits: 0 invalid, 1 input denormal, 2 div0, 3 overflow, 4 underflow, 5 inexact.
function floatCase(setup: string, op: string, enable: number): [traps: number, excp: number, after: number] {
  const code = assembleText(HANDLER, 'gfx908');
  const { out } = launch(
    `  s_mov_b32 s10, 0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 12, 7), ${enable}
${setup}
  ${op}
  s_add_u32 s14, s14, 1
  s_getreg_b32 s13, hwreg(HW_REG_TRAPSTS)
  v_mov_b32 v4, s10
  v_mov_b32 v5, s13
  v_mov_b32 v6, s14
  global_store_dwordx3 v3, v[4:6], s[2:3]`,
    { code },
  );
  return [out[0], out[1] & 0x3f, out[2]];
}

test('float exceptions: overflow (2^127 * 2^127) traps when enabled and is only recorded when not', () => {
  const big = '  v_mov_b32 v1, 0x7f000000';
  assert.deepEqual(floatCase(big, 'v_mul_f32 v2, v1, v1', 1 << 3), [1, 0x28, 1]);
  assert.deepEqual(floatCase(big, 'v_mul_f32 v2, v1, v1', 0), [0, 0x28, 1]);
  assert.deepEqual(floatCase(big, 'v_mul_f32 v2, v1, v1', 1 << 0), [0, 0x28, 1], 'only invalid enabled');
});

test('float exceptions: invalid, divide by zero, underflow, inexact and input denormal', () => {
  const inf = '  v_mov_b32 v1, 0x7f800000';
  assert.deepEqual(floatCase(inf, 'v_add_f32_e64 v2, -v1, v1', 1), [1, 0x01, 1], 'inf - inf');
  assert.deepEqual(floatCase('  v_mov_b32 v1, 0', 'v_rcp_f32 v2, v1', 1 << 2), [1, 0x04, 1], '1 / 0');
  assert.deepEqual(
    floatCase('  v_mov_b32 v1, 0x0d800000', 'v_mul_f32 v2, v1, v1', 1 << 4),
    [1, 0x30, 1],
    '2^-100 squared',
  );
  assert.deepEqual(
    floatCase('  v_mov_b32 v1, 0x30800000', 'v_add_f32 v2, 1.0, v1', 1 << 5),
    [1, 0x20, 1],
    '1 + 2^-30',
  );
  assert.deepEqual(
    floatCase('  v_mov_b32 v1, 1', 'v_mul_f32 v2, 1.0, v1', 1 << 1)[0],
    1,
    'a denormal source',
  );
  assert.deepEqual(
    floatCase('  v_mov_b32 v1, 2.0', 'v_add_f32 v2, 1.0, v1', 0x7f),
    [0, 0, 1],
    'exact: nothing',
  );
  assert.deepEqual(
    floatCase('  v_mov_b32 v1, 0x7f000000\n  v_mov_b32 v2, 0x7f000000', 'v_mac_f32 v2, v1, v1', 1 << 3),
    [1, 0x28, 1],
    'v_mac_f32 reads its destination',
  );
});

test('MODE.DEBUG: the handler is entered after each kernel instruction (single step), not after its own or s_endpgm', () => {
  // HANDLER counts entries in s10; the kernel counts its own instructions in s14 (trap id 0: it returns
  // to the saved pc, the next instruction).
  const code = assembleText(HANDLER, 'gfx908');
  const { out } = launch(
    `  s_mov_b32 s10, 0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 11, 1), 1
  s_add_u32 s14, s14, 1
  s_add_u32 s14, s14, 1
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 11, 1), 0
  v_mov_b32 v4, s10
  v_mov_b32 v5, s14
  global_store_dwordx2 v3, v[4:5], s[2:3]`,
    { code },
  );
  // Traps after the s_setreg that set DEBUG, the two s_add_u32 and the s_setreg that clears it (DEBUG
  // is clear by then: no trap): 3 entries.
  assert.deepEqual([out[0], out[1]], [3, 2]);
});
