// Differential testing of the translating engine against the interpreter: random programs in assembly
// text over the ops the engine inlines (and some it hands back to the interpreter), random registers with
// the values where float and integer semantics differ (NaNs, infinities, denormals, -0, carries), random
// EXEC masks, forward branches and counted loops. Both engines run each program from the same state; the
// whole architectural state and the counters must come out equal.

import { compileBlock, REGION_BLOCKS } from '../../src/emu/jit/block.js';
import { BlockCache } from '../../src/emu/jit/engine.js';
import { DeviceMemory } from '../../src/emu/memory.js';
import { Program } from '../../src/emu/program.js';
import { EXEC_HI, EXEC_LO, Wave, Workgroup } from '../../src/emu/wave.js';
import { INTEGER_ATOMICS } from '../../src/isa/ops/atomics.js';
import { FCMP_PREDICATES, ICMP_PREDICATES } from '../../src/isa/ops/vector-cmp.js';
import type { Target } from '../../src/isa/targets.js';
import { assembleText } from './wave-asm.js';

/** A small deterministic generator (mulberry32). */
export class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  int(n: number): number {
    return this.next() % n;
  }
  pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }
}

/** Values where the semantics have edges: f32 specials, integer extremes, small numbers. */
const SPECIAL = [
  0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fa00001,
  0xff812345, 0x00000001, 0x807fffff, 0x00400000, 0x7f7fffff, 0xffffffff, 0x7fffffff, 1, 2, 31, 32,
  0x40800000, 0x00ffffff, 0x01000000, 0x4b800000, 0xcf000000, 0x4f800000, 0x3effffff,
];

/** The 64-bit shifts (address arithmetic in compiled kernels), each inlined and a SIMD recipe. */
const SHIFT64 = ['v_lshlrev_b64', 'v_lshrrev_b64', 'v_ashrrev_i64'];

function value(r: Rng): number {
  const k = r.int(4);
  if (k === 0) return r.pick(SPECIAL);
  if (k === 1) return r.int(64);
  if (k === 2) {
    // An ordinary float in [-8, 8).
    const f = new Float32Array([(r.next() / 2 ** 32) * 16 - 8]);
    return new Uint32Array(f.buffer)[0];
  }
  return r.next();
}

const NV = 12; // v0..v11

const NS = 24; // s0..s23 data; s[24:31] mask pairs; s32.. reserved

const FLOAT2 = ['v_add_f32', 'v_sub_f32', 'v_subrev_f32', 'v_mul_f32', 'v_min_f32', 'v_max_f32'];
const INT2 = [
  'v_add_u32',
  'v_sub_u32',
  'v_subrev_u32',
  'v_and_b32',
  'v_or_b32',
  'v_xor_b32',
  'v_lshlrev_b32',
  'v_lshrrev_b32',
  'v_ashrrev_i32',
  'v_min_u32',
  'v_max_u32',
  'v_min_i32',
  'v_max_i32',
  'v_mul_u32_u24',
];
const UNARY = [
  'v_mov_b32',
  'v_not_b32',
  'v_cvt_f32_u32',
  'v_cvt_f32_i32',
  'v_cvt_u32_f32',
  'v_cvt_i32_f32',
  'v_rcp_f32',
  'v_rcp_iflag_f32',
  'v_sqrt_f32',
  'v_rsq_f32',
];
const VOP3_ONLY2 = ['v_mul_lo_u32', 'v_mul_hi_u32'];
const VOP3_ONLY = [
  'v_mad_u32_u24',
  'v_lshl_add_u32',
  'v_add3_u32',
  'v_lshl_or_b32',
  'v_and_or_b32',
  'v_or3_b32',
  'v_perm_b32',
  'v_bfe_u32',
  'v_fma_f32',
  'v_min3_f32',
  'v_max3_f32',
];
const CARRY = ['v_add_co_u32', 'v_sub_co_u32', 'v_subrev_co_u32'];
const CARRY_IN = ['v_addc_co_u32', 'v_subb_co_u32', 'v_subbrev_co_u32'];
const FPRED = FCMP_PREDICATES;
const IPRED = ICMP_PREDICATES;
const SOP2_32 = [
  's_add_u32',
  's_addc_u32',
  's_sub_u32',
  's_subb_u32',
  's_add_i32',
  's_sub_i32',
  's_mul_i32',
  's_min_u32',
  's_max_u32',
  's_min_i32',
  's_max_i32',
  's_and_b32',
  's_or_b32',
  's_xor_b32',
  's_andn2_b32',
  's_orn2_b32',
  's_lshl_b32',
  's_lshr_b32',
  's_ashr_i32',
  's_cselect_b32',
  // Not inlined: through the interpreter's SaluFn.
  's_bfe_u32',
  's_absdiff_i32',
];
const SOP2_64 = [
  's_and_b64',
  's_or_b64',
  's_xor_b64',
  's_andn2_b64',
  's_orn2_b64',
  's_cselect_b64',
  's_nand_b64',
];
/** 64-bit scalar shifts (a 64-bit value, a 32-bit count). */
const SHIFT_S64 = ['s_lshl_b64', 's_lshr_b64', 's_ashr_i64'];
const SOPC = [
  's_cmp_eq_u32',
  's_cmp_lg_u32',
  's_cmp_gt_u32',
  's_cmp_ge_u32',
  's_cmp_lt_u32',
  's_cmp_le_u32',
  's_cmp_eq_i32',
  's_cmp_lg_i32',
  's_cmp_gt_i32',
  's_cmp_ge_i32',
  's_cmp_lt_i32',
  's_cmp_le_i32',
];
const SAVEEXEC = ['s_and_saveexec_b64', 's_or_saveexec_b64', 's_xor_saveexec_b64', 's_andn2_saveexec_b64'];

/** A random program (assembly text, no s_endpgm). */
export function randomProgram(r: Rng, length: number, gfx908 = true): string {
  const fmac = gfx908;
  const lines: string[] = [];
  const vr = () => `v${r.int(NV)}`;
  const sr = () => `s${r.int(NS)}`;
  const pair = () => {
    const p = 24 + 2 * r.int(4);
    return `s[${p}:${p + 1}]`;
  };
  const spair = () => {
    const p = 2 * r.int(NS / 2);
    return `s[${p}:${p + 1}]`;
  };
  const inlineConst = () => r.pick(['0', '1', '-1', '64', '-16', '0.5', '-2.0', '4.0', '1.0']);
  // An e32 src0: VGPR, SGPR, inline constant or literal.
  const src0 = () => {
    const k = r.int(6);
    if (k < 3) return vr();
    if (k === 3) return sr();
    if (k === 4) return inlineConst();
    return `0x${value(r).toString(16)}`;
  };
  // A VOP3 source (gfx9: no literal; at most one SGPR per instruction, enforced by the caller).
  const src3 = (sgprOk: boolean) => {
    const k = r.int(5);
    if (k < 3 || (k === 3 && !sgprOk)) return vr();
    if (k === 3) return sr();
    return inlineConst();
  };
  // A source for an e32 op that also reads VCC (only one constant-bus read on gfx9).
  const vccSrc0 = () => (r.int(3) ? vr() : inlineConst());
  const vop3srcs = (n: number, sgprAllowed = true) => {
    const out: string[] = [];
    let sgpr = !sgprAllowed;
    for (let k = 0; k < n; k++) {
      const s = src3(!sgpr);
      if (s.startsWith('s')) sgpr = true;
      out.push(s);
    }
    return out;
  };
  const vpair = () => {
    const p = r.int(NV - 1);
    return `v[${p}:${p + 1}]`;
  };
  // A modified f32 VOP3 source: -x, |x|, -|x| or x.
  const mod = (x: string) => (/^[sv]/.test(x) ? r.pick([`-${x}`, `|${x}|`, `-|${x}|`, x]) : x);
  let labels = 0;
  const pending: { at: number; name: string }[] = [];
  for (let n = 0; n < length; n++) {
    for (const p of pending.filter((q) => q.at === n)) lines.push(`${p.name}:`);
    const k = r.int(42);
    if (k === 41) lines.push(sdwaOp(r));
    else if (k < 4) lines.push(`${r.pick(FLOAT2)} ${vr()}, ${src0()}, ${vr()}`);
    else if (k < 8) lines.push(`${r.pick(INT2)} ${vr()}, ${src0()}, ${vr()}`);
    else if (k < 9) lines.push(`${fmac ? 'v_fmac_f32' : 'v_mul_f32'} ${vr()}, ${src0()}, ${vr()}`);
    else if (k < 11) lines.push(`${r.pick(UNARY)} ${vr()}, ${src0()}`);
    else if (k < 12) lines.push(`${r.pick(VOP3_ONLY)} ${vr()}, ${vop3srcs(3).join(', ')}`);
    else if (k < 13) lines.push(`${r.pick(VOP3_ONLY2)} ${vr()}, ${vop3srcs(2).join(', ')}`);
    else if (k < 14) lines.push(`${r.pick(CARRY)} ${vr()}, vcc, ${src0()}, ${vr()}`);
    else if (k < 15) lines.push(`${r.pick(CARRY_IN)} ${vr()}, vcc, ${vccSrc0()}, ${vr()}, vcc`);
    else if (k < 16) lines.push(`${r.pick(CARRY)}_e64 ${vr()}, ${pair()}, ${vop3srcs(2).join(', ')}`);
    else if (k < 17) lines.push(`v_cndmask_b32 ${vr()}, ${vccSrc0()}, ${vr()}, vcc`);
    else if (k < 18) lines.push(`v_cndmask_b32_e64 ${vr()}, ${vop3srcs(2, false).join(', ')}, ${pair()}`);
    else if (k < 20) {
      const ty = r.pick(['f32', 'u32', 'i32']);
      const pred = ty === 'f32' ? r.pick([...FPRED, 'class']) : r.pick(IPRED);
      if (r.int(2) === 0) lines.push(`v_cmp_${pred}_${ty} vcc, ${src0()}, ${vr()}`);
      else lines.push(`v_cmp_${pred}_${ty}_e64 ${pair()}, ${vop3srcs(2).join(', ')}`);
    } else if (k < 21) {
      // Modifiers and output modifiers: not inlined, run by the interpreter's handler inside a block.
      const m = r.pick(['-', '|']);
      const s = m === '|' ? `|${vr()}|` : `-${vr()}`;
      lines.push(
        `${r.pick(['v_add_f32_e64', 'v_mul_f32_e64'])} ${vr()}, ${s}, ${vr()}${r.int(2) ? ' clamp' : ''}`,
      );
    } else if (k < 23) lines.push(`${r.pick(SOP2_32)} ${sr()}, ${r.int(3) ? sr() : inlineConst()}, ${sr()}`);
    else if (k < 24)
      lines.push(
        r.int(3)
          ? `${r.pick(SOP2_64)} ${spair()}, ${spair()}, ${r.int(2) ? spair() : 'vcc'}`
          : `${r.pick(SHIFT_S64)} ${spair()}, ${spair()}, ${r.int(2) ? sr() : inlineConst()}`,
      );
    else if (k < 25) lines.push(`${r.pick(SOPC)} ${sr()}, ${r.int(2) ? sr() : inlineConst()}`);
    else if (k < 26) {
      lines.push(
        r.int(2) ? `s_movk_i32 ${sr()}, 0x${r.int(65536).toString(16)}` : `s_cmov_b32 ${sr()}, ${sr()}`,
      );
    } else if (k < 27) {
      // An EXEC change: a save-exec from a random pair, later restored from the saved copy.
      lines.push(`${r.pick(SAVEEXEC)} s[32:33], ${spair()}`);
      lines.push(`s_or_b64 exec, exec, s[32:33]`);
    } else if (k < 28) {
      lines.push(`s_mov_b64 exec, ${spair()}`);
    } else if (k < 29) {
      // A forward branch over the next few instructions.
      const name = `L${labels++}`;
      pending.push({ at: Math.min(length, n + 1 + r.int(4)), name });
      lines.push(
        `${r.pick(['s_cbranch_execz', 's_cbranch_execnz', 's_cbranch_scc0', 's_cbranch_scc1', 's_cbranch_vccz', 's_cbranch_vccnz', 's_branch'])} ${name}`,
      );
    } else if (k < 30) lines.push(r.pick(['s_nop 0', 's_waitcnt 0']));
    else if (k < 31)
      lines.push(
        r.int(2)
          ? `${r.pick(SHIFT64)} ${vpair()}, ${vop3srcs(1).join('')}, ${vpair()}`
          : `${r.pick(SHIFT64)} ${vpair()}, ${r.int(2) ? vr() : inlineConst()}, ${spair()}`,
      );
    else if (k < 32)
      lines.push(`v_mad_u64_u32 ${vpair()}, ${pair()}, ${vop3srcs(2, false).join(', ')}, ${vpair()}`);
    else if (k < 34) {
      const [a, b, c] = vop3srcs(3);
      lines.push(
        r.pick([
          `v_fma_f32 ${vr()}, ${mod(a)}, ${mod(b)}, ${mod(c)}`,
          `v_mul_f32_e64 ${vr()}, ${mod(a)}, ${mod(b)}`,
          // The division sequence (div_fmas reads VCC whatever its sources).
          `v_div_scale_f32 ${vr()}, ${r.int(2) ? 'vcc' : pair()}, ${a}, ${b}, ${c}`,
          `v_div_fmas_f32 ${vr()}, ${vop3srcs(3, false).join(', ')}`,
          `v_div_fixup_f32 ${vr()}, ${a}, ${b}, ${c}`,
        ]),
      );
      lines.push(`v_cmp_${r.pick(FPRED)}_f32_e64 ${pair()}, ${mod(vr())}, ${mod(vr())}`);
    } else if (k < 35) {
      if (gfx908) {
        lines.push(`v_accvgpr_write_b32 a${r.int(8)}, ${r.int(2) ? vr() : inlineConst()}`);
        lines.push(`v_accvgpr_read_b32 ${vr()}, a${r.int(8)}`);
      }
    } else if (k < 36) {
      // A scalar load from the buffer at s[34:35] (now and then at and past its end).
      const n = r.pick([1, 2, 4, 8]);
      const d = n === 8 ? 8 * r.int(3) : n * r.int(24 / n);
      const dst = n === 1 ? `s${d}` : `s[${d}:${d + n - 1}]`;
      const off = r.int(10) === 0 ? BUFFER_BYTES - 4 * r.int(n + 2) : 4 * r.int(64);
      if (r.int(3) === 0) {
        // An SGPR offset, not necessarily a multiple of 4 (the address's two low bits are ignored).
        lines.push(`s_and_b32 s23, ${sr()}, 0x7ff`);
        lines.push(`s_load_dword${n === 1 ? '' : `x${n}`} ${dst}, s[34:35], s23`);
      } else lines.push(`s_load_dword${n === 1 ? '' : `x${n}`} ${dst}, s[34:35], 0x${off.toString(16)}`);
    } else if (k < 38) {
      lines.push(...ldsAccess(r));
    } else {
      // A global load or store in the 4 KiB buffer at s[34:35] (BUFFER_BYTES), at an offset taken
      // from a random register; now and then past its end, which must fault the same way on both engines.
      const dw = r.pick([1, 1, 2, 4]);
      const sfx = dw === 1 ? '' : `x${dw}`;
      // Mostly dword-aligned; now and then not (the engine moves those through a DataView).
      const mask = r.int(60) === 0 ? '0x1ffc' : r.int(6) === 0 ? '0x7f3' : '0x7f0';
      const offset = r.pick([0, 0, 4, 16, 64]);
      if (r.int(8) === 0) lines.push(`v_mov_b32 v12, ${BUFFER_BYTES - 4 * dw - 4 * r.int(3)}`);
      else lines.push(`v_and_b32 v12, ${mask}, ${vr()}`);
      const reg = (n: number) => (dw === 1 ? `v${n}` : `v[${n}:${n + dw - 1}]`);
      const addr = r.int(2) ? 'v12, s[34:35]' : 'v[12:13], off';
      if (addr.endsWith('off'))
        lines.push(
          'v_add_co_u32 v12, vcc, s34, v12',
          'v_mov_b32 v13, s35',
          'v_addc_co_u32 v13, vcc, 0, v13, vcc',
        );
      const n = r.int(NV - dw + 1);
      if (r.int(5) === 0) {
        // A 32-bit atomic (the compare-and-swap's data and compare value a register pair), returning
        // the old value now and then.
        const op = r.pick(INTEGER_ATOMICS);
        const data = op === 'cmpswap' ? `v[${n - (n % 2)}:${n - (n % 2) + 1}]` : `v${n}`;
        const glc = r.int(2) ? ' glc' : '';
        const ret = glc ? `v${r.int(NV)}, ` : '';
        const [vaddr, sbase] = addr.split(', ');
        // The FLAT form for a VGPR-pair address now and then (the GLOBAL paths run it).
        lines.push(
          sbase === 'off' && r.int(3) === 0
            ? `flat_atomic_${op} ${ret}${vaddr}, ${data} offset:${offset}${glc}`
            : `global_atomic_${op} ${ret}${vaddr}, ${data}, ${sbase} offset:${offset}${glc}`,
        );
      } else if (r.int(4) === 0) {
        // A byte or short (the d16 forms merge into half of the register), at any alignment, and now
        // and then over the buffer's last bytes.
        const [vaddr, sbase] = addr.split(', ');
        const off = offset + r.int(4) + (r.int(6) === 0 ? BUFFER_BYTES - 2036 : 0);
        const store = r.int(3) === 0;
        lines.push(
          store
            ? `global_store_${r.pick(SUB_STORES)} ${vaddr}, v${r.int(NV)}, ${sbase} offset:${off}`
            : `global_load_${r.pick(SUB_LOADS)} v${r.int(NV)}, ${vaddr}, ${sbase} offset:${off}`,
        );
      } else if (addr.endsWith('off') && r.int(3) === 0) {
        // FLAT with the same addresses (global: the GLOBAL paths run it), and now and then with the lanes
        // of VCC in the LDS aperture at small offsets (every lane then through its own space).
        if (r.int(3) === 0)
          lines.push(
            `v_and_b32 v14, 0x3fc, ${vr()}`,
            'v_cndmask_b32 v12, v12, v14, vcc',
            'v_mov_b32 v14, 0x10000',
            'v_cndmask_b32 v13, v13, v14, vcc',
          );
        lines.push(
          r.int(2)
            ? `flat_load_dword${sfx} ${reg(n)}, v[12:13] offset:${offset}`
            : `flat_store_dword${sfx} v[12:13], ${reg(n)} offset:${offset}`,
        );
      } else if (r.int(2)) lines.push(`global_load_dword${sfx} ${reg(n)}, ${addr} offset:${offset}`);
      else if (addr.endsWith('off'))
        lines.push(`global_store_dword${sfx} v[12:13], ${reg(n)}, off offset:${offset}`);
      else lines.push(`global_store_dword${sfx} v12, ${reg(n)}, s[34:35] offset:${offset}`);
    }
  }
  for (const p of pending.filter((q) => q.at >= length)) lines.push(`${p.name}:`);
  // Everything above runs three times in a counted loop (a backward branch).
  return [
    's_mov_b32 s40, 3',
    'LOOP:',
    ...lines,
    's_sub_u32 s40, s40, 1',
    's_cmp_lg_u32 s40, 0',
    's_cbranch_scc1 LOOP',
  ].join('\n');
}

/** Bytes of LDS the programs' workgroup has. */
export const LDS_BYTES = 4096;

/** Bytes of the buffer whose address the programs find in s[34:35]. */
export const BUFFER_BYTES = 4096;

/** The buffer's dword at byte offset o as runOn fills it (byte k is (k * 37 + 11) & 0xff). */
export function bufferDword(o: number): number {
  let x = 0;
  for (let b = 3; b >= 0; b--) x = x * 256 + (((o + b) * 37 + 11) & 0xff);
  return x;
}

export interface EngineState {
  /** What the program threw (a fault), or ''. */
  error: string;
  /** The buffer's bytes at the end. */
  buffer: Uint8Array;
  /** The LDS bytes at the end. */
  lds: Uint8Array;
  v: Uint32Array;
  a: Uint32Array;
  s: Uint32Array;
  scc: number;
  waveInstructions: number;
  laneInstructions: number;
}

/**
 * Runs `code` on a fresh wave whose registers `init` sets, on the given engine; on the jit, with regions
 * of up to `regionBlocks` blocks and each region interpreted `compileAfter` times before it is compiled.
 */
export function runOn(
  engine: 'interpreter' | 'jit',
  code: Uint8Array,
  target: Target,
  init: (w: Wave) => void,
  mode: number,
  regionBlocks?: number,
  compileAfter = 0,
): EngineState {
  const mem = new DeviceMemory();
  const base = mem.alloc(code.length + 64, 0x1000);
  mem.upload(base, code);
  const program = new Program(code, base, target);
  const w = new Wave(target === 'gfx908', true);
  w.wg = new Workgroup();
  w.wg.ldsSize = LDS_BYTES;
  // On the jit, the LDS where the dispatcher puts it, in the SIMD loops' memory (when a page is free).
  if (engine === 'jit') w.wg.useRegisterMemory();
  // Past the allocation too: an access there must read 0 however the bytes are.
  for (let k = 0; k < LDS_BYTES + 64; k++) w.wg.lds[k] = (k * 29 + 3) & 0xff;
  w.ctx = { mem, kernel: 'test', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  w.pc = base;
  w.mode = mode;
  init(w);
  const buf = mem.alloc(BUFFER_BYTES);
  const bytes = new Uint8Array(BUFFER_BYTES);
  for (let k = 0; k < BUFFER_BYTES; k++) bytes[k] = (k * 37 + 11) & 0xff; // bufferDword's pattern
  mem.upload(buf, bytes);
  w.s[34] = buf % 2 ** 32;
  w.s[35] = Math.floor(buf / 2 ** 32);
  // compileAfter given, not the environment's (blockCacheOf). Cold regions without the program's
  // image: a region compiled by an earlier run (REGIONS) would skip its cold runs.
  const cache = new BlockCache(
    program.base,
    program.size,
    regionBlocks ?? REGION_BLOCKS,
    compileAfter > 0 ? null : program,
    compileAfter,
  );
  let guard = 0;
  let error = '';
  try {
    while (!w.done) {
      if (++guard > 100000) throw new Error('runaway program');
      if (engine === 'interpreter') {
        const i = program.inst(w.pc);
        i.run(w, i);
        w.waveInstructions++;
      } else {
        const b = cache.get(w.ctx.inst, w.pc, w.mode);
        w.waveInstructions += b.run(w, 1000);
      }
    }
  } catch (e) {
    // The fault and the state it left; the counters are the dispatcher's business after a fault.
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    w.waveInstructions = 0;
    w.laneInstructions = 0;
  }
  const state = {
    error,
    buffer: mem.download(buf, BUFFER_BYTES),
    lds: w.wg.lds.slice(0, LDS_BYTES + 64),
    v: w.v.slice(0, NV * 64),
    a: w.a.slice(0, 32 * 64),
    s: w.s.slice(),
    scc: w.scc,
    waveInstructions: w.waveInstructions,
    laneInstructions: w.laneInstructions,
  };
  w.release();
  w.wg.releaseLds();
  return state;
}

/** The GLOBAL byte and short loads and stores (the d16 forms keep half of their register). */
const SUB_LOADS = [
  'ubyte',
  'sbyte',
  'ushort',
  'sshort',
  'ubyte_d16',
  'ubyte_d16_hi',
  'sbyte_d16',
  'sbyte_d16_hi',
  'short_d16',
  'short_d16_hi',
];
const SUB_STORES = ['byte', 'short', 'byte_d16_hi', 'short_d16_hi'];

/**
 * An SDWA op: integer VOP2/VOP1 ops with byte and word source selects, sign-extended or not, a VGPR, SGPR
 * or constant first source; mostly with a whole-dword result (which the engine inlines), now and then
 * a word or byte of it (which runs the handler); and f32 ops with whole-dword selects.
 */
function sdwaOp(r: Rng): string {
  const sel = () => r.pick(['BYTE_0', 'BYTE_1', 'BYTE_2', 'BYTE_3', 'WORD_0', 'WORD_1', 'DWORD']);
  const sx = (x: string) => (r.int(3) === 0 ? `sext(${x})` : x);
  const v = () => `v${r.int(NV)}`;
  const dst =
    r.int(6) === 0
      ? `dst_sel:${r.pick(['WORD_1', 'BYTE_2'])} dst_unused:UNUSED_PRESERVE`
      : 'dst_sel:DWORD dst_unused:UNUSED_PAD';
  const k = r.int(8);
  if (k < 5) {
    const op = r.pick([
      'v_add_u32',
      'v_sub_u32',
      'v_and_b32',
      'v_or_b32',
      'v_xor_b32',
      'v_lshlrev_b32',
      'v_lshrrev_b32',
      'v_ashrrev_i32',
      'v_mul_u32_u24',
      'v_max_i32',
      'v_min_u32',
    ]);
    const a = r.pick([v(), v(), `s${r.int(NS)}`, '3', '-1']);
    return `${op}_sdwa ${v()}, ${/^[sv]/.test(a) ? sx(a) : a}, ${sx(v())} ${dst} src0_sel:${sel()} src1_sel:${sel()}`;
  }
  if (k < 7) {
    const op = r.pick(['v_mov_b32', 'v_not_b32', 'v_cvt_f32_u32', 'v_cvt_f32_i32']);
    return `${op}_sdwa ${v()}, ${sx(v())} ${dst} src0_sel:${sel()}`;
  }
  return `${r.pick(['v_add_f32', 'v_mul_f32', 'v_sub_f32'])}_sdwa ${v()}, ${v()}, ${v()} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD`;
}

/**
 * An LDS access (LDS_BYTES allocated) at v12, set first: now and then partly past the end (reads 0,
 * writes dropped), or within 48 bytes of the allocation's end at any alignment, where an access is partly
 * in range a dword at a time; mostly dword-aligned.
 */
function ldsAccess(r: Rng): string[] {
  const lines: string[] = [];
  const vr = () => `v${r.int(NV)}`;
  if (r.int(3) === 0) lines.push(`v_mov_b32 v12, ${LDS_BYTES - r.int(48)}`);
  else
    lines.push(
      `v_and_b32 v12, ${r.pick(['0x1ffc', '0x7fc', '0x7fc', '0x7fc', '0x7fc', '0x7fe', '0x7ff'])}, ${vr()}`,
    );
  const d = r.int(NV - 4);
  const vd = (n: number) => (n === 1 ? `v${d}` : `v[${d}:${d + n - 1}]`);
  const off = r.int(4) * 4;
  const o2 = `offset0:${r.int(256)} offset1:${r.int(256)}`;
  lines.push(
    r.pick([
      `ds_write_b32 v12, ${vd(1)} offset:${off}`,
      `ds_read_b32 ${vd(1)}, v12 offset:${off}`,
      `ds_write_b64 v12, ${vd(2)} offset:${off}`,
      `ds_read_b128 ${vd(4)}, v12 offset:${off}`,
      `ds_read2_b32 ${vd(2)}, v12 ${o2}`,
      `ds_write2_b32 v12, ${vd(1)}, v${r.int(NV)} ${o2}`,
      `ds_read2st64_b32 ${vd(2)}, v12 offset0:${r.int(4)} offset1:${r.int(8)}`,
      `ds_write2st64_b32 v12, ${vd(1)}, v${r.int(NV)} offset0:${r.int(4)} offset1:${r.int(8)}`,
      `ds_read2_b64 ${vd(4)}, v12 ${o2}`,
    ]),
  );
  return lines;
}

/**
 * A random program of the VALU ops the engine runs as WebAssembly SIMD (jit/simd-gen.ts), in runs the
 * length of a lane loop, between EXEC changes and forward branches, so that most lane loops are SIMD:
 * f32 add/sub/mul (with source modifiers: NaNs and infinities make the groups the JavaScript body
 * computes), integer ops, shifts by a uniform count, conversions, compares into VCC and SGPR pairs,
 * v_cndmask on them, LDS accesses.
 */
export function randomSimdProgram(r: Rng, length: number): string {
  const lines: string[] = [];
  const vr = () => `v${r.int(NV)}`;
  const sr = () => `s${r.int(NS)}`;
  const pair = () => {
    const p = 24 + 2 * r.int(4);
    return `s[${p}:${p + 1}]`;
  };
  const k32 = () =>
    r.pick(['0', '1', '-1', '64', '-16', '0.5', '-2.0', '4.0', '1.0', `0x${value(r).toString(16)}`]);
  const src0 = () => (r.int(3) ? vr() : r.int(2) ? sr() : k32());
  const uni = () => (r.int(2) ? sr() : r.pick(['0', '1', '5', '31', '33', '-1']));
  const mod = (x: string) => r.pick([`-${x}`, `|${x}|`, `-|${x}|`, x]);
  let labels = 0;
  const pending: { at: number; name: string }[] = [];
  for (let n = 0; n < length; n++) {
    for (const p of pending.filter((q) => q.at === n)) lines.push(`${p.name}:`);
    const k = r.int(37);
    if (k < 5)
      lines.push(
        `${r.pick(['v_add_f32', 'v_sub_f32', 'v_subrev_f32', 'v_mul_f32'])} ${vr()}, ${src0()}, ${vr()}`,
      );
    else if (k < 7)
      lines.push(
        `${r.pick(['v_add_f32_e64', 'v_sub_f32_e64', 'v_mul_f32_e64'])} ${vr()}, ${mod(r.int(2) ? vr() : sr())}, ${mod(vr())}`,
      );
    else if (k < 10)
      lines.push(
        `${r.pick(INT2.filter((o) => !o.includes('shr') && !o.includes('shl')))} ${vr()}, ${src0()}, ${vr()}`,
      );
    else if (k < 11)
      lines.push(`${r.pick(['v_lshlrev_b32', 'v_lshrrev_b32', 'v_ashrrev_i32'])} ${vr()}, ${uni()}, ${vr()}`);
    else if (k < 13) lines.push(`${r.pick(UNARY.slice(0, 6))} ${vr()}, ${src0()}`);
    else if (k < 14) {
      const a = r.int(2) ? sr() : vr();
      lines.push(
        r.pick([
          `v_add3_u32 ${vr()}, ${a}, ${vr()}, ${vr()}`,
          `v_and_or_b32 ${vr()}, ${vr()}, ${a}, ${vr()}`,
          `v_or3_b32 ${vr()}, ${vr()}, ${vr()}, ${a}`,
          `v_lshl_add_u32 ${vr()}, ${vr()}, ${uni()}, ${vr()}`,
          `v_lshl_or_b32 ${vr()}, ${vr()}, ${uni()}, ${vr()}`,
          `v_mul_lo_u32 ${vr()}, ${a}, ${vr()}`,
        ]),
      );
      // v_perm_b32's selector: bytes of either source, 12 (zero), 13 and above (0xff) and the sign
      // replicators 8-11 (left to the JavaScript body), or a random SGPR.
      const sel = sr();
      const bytes = r.pick([
        '0x05040100',
        '0x07060302',
        '0x00030702',
        '0x0c0c0504',
        '0x0d0e0100',
        '0x0a010b04',
        '0x09080b0a',
      ]);
      if (r.int(4) !== 0) lines.push(`s_mov_b32 ${sel}, ${bytes}`);
      lines.push(`v_perm_b32 ${vr()}, ${vr()}, ${vr()}, ${sel}`);
    } else if (k < 17) {
      const ty = r.pick(['f32', 'f32', 'u32', 'i32']);
      const pred = ty === 'f32' ? r.pick(FPRED) : r.pick(IPRED);
      if (r.int(5) === 0)
        // The class mask from a register, or an inline constant naming a few classes.
        lines.push(
          r.int(2)
            ? `v_cmp_class_f32 vcc, ${src0()}, ${vr()}`
            : `v_cmp_class_f32_e64 ${pair()}, ${mod(vr())}, ${r.pick([vr(), sr(), '3', '63', '64', '-1'])}`,
        );
      else if (r.int(2) === 0) lines.push(`v_cmp_${pred}_${ty} vcc, ${src0()}, ${vr()}`);
      else lines.push(`v_cmp_${pred}_${ty}_e64 ${pair()}, ${r.int(2) ? vr() : sr()}, ${vr()}`);
    } else if (k < 19) {
      if (r.int(2))
        lines.push(
          `v_cndmask_b32 ${vr()}, ${r.int(2) ? vr() : r.pick(['0', '-1', '0.5', '-4.0'])}, ${vr()}, vcc`,
        );
      else lines.push(`v_cndmask_b32_e64 ${vr()}, ${vr()}, ${vr()}, ${pair()}`);
    } else if (k < 20) {
      const p = 2 * r.int(NS / 2);
      lines.push(`s_mov_b64 exec, s[${p}:${p + 1}]`);
    } else if (k < 21) lines.push(`s_and_saveexec_b64 s[32:33], ${r.int(2) ? 'vcc' : pair()}`);
    else if (k < 22) lines.push('s_or_b64 exec, exec, s[32:33]');
    else if (k < 23) {
      const name = `L${labels++}`;
      pending.push({ at: Math.min(length, n + 1 + r.int(6)), name });
      lines.push(`${r.pick(['s_cbranch_execz', 's_cbranch_vccnz', 's_branch'])} ${name}`);
    } else if (k < 24) lines.push(`s_add_u32 ${sr()}, ${sr()}, ${sr()}`);
    else if (k < 25)
      lines.push(`v_fma_f32 ${vr()}, ${mod(vr())}, ${mod(r.int(2) ? vr() : sr())}, ${mod(vr())}`);
    else if (k < 26) lines.push(`v_fmac_f32 ${vr()}, ${src0()}, ${vr()}`);
    else if (k < 27)
      lines.push(
        r.int(2)
          ? `${r.pick(CARRY)} ${vr()}, vcc, ${src0()}, ${vr()}`
          : `${r.pick(CARRY)}_e64 ${vr()}, ${pair()}, ${r.int(2) ? sr() : vr()}, ${vr()}`,
      );
    else if (k < 29)
      lines.push(
        r.int(2)
          ? `${r.pick(['v_min_f32', 'v_max_f32'])} ${vr()}, ${src0()}, ${vr()}`
          : `${r.pick(['v_min3_f32', 'v_max3_f32'])} ${vr()}, ${mod(vr())}, ${mod(r.int(2) ? sr() : vr())}, ${mod(vr())}`,
      );
    else if (k < 30) lines.push(`v_mad_u32_u24 ${vr()}, ${vr()}, ${r.int(2) ? sr() : vr()}, ${vr()}`);
    else if (k < 31) {
      const d = r.int(NV - 1);
      const v = r.int(NV - 1);
      const p = 2 * r.int(NS / 2);
      const value = r.pick([`v[${v}:${v + 1}]`, `v[${v}:${v + 1}]`, `s[${p}:${p + 1}]`, '1', '-1']);
      const count = value.startsWith('s') ? r.pick(['0', '1', '2', '31', '32', '33', '63', '64']) : uni();
      lines.push(`${r.pick(SHIFT64)} v[${d}:${d + 1}], ${count}, ${value}`);
    } else if (k < 33) {
      // The f32 division sequence's ops, on the same denominator and numerator now and then.
      const den = vr();
      const num = vr();
      lines.push(
        r.pick([
          `v_div_scale_f32 ${vr()}, ${r.int(2) ? 'vcc' : pair()}, ${r.pick([den, num, vr()])}, ${den}, ${num}`,
          `v_div_fmas_f32 ${vr()}, ${mod(vr())}, ${mod(vr())}, ${mod(vr())}`,
          `v_div_fixup_f32 ${vr()}, ${mod(vr())}, ${mod(den)}, ${mod(num)}`,
        ]),
      );
    } else if (k < 34)
      // The transcendentals: denormal, negative, zero, infinite and NaN sources come from value().
      lines.push(
        r.int(3)
          ? `${r.pick(['v_rcp_f32', 'v_sqrt_f32', 'v_rsq_f32', 'v_rcp_iflag_f32'])} ${vr()}, ${src0()}`
          : `${r.pick(['v_rcp_f32_e64', 'v_sqrt_f32_e64', 'v_rsq_f32_e64'])} ${vr()}, ${mod(vr())}`,
      );
    else if (k < 35)
      lines.push(
        r.int(2)
          ? `${r.pick(CARRY_IN)} ${vr()}, vcc, ${r.int(2) ? vr() : r.pick(['0', '1', '-1'])}, ${vr()}, vcc`
          : `${r.pick(CARRY_IN)}_e64 ${vr()}, ${pair()}, ${vr()}, ${vr()}, ${pair()}`,
      );
    // An LDS access, which a SIMD loop takes (one a loop).
    else lines.push(...ldsAccess(r));
    // An op with no SIMD form now and then: the loop before it stays SIMD, the one after it too.
    if (r.int(12) === 0) lines.push(`v_mul_hi_u32 ${vr()}, ${vr()}, ${vr()}`);
  }
  for (const p of pending.filter((q) => q.at >= length)) lines.push(`${p.name}:`);
  return lines.join('\n');
}

/** The generated source of the block at the start of `code`. */
export function compiledSource(code: Uint8Array, target: Target, mode: number): string {
  const program = new Program(code, 0x1000, target);
  return compileBlock((pc) => program.inst(pc), 0x1000, mode).source;
}

/** Random initial registers and EXEC. */
export function randomInit(r: Rng): (w: Wave) => void {
  const v = new Uint32Array(NV * 64);
  for (let k = 0; k < v.length; k++) v[k] = value(r);
  const s = new Uint32Array(40);
  for (let k = 0; k < 40; k++) s[k] = value(r);
  const e = r.int(3);
  const exec = e === 0 ? [0xffffffff, 0xffffffff] : e === 1 ? [r.next(), r.next()] : [r.next(), 0];
  const scc = r.int(2);
  const vcc = [r.next(), r.next()];
  const acc = new Uint32Array(8 * 64);
  for (let k = 0; k < acc.length; k++) acc[k] = value(r);
  return (w) => {
    w.v.set(v);
    if (w.a.length > 0) w.a.set(acc);
    w.s.set(s);
    w.s[EXEC_LO] = exec[0];
    w.s[EXEC_HI] = exec[1];
    w.s[106] = vcc[0];
    w.s[107] = vcc[1];
    w.scc = scc;
  };
}

/** The first difference between two states, or '' if none. */
export function stateDifference(a: EngineState, b: EngineState): string {
  for (let k = 0; k < a.v.length; k++)
    if (a.v[k] !== b.v[k])
      return `v${k >> 6} lane ${k & 63}: interpreter 0x${a.v[k].toString(16)}, jit 0x${b.v[k].toString(16)}`;
  if (a.error !== b.error) return `error: interpreter '${a.error}', jit '${b.error}'`;
  for (let k = 0; k < a.buffer.length; k++)
    if (a.buffer[k] !== b.buffer[k])
      return `buffer byte ${k}: interpreter ${a.buffer[k]}, jit ${b.buffer[k]}`;
  for (let k = 0; k < a.lds.length; k++)
    if (a.lds[k] !== b.lds[k]) return `LDS byte ${k}: interpreter ${a.lds[k]}, jit ${b.lds[k]}`;
  for (let k = 0; k < a.a.length; k++)
    if (a.a[k] !== b.a[k])
      return `a${k >> 6} lane ${k & 63}: interpreter 0x${a.a[k].toString(16)}, jit 0x${b.a[k].toString(16)}`;
  for (let k = 0; k < a.s.length; k++)
    if (a.s[k] !== b.s[k]) return `s${k}: interpreter 0x${a.s[k].toString(16)}, jit 0x${b.s[k].toString(16)}`;
  if (a.scc !== b.scc) return `scc: interpreter ${a.scc}, jit ${b.scc}`;
  if (a.waveInstructions !== b.waveInstructions)
    return `wave instructions: interpreter ${a.waveInstructions}, jit ${b.waveInstructions}`;
  if (a.laneInstructions !== b.laneInstructions)
    return `lane instructions: interpreter ${a.laneInstructions}, jit ${b.laneInstructions}`;
  return '';
}

export { assembleText };
