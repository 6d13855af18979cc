// The scalar system ops on one wave, in assembly text: traps and the trap handler's registers, halt and
// kill, messages, VSKIP state, fork/join and the GWS/ordered-count state. Expected values follow the
// pseudo-code of the Vega ISA document (chapter 12; "Trap and Exception registers", "Send Message",
// the fork/join section of "Program Flow Control").

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Inst } from '../src/emu/inst.js';
import type { SentMessage } from '../src/emu/salu/ops-system.js';
import { systemHandler } from '../src/emu/salu/ops-system.js';
import { installTrapHandler } from '../src/emu/trap.js';
import { Wave, Workgroup } from '../src/emu/wave.js';
import type { Target } from '../src/isa/targets.js';
import { runWave, vreg } from './helpers/wave-asm.js';

const TARGETS: Target[] = ['gfx900', 'gfx906', 'gfx908'];
const TMA = 0x1234_9abc_def0;

// A handler at base + 4 (after the first s_branch) that records what it sees and returns past s_trap.
const HANDLER = `
  s_branch .Lmain
.Lhandler:
  s_getreg_b32 s20, hwreg(HW_REG_STATUS)
  s_lshr_b32 s21, ttmp1, 16
  s_mov_b32 s22, ttmp0
  s_getreg_b32 s23, hwreg(HW_REG_TBA_LO)
  s_getreg_b32 s24, hwreg(HW_REG_TBA_HI)
  s_getreg_b32 s25, hwreg(HW_REG_TMA_LO)
  s_getreg_b32 s26, hwreg(HW_REG_TMA_HI)
  s_add_u32 s30, s30, 1
  s_and_b32 ttmp1, ttmp1, 0xffff
  s_bfe_u32 s31, s21, 0x80000
  s_cmp_eq_u32 s31, 0
  s_cbranch_scc1 .Lret
  s_add_u32 ttmp0, ttmp0, 4
  s_addc_u32 ttmp1, ttmp1, 0
.Lret:
  RFE
.Lmain:
`;

function withHandler(body: string, target: Target = 'gfx908', rfe = 's_rfe_b64 ttmp[0:1]') {
  return runWave(
    HANDLER.replace('RFE', rfe) + body,
    (w) => installTrapHandler(w, { tba: w.pc + 4, tma: TMA }, 'gfx9'),
    {
      target,
    },
  );
}

for (const target of TARGETS) {
  test(`s_trap enters the handler at TBA with {TTMP1, TTMP0} = {trapID, PC of the s_trap}, PRIV set; s_rfe_b64 returns (${target})`, () => {
    const { wave: w, base } = withHandler(
      `  s_getpc_b64 s[8:9]
  s_trap 7
  s_getreg_b32 s27, hwreg(HW_REG_STATUS)
  s_mov_b32 s28, 5`,
      target,
    );
    assert.equal(w.s[30], 1, 'the handler ran once');
    assert.equal(w.s[22], w.s[8], 'TTMP0 = the pc of the s_trap itself');
    assert.equal(w.s[21] & 0xff, 7, 'TTMP1[23:16] = the trap id');
    assert.equal((w.s[21] >>> 8) & 1, 0, 'HT = 0 for a user trap');
    assert.equal((w.s[20] >>> 5) & 1, 1, 'STATUS.PRIV inside the handler');
    assert.equal((w.s[20] >>> 6) & 1, 1, 'STATUS.TRAP_EN: a handler is present');
    assert.equal((w.s[27] >>> 5) & 1, 0, 'PRIV cleared by s_rfe_b64');
    assert.equal(w.s[23], (base + 4) >>> 0);
    assert.equal(w.s[24], Math.floor((base + 4) / 2 ** 32));
    assert.equal(w.s[25], TMA >>> 0);
    assert.equal(w.s[26], Math.floor(TMA / 2 ** 32));
    assert.equal(w.s[28], 5, 'execution continues after the s_trap');
  });
}

test('s_rfe_restore_b64 returns like s_rfe_b64 (its second operand is ignored)', () => {
  const { wave: w } = withHandler(
    '  s_trap 1\n  s_mov_b32 s28, 9',
    'gfx908',
    's_rfe_restore_b64 ttmp[0:1], s0',
  );
  assert.equal(w.s[30], 1);
  assert.equal(w.s[28], 9);
});

test('without a trap handler s_trap stops, as the runtime default handler does', () => {
  assert.throws(() => runWave('  s_trap 2'), /s_trap 2 \(the kernel trapped.*at pc 0x/);
});

test('s_rfe_b64 outside a trap handler and s_trap inside one are errors naming the pc', () => {
  assert.throws(
    () => runWave('  s_getpc_b64 s[0:1]\n  s_rfe_b64 s[0:1]'),
    /s_rfe_b64 outside a trap handler.*at pc 0x/,
  );
  assert.throws(
    () => runWave('  s_trap 1', (w) => installTrapHandler(w, { tba: w.pc, tma: 0 }, 'gfx9')),
    /trap \(id 1\) was raised inside the trap handler/,
  );
});

test('TRAPSTS: s_setreg of SAVECTX takes a save-context trap (id 0) at the next instruction; EXCP bits are sticky R/W', () => {
  const { wave: w } = withHandler(`  s_getpc_b64 s[8:9]
  s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 10, 1), 1
  s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 10, 1), 0
  s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 0, 9), 0x5
  s_getreg_b32 s29, hwreg(HW_REG_TRAPSTS)`);
  assert.equal(w.s[30], 1);
  assert.equal(w.s[21] & 0xff, 0, 'trap id 0');
  assert.equal(
    w.s[22],
    w.s[8] + 8,
    'saved pc = the instruction after the s_setreg (8 bytes with its literal)',
  );
  assert.equal(w.s[29], 0x5);
});

test('TBA/TMA are read-only outside the handler (writes ignored) and writable with PRIV', () => {
  const { wave: w, base } = withHandler(`  s_setreg_imm32_b32 hwreg(HW_REG_TMA_LO), 0x55
  s_getreg_b32 s10, hwreg(HW_REG_TMA_LO)`);
  assert.equal(w.s[10], TMA >>> 0);
  assert.equal(w.sys.tba, base + 4);
  const r = runWave(
    `  s_branch .Lmain
  s_setreg_imm32_b32 hwreg(HW_REG_TMA_LO), 0x55
  s_getreg_b32 s10, hwreg(HW_REG_TMA_LO)
  s_and_b32 ttmp1, ttmp1, 0xffff
  s_add_u32 ttmp0, ttmp0, 4
  s_rfe_b64 ttmp[0:1]
.Lmain:
  s_trap 1`,
    (w) => installTrapHandler(w, { tba: w.pc + 4, tma: TMA }, 'gfx9'),
  );
  assert.equal(r.wave.s[10], 0x55);
});

test('s_sethalt 1 halts the wave (nothing resumes it); s_sethalt 0 resumes; HALT waits for the handler to return', () => {
  assert.throws(() => runWave('  s_sethalt 1'), /the wave halted \(s_sethalt 1\).*at pc 0x/);
  assert.equal(runWave('  s_sethalt 0\n  s_mov_b32 s1, 3').wave.s[1], 3);
  const handler = (body: string) => `  s_branch .Lmain
${body}
  s_and_b32 ttmp1, ttmp1, 0xffff
  s_add_u32 ttmp0, ttmp0, 4
  s_rfe_b64 ttmp[0:1]
.Lmain:
  s_trap 1
  s_mov_b32 s1, 3`;
  const setup = (w: Wave) => installTrapHandler(w, { tba: w.pc + 4, tma: 0 }, 'gfx9');
  assert.throws(() => runWave(handler('  s_sethalt 1'), setup), /s_rfe_b64 returned with STATUS.HALT set/);
  assert.equal(runWave(handler('  s_sethalt 1\n  s_sethalt 0'), setup).wave.s[1], 3);
});

test('s_setkill 1 terminates the wave; s_setkill 0 does nothing', () => {
  assert.equal(runWave('  s_setkill 1\n  s_mov_b32 s1, 3').wave.s[1], 0);
  assert.equal(runWave('  s_setkill 0\n  s_mov_b32 s1, 3').wave.s[1], 3);
});

function withMessages(source: string, setup?: (w: Wave) => void): SentMessage[] {
  const messages: SentMessage[] = [];
  runWave(source, (w) => {
    w.ctx.messages = messages;
    setup?.(w);
  });
  return messages;
}

test('s_sendmsg: the compute messages reach the host with M0; graphics ones are refused naming the message', () => {
  const msgs = withMessages(`  s_mov_b32 m0, 0x2a
  s_sendmsg sendmsg(MSG_INTERRUPT)
  s_sendmsg sendmsg(MSG_SAVEWAVE)
  s_sendmsg sendmsg(MSG_STALL_WAVE_GEN)`);
  assert.deepEqual(
    msgs.map((m) => [m.name, m.m0, m.simm16]),
    [
      ['MSG_INTERRUPT', 0x2a, 1],
      ['MSG_SAVEWAVE', 0x2a, 4],
      ['MSG_STALL_WAVE_GEN', 0x2a, 5],
    ],
  );
  for (const m of [
    'sendmsg(MSG_GS_DONE, GS_OP_NOP)',
    'sendmsg(MSG_GS, GS_OP_EMIT)',
    'sendmsg(MSG_ORDERED_PS_DONE)',
    'sendmsg(MSG_GS_ALLOC_REQ)',
    'sendmsg(MSG_EARLY_PRIM_DEALLOC)',
  ]) {
    const name = /MSG_\w+/.exec(m)?.[0];
    assert.throws(
      () => runWave(`  s_sendmsg ${m}`),
      new RegExp(`s_sendmsg: ${name} is a graphics-pipeline message.*at pc 0x`),
    );
  }
  assert.throws(() => runWave('  s_sendmsg 0'), /message id 0 is not a message of gfx9 \(illegal\)/);
  assert.throws(
    () => runWave('  s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)'),
    /MSG_SYSMSG is not modelled/,
  );
  assert.throws(
    () => runWave('  s_sendmsg sendmsg(MSG_HALT_WAVES)'),
    /the wave halted \(s_sendmsg MSG_HALT_WAVES halts every wave\)/,
  );
});

test('s_sendmsghalt sends, then halts (after the trap handler returns when sent from it)', () => {
  const messages: SentMessage[] = [];
  assert.throws(
    () =>
      runWave('  s_sendmsghalt sendmsg(MSG_INTERRUPT)', (w) => {
        w.ctx.messages = messages;
      }),
    /the wave halted \(s_sendmsghalt MSG_INTERRUPT\)/,
  );
  assert.equal(messages.length, 1);
});

test('messages are per generation: MSG_SAVEWAVE from gfx8, MSG_STALL_WAVE_GEN from gfx9 (LLVM message table)', () => {
  const i = new Inst();
  i.name = 's_sendmsg';
  i.imm = 4;
  const w = new Wave(false);
  w.wg = new Workgroup();
  w.ctx = { mem: undefined as never, kernel: 't', inst: () => i, startNs: 0, clock: 0 };
  assert.throws(() => systemHandler('s_sendmsg', 'gfx7')?.(w, i), /message id 4 is not a message of gfx7/);
  systemHandler('s_sendmsg', 'gfx8')?.(w, i);
  i.imm = 5;
  assert.throws(() => systemHandler('s_sendmsg', 'gfx8')?.(w, i), /not a message of gfx8/);
});

test('gfx6-8: TBA/TMA are the SGPR operands 108-111 and a trap saves the PC in TTMP0-1 at 112-113', () => {
  const w = new Wave(false);
  installTrapHandler(w, { tba: 0x1_0000_0100, tma: 0x2000 }, 'gfx8');
  assert.deepEqual([...w.s.subarray(108, 112)], [0x100, 1, 0x2000, 0]);
  const i = new Inst();
  i.pc = 0x40;
  i.imm = 3;
  systemHandler('s_trap', 'gfx8')?.(w, i);
  assert.equal(w.s[112], 0x40);
  assert.equal(w.s[113], 3 << 16);
  assert.equal(w.pc, 0x1_0000_0100);
});

test('s_setvskip sets MODE.VSKIP from S0.u[S1.u[4:0]] and s_setreg of MODE keeps it in step', () => {
  const { wave: w } = runWave(`  s_mov_b32 s1, 0x10
  s_setvskip s1, 4
  s_getreg_b32 s2, hwreg(HW_REG_MODE, 28, 1)
  s_setvskip 0, 0
  s_getreg_b32 s3, hwreg(HW_REG_MODE, 28, 1)
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 28, 1), 1`);
  assert.deepEqual([w.s[2], w.s[3]], [1, 0]);
  assert.equal(w.sys.skipVector, true);
});

// Fork/join: the stack lives in SGPR[CSP*4 .. CSP*4+3] = {mask (low pair), pc (high pair)}, CSP = MODE[31:29].
const FORK = (fork: string) => `  s_getreg_b32 s20, hwreg(HW_REG_MODE, 29, 3)
  s_mov_b64 s[24:25], exec
  ${fork}
  v_mov_b32 v1, 1
  s_getreg_b32 s21, hwreg(HW_REG_MODE, 29, 3)
  s_branch .Ljoin
.Lpass:
  v_mov_b32 v1, 2
  s_getreg_b32 s22, hwreg(HW_REG_MODE, 29, 3)
.Ljoin:
  s_cbranch_join s20
  s_getreg_b32 s23, hwreg(HW_REG_MODE, 29, 3)
  s_mov_b64 s[26:27], exec
  s_mov_b64 exec, s[24:25]`;

test('s_cbranch_i_fork runs the side with fewer lanes first, pushes the other, and s_cbranch_join pops it', () => {
  // 10 lanes pass: the pass side runs first; {PC+4, mask_fail} is pushed at SGPR[0:3].
  const { wave: w } = runWave(FORK('s_cbranch_i_fork s[10:11], .Lpass'), (w) => {
    w.s[10] = 0x3ff;
    w.s[11] = 0;
  });
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 1, l), l < 10 ? 2 : 1, `lane ${l}`);
  assert.deepEqual([w.s[20], w.s[22], w.s[21], w.s[23]], [0, 1, 0, 0]);
  assert.deepEqual([w.s[0], w.s[1]], [0xfffffc00, 0xffffffff], 'the pushed mask is mask_fail');
  assert.deepEqual([w.s[26], w.s[27]], [0xfffffc00, 0xffffffff], 'EXEC after the join: the last side run');
  // 54 lanes pass: the fail side (10 lanes) runs first, {target, mask_pass} is pushed.
  const r = runWave(FORK('s_cbranch_i_fork s[10:11], .Lpass'), (w) => {
    w.s[10] = 0xfffffc00;
    w.s[11] = 0xffffffff;
  });
  for (let l = 0; l < 64; l++) assert.equal(vreg(r.wave, 1, l), l < 10 ? 1 : 2, `lane ${l}`);
  assert.deepEqual([r.wave.s[0], r.wave.s[1]], [0xfffffc00, 0xffffffff], 'the pushed mask is mask_pass');
});

test('s_cbranch_i_fork: all lanes pass branches, all fail falls through; nothing is pushed', () => {
  const all = runWave(FORK('s_cbranch_i_fork s[10:11], .Lpass'), (w) => {
    w.s[10] = 0xffffffff;
    w.s[11] = 0xffffffff;
  }).wave;
  assert.equal(vreg(all, 1, 5), 2);
  assert.equal(vreg(all, 1, 63), 2);
  const none = runWave(FORK('s_cbranch_i_fork s[10:11], .Lpass'), (w) => {
    w.s[10] = 0;
    w.s[11] = 0;
  }).wave;
  assert.equal(vreg(none, 1, 5), 1);
  assert.equal(none.s[23], 0);
});

test('s_cbranch_g_fork takes its target from an SGPR pair', () => {
  const { wave: w } = runWave(
    FORK(
      's_getpc_b64 s[12:13]\n.Lpc:\n  s_add_u32 s12, s12, .Lpass-.Lpc\n  s_addc_u32 s13, s13, 0\n  s_cbranch_g_fork s[10:11], s[12:13]',
    ),
    (w) => {
      w.s[10] = 0xf;
      w.s[11] = 0;
    },
  );
  for (let l = 0; l < 64; l++) assert.equal(vreg(w, 1, l), l < 4 ? 2 : 1, `lane ${l}`);
});

test('fork/join stack limits: a seventh push and a join with nothing to pop are errors', () => {
  // Halving EXEC at each fork needs at most log2(64) = 6 entries; a CSP set to 6 by s_setreg has no room.
  assert.throws(
    () =>
      runWave('  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 29, 3), 6\n  s_cbranch_i_fork s[10:11], 0', (w) => {
        w.s[10] = 0x55555555;
        w.s[11] = 0x55555555;
      }),
    /the fork\/join stack is full \(CSP = 6, 6 entries\)/,
  );
  assert.throws(
    () => runWave('  s_mov_b32 s1, 3\n  s_cbranch_join s1'),
    /the fork\/join stack is empty but the saved CSP is 3/,
  );
});

test('s_ttracedata is ignored (STATUS.TTRACE_EN = 0) and the s_cbranch_cdbg* branches fall through (COND_DBG bits 0)', () => {
  const { wave: w } = runWave(`  s_mov_b32 m0, 5
  s_ttracedata
  s_cbranch_cdbgsys .Lskip
  s_cbranch_cdbguser .Lskip
  s_cbranch_cdbgsys_or_user .Lskip
  s_cbranch_cdbgsys_and_user .Lskip
  s_mov_b32 s1, 3
.Lskip:
  s_getreg_b32 s2, hwreg(HW_REG_STATUS)`);
  assert.equal(w.s[1], 3);
  assert.equal((w.s[2] >>> 20) & 3, 0, 'COND_DBG_USER/SYS');
  assert.equal((w.s[2] >>> 7) & 1, 0, 'TTRACE_EN');
});

// gfx6-8: the same ops under their generation's opcodes; TBA/TMA are SGPR operands (tba = s[108:109],
// tma = s[110:111]) and TTMP0-1 are at 112-113 (the Southern Islands document's operand table).
const GEN_OF: Record<string, 'gfx6' | 'gfx7' | 'gfx8'> = { gfx600: 'gfx6', gfx700: 'gfx7', gfx803: 'gfx8' };
for (const target of ['gfx600', 'gfx700', 'gfx803'] as Target[]) {
  test(`${target}: s_trap/s_rfe_b64 with tba/tma operands, fork/join and s_sendmsg`, () => {
    const messages: SentMessage[] = [];
    const { wave: w, base } = runWave(
      `  s_branch .Lmain
  s_mov_b32 s20, ttmp0
  s_mov_b32 s21, ttmp1
  s_mov_b64 s[22:23], tba
  s_mov_b64 s[24:25], tma
  s_and_b32 ttmp1, ttmp1, 0xffff
  s_add_u32 ttmp0, ttmp0, 4
  s_rfe_b64 ttmp[0:1]
.Lmain:
  s_getpc_b64 s[8:9]
  s_trap 4
  s_mov_b64 s[10:11], 0x3ff
  s_getreg_b32 s12, hwreg(HW_REG_MODE, 29, 3)
  s_cbranch_i_fork s[10:11], .Lp
  v_mov_b32 v1, 1
  s_branch .Lj
.Lp:
  v_mov_b32 v1, 2
.Lj:
  s_cbranch_join s12
  s_mov_b32 m0, 9
  s_sendmsg sendmsg(MSG_INTERRUPT)`,
      (w) => {
        installTrapHandler(w, { tba: w.pc + 4, tma: 0x77 }, GEN_OF[target]);
        w.ctx.messages = messages;
      },
      { target },
    );
    assert.equal(w.s[20], w.s[8], 'TTMP0 (operand 112) = the pc of the s_trap');
    assert.equal(w.s[21] >>> 16, 4, 'TTMP1[23:16] = the trap id');
    assert.deepEqual([w.s[22], w.s[23]], [(base + 4) >>> 0, Math.floor((base + 4) / 2 ** 32)]);
    assert.deepEqual([w.s[24], w.s[25]], [0x77, 0]);
    for (const l of [0, 9, 10, 63]) assert.equal(vreg(w, 1, l), l < 10 ? 2 : 1, `lane ${l}`);
    assert.deepEqual(
      messages.map((m) => [m.name, m.m0]),
      [['MSG_INTERRUPT', 9]],
    );
    // MSG_SAVEWAVE (id 4) exists from gfx8.
    if (target === 'gfx803') runWave('  s_sendmsg 4', undefined, { target });
    else
      assert.throws(
        () => runWave('  s_sendmsg 4', undefined, { target }),
        /message id 4 is not a message of gfx[67]/,
      );
  });
}
