// Fuzzing of the emulator's execution path: random instruction streams (fully random dwords, and encodings
// built from the op tables with random operand fields, modifiers, SDWA/DPP, literals and memory offsets,
// retried until the disassembler, and so the loader, accepts them) run on one wave whose registers are
// seeded randomly (EXEC random incl. 0 and partial, SGPR and VGPR pairs pointing into a small mapped
// buffer or just past it, V#s over it, flat addresses in the LDS and private apertures, M0 and MODE
// random, LDS allocated). Every program must end in normal completion, the instruction limit, an
// ExecError (LaneFault included) or a MemoryFault; anything else is a bug. Half the programs resume after
// an error with the next instruction, to reach deeper states. After each instruction the wave's
// invariants are checked; in strict mode the register files and the VALU scratchpad are proxies that flag
// any index outside them and NaN stored into integer arrays (typed arrays would silently read undefined,
// drop the write or store 0), and the memory flags non-integer addresses.
// Whole dispatches (Device + kernelObject, random bodies, sometimes random descriptor settings) must
// fail, if at all, with a one-line DispatchError (or LaunchError) that is not an "internal error".
//
// Usage: node --import tsx scripts/fuzz-emu.ts [--count=10000 programs per target] [--seed=1]
//        [--target=gfx900,gfx908] [--len=12 max instructions] [--limit=64 instructions per run]
//        [--strict=0.25 share of strict runs] [--dispatches=N] [--max-report=50]
// A finding prints as `BUG <target> state-seed=<n> [resume] [<hex words>]` plus the instruction and the
// error; replay(target, words, seed, resume) re-runs it.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeAt, FAMILIES } from '../src/codec/disasm.js';
import type { DecodeOutput, Format, IsaEntry } from '../src/codec/types.js';
import { ExecError, type Inst } from '../src/emu/inst.js';
import { type AccessKind, DeviceMemory, MemoryFault, type Region } from '../src/emu/memory.js';
import { Program } from '../src/emu/program.js';
import { LANES } from '../src/emu/valu/exec.js';
import { EXEC_HI, EXEC_LO, FLAT_SCRATCH_HI, FLAT_SCRATCH_LO, M0, Wave, Workgroup } from '../src/emu/wave.js';
import { SMEM_GFX9, SOP1, SOP2, SOPC, SOPK, SOPP } from '../src/isa/encodings/scalar.js';
import { encode } from '../src/isa/fields.js';
import { processorOf } from '../src/isa/processors.js';
import { TARGETS, type Target } from '../src/isa/targets.js';

// ---------------------------------------------------------------------------------------------------
// Random numbers

/** splitmix32-seeded xorshift-multiply generator: deterministic per (seed, stream). */
export function makeRng(seed: number, stream = 0): () => number {
  let s = (seed ^ Math.imul(stream + 1, 0x9e3779b9)) >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

type Rng = () => number;
const below = (r: Rng, n: number): number => r() % n;
const pick = <T>(r: Rng, a: readonly T[]): T => a[r() % a.length]!;
const chance = (r: Rng, p: number): boolean => r() / 2 ** 32 < p;

// ---------------------------------------------------------------------------------------------------
// Operand fields

/** Scalar source codes worth hitting often: low SGPRs (seeded pointers), the top SGPRs, specials. */
const S_INTERESTING = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 96, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 122,
  123, 124, 125, 126, 127, 128, 129, 192, 193, 208, 209, 234, 235, 236, 237, 238, 239, 240, 247, 248, 249,
  250, 251, 252, 253, 254, 255,
];

function sSrc(r: Rng): number {
  return chance(r, 0.6) ? pick(r, S_INTERESTING) : below(r, 256);
}
function sDst(r: Rng): number {
  return chance(r, 0.6)
    ? pick(r, [0, 2, 4, 6, 8, 10, 100, 101, 102, 104, 106, 107, 124, 125, 126, 127])
    : below(r, 128);
}
function vReg(r: Rng): number {
  const x = below(r, 10);
  if (x < 5) return below(r, 8);
  if (x < 8) return 248 + below(r, 8);
  return below(r, 256);
}
function vSrc(r: Rng): number {
  return chance(r, 0.55) ? 256 + vReg(r) : sSrc(r);
}
function dppCtrl(r: Rng): number {
  if (chance(r, 0.2)) return below(r, 512);
  return pick(r, [
    below(r, 256),
    0x100 + below(r, 16),
    0x110 + below(r, 16),
    0x120 + below(r, 16),
    0x130,
    0x134,
    0x138,
    0x13c,
    0x140,
    0x141,
    0x142,
    0x143,
  ]);
}
function sdwaWord(r: Rng, vopc: boolean): number {
  let w = (vReg(r) | (chance(r, 0.3) ? 0x800000 : 0)) >>> 0;
  if (vopc) w |= (sDst(r) << 8) | (chance(r, 0.5) ? 0x8000 : 0);
  else w |= (below(r, 8) << 8) | (below(r, 4) << 11) | (below(r, 2) << 13) | (below(r, 4) << 14);
  w |= below(r, 8) << 16;
  w |= below(r, 8) << 19; // sext, neg, abs of src0
  w |= below(r, 8) << 24;
  w |= below(r, 16) << 27; // sext, neg, abs, s1 of src1 (bit 31)
  return w >>> 0;
}
function dppWord(r: Rng): number {
  return (
    (vReg(r) |
      (dppCtrl(r) << 8) |
      (below(r, 2) << 19) |
      (below(r, 16) << 20) |
      ((chance(r, 0.7) ? 0xf : below(r, 16)) << 24) |
      ((chance(r, 0.7) ? 0xf : below(r, 16)) << 28)) >>>
    0
  );
}
/** A branch displacement: mostly short (forward and backward), sometimes anything. */
function simm16(r: Rng, branch: boolean): number {
  if (branch && chance(r, 0.85)) return (below(r, 12) - 4) & 0xffff;
  return chance(r, 0.5) ? below(r, 0x10000) : pick(r, [0, 1, 0x7fff, 0x8000, 0xffff, below(r, 64)]);
}
function lit(r: Rng): number {
  return chance(r, 0.5) ? r() : pick(r, [0, 1, 0x80000000, 0x7fffffff, 0xffffffff, 0x3f800000, 0x7fc00000]);
}
const hasLit = (...codes: number[]) => codes.some((c) => c === 255);

// ---------------------------------------------------------------------------------------------------
// Instruction generators

/** The ops of every encoding family on a target, with the family they decode through. */
function opsOf(t: Target): { fmt: Format; e: IsaEntry }[] {
  const out: { fmt: Format; e: IsaEntry }[] = [];
  for (const [fmt, fam] of Object.entries(FAMILIES) as [Format, (typeof FAMILIES)[Format]][]) {
    for (const e of fam.ops(t)) out.push({ fmt, e });
  }
  return out;
}
const OPS = new Map<Target, { fmt: Format; e: IsaEntry }[]>();
for (const t of TARGETS) OPS.set(t, opsOf(t));

const CHECK = new Uint32Array(4);
const CHECK_OUT: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };

/**
 * Appends one encoding of a random op of `t` to `out`, valid as the disassembler (and so the loader)
 * sees it: candidates the disassembler rejects are retried a few times, then kept as they are.
 */
export function genInstruction(r: Rng, t: Target, out: number[]): void {
  const start = out.length;
  for (let tries = 0; tries < 12; tries++) {
    out.length = start;
    genCandidate(r, t, out);
    CHECK.fill(0xbf800000);
    for (let k = start; k < out.length && k - start < 4; k++) CHECK[k - start] = out[k]!;
    decodeAt({ words: CHECK, n: 4, target: t }, 0, CHECK_OUT);
    if (!CHECK_OUT.text.startsWith('.long')) return;
  }
}

function genCandidate(r: Rng, t: Target, out: number[]): void {
  const { e } = pick(r, OPS.get(t)!);
  const op = e.opcode;
  switch (e.encoding) {
    case 'SOP2': {
      const a = sSrc(r);
      const b = sSrc(r);
      out.push(encode(SOP2, { op, sdst: sDst(r), ssrc0: a, ssrc1: b })[0]);
      if (hasLit(a, b)) out.push(lit(r));
      return;
    }
    case 'SOPK':
      out.push(encode(SOPK, { op, sdst: sDst(r), simm16: simm16(r, e.name === 's_call_b64') })[0]);
      if (e.name === 's_setreg_imm32_b32') out.push(lit(r));
      return;
    case 'SOP1': {
      const a = sSrc(r);
      out.push(encode(SOP1, { op, sdst: sDst(r), ssrc0: a })[0]);
      if (hasLit(a)) out.push(lit(r));
      return;
    }
    case 'SOPC': {
      const a = sSrc(r);
      const b = sSrc(r);
      out.push(encode(SOPC, { op, ssrc0: a, ssrc1: b })[0]);
      if (hasLit(a, b)) out.push(lit(r));
      return;
    }
    case 'SOPP':
      out.push(encode(SOPP, { op, simm16: simm16(r, e.name.includes('branch')) })[0]);
      return;
    case 'SMEM': {
      const imm = below(r, 2);
      const soe = chance(r, 0.3) ? 1 : 0;
      const sbase = chance(r, 0.7) ? below(r, 8) : below(r, 64);
      // Drawn in the order the seeds of earlier reports were made with.
      const glc = below(r, 2);
      const sdata = sDst(r);
      const offset = imm ? (chance(r, 0.7) ? below(r, 64) * 4 : below(r, 1 << 21)) : below(r, 128);
      const soffset = soe ? sDst(r) : 0;
      out.push(...encode(SMEM_GFX9, { op, imm, glc, soe, sdata, sbase, offset, soffset }));
      return;
    }
    case 'VOP1':
    case 'VOP2':
    case 'VOPC':
    case 'VOP1_SDWA':
    case 'VOP2_SDWA':
    case 'VOPC_SDWA':
    case 'VOP1_DPP':
    case 'VOP2_DPP': {
      const sdwa = e.encoding.endsWith('SDWA');
      const dpp = e.encoding.endsWith('DPP');
      const src0 = sdwa ? 0xf9 : dpp ? 0xfa : vSrc(r);
      const base = e.encoding.slice(0, 4);
      let w0: number;
      if (base === 'VOP1') w0 = (0x3f << 25) | (vReg(r) << 17) | (op << 9) | src0;
      else if (base === 'VOP2') w0 = (op << 25) | (vReg(r) << 17) | (vReg(r) << 9) | src0;
      else w0 = (0x3e << 25) | (op << 17) | (vReg(r) << 9) | src0;
      out.push(w0 >>> 0);
      if (sdwa) out.push(sdwaWord(r, base === 'VOPC'));
      else if (dpp) out.push(dppWord(r));
      else if (src0 === 255 || /mad[am]k|fma[am]k/.test(e.name)) out.push(lit(r));
      return;
    }
    case 'VOP3A':
    case 'VOP3B': {
      const s0 = vSrc(r);
      const s1 = vSrc(r);
      const s2 = vSrc(r);
      const mid = e.encoding === 'VOP3B' ? sDst(r) : (below(r, 16) << 3) | below(r, 8);
      const dst = chance(r, 0.3) ? sDst(r) : vReg(r);
      out.push(((0x34 << 26) | (op << 16) | (below(r, 2) << 15) | (mid << 8) | dst) >>> 0);
      out.push(
        ((chance(r, 0.5) ? 0 : below(r, 8) << 29) |
          (chance(r, 0.7) ? 0 : below(r, 4) << 27) |
          (s2 << 18) |
          (s1 << 9) |
          s0) >>>
          0,
      );
      if (hasLit(s0, s1, s2) && chance(r, 0.5)) out.push(lit(r));
      return;
    }
    case 'VOP3P': {
      const s0 = vSrc(r);
      const s1 = vSrc(r);
      const s2 = vSrc(r);
      out.push(((0x1a7 << 23) | (op << 16) | (below(r, 2) << 15) | (below(r, 256) << 7) | vReg(r)) >>> 0);
      out.push(((below(r, 8) << 29) | (below(r, 4) << 27) | (s2 << 18) | (s1 << 9) | s0) >>> 0);
      return;
    }
    case 'DS': {
      const off = chance(r, 0.5) ? below(r, 64) * 4 : below(r, 0x10000);
      const gds = chance(r, 0.1) ? 1 : 0;
      out.push(((0x36 << 26) | (op << 17) | (gds << 16) | off) >>> 0);
      // Fields an op does not use must be zero (else the word is not a valid instruction).
      const f = () => (chance(r, 0.4) ? 0 : vReg(r));
      out.push(((f() << 24) | (f() << 16) | (f() << 8) | f()) >>> 0);
      return;
    }
    case 'FLAT':
    case 'GLOBAL':
    case 'SCRATCH': {
      const seg = e.encoding === 'FLAT' ? 0 : e.encoding === 'SCRATCH' ? 1 : 2;
      const off = chance(r, 0.6) ? below(r, 64) * 4 : below(r, 0x2000);
      const saddr = seg === 0 ? 0 : chance(r, 0.5) ? 0x7f : chance(r, 0.8) ? below(r, 8) * 2 : below(r, 128);
      out.push(
        ((0x37 << 26) |
          (op << 18) |
          (below(r, 4) << 16) |
          (seg << 14) |
          (chance(r, 0.05) ? 1 << 13 : 0) |
          off) >>>
          0,
      );
      out.push(
        ((vReg(r) << 24) | (chance(r, 0.05) ? 1 << 23 : 0) | (saddr << 16) | (vReg(r) << 8) | vReg(r)) >>> 0,
      );
      return;
    }
    case 'MUBUF': {
      const off = chance(r, 0.6) ? below(r, 64) * 4 : below(r, 0x1000);
      const flags = chance(r, 0.8) ? below(r, 4) << 12 : below(r, 64) << 12;
      out.push(((0x38 << 26) | (op << 18) | flags | off) >>> 0);
      const soff = chance(r, 0.5) ? 128 : sSrc(r);
      const srsrc = chance(r, 0.8) ? below(r, 4) : below(r, 32);
      out.push(
        ((soff << 24) | (chance(r, 0.05) ? 1 << 23 : 0) | (srsrc << 16) | (vReg(r) << 8) | vReg(r)) >>> 0,
      );
      return;
    }
    default: {
      // Graphics encodings (MIMG, MTBUF, EXP, VINTRP): the first dword's high bits and random rest.
      const hb = FORMAT_HIGH.get(e.encoding);
      out.push(hb === undefined ? r() : ((hb << 23) | (r() & 0x7fffff)) >>> 0, r());
    }
  }
}

const FORMAT_HIGH = new Map<string, number>([
  ['MIMG', 0x1e0],
  ['MTBUF', 0x1d0],
  ['EXP', 0x188],
  ['VINTRP', 0x1a8],
]);

const SOPC_SET_GPR_IDX_ON = FAMILIES.sopc.ops('gfx900').find((e) => e.name === 's_set_gpr_idx_on')!.opcode;

export type GenMode = 'random' | 'valid' | 'mixed';

/** A random program of about `len` instructions (words), ending in s_endpgm. */
export function genProgram(r: Rng, t: Target, mode: GenMode, len: number): Uint32Array {
  const out: number[] = [];
  // Sometimes start in VGPR indexing mode (s_set_gpr_idx_on with a small index and random enables),
  // which changes every VALU operand that follows.
  if (mode !== 'random' && chance(r, 0.1)) {
    out.push(encode(SOPC, { op: SOPC_SET_GPR_IDX_ON, ssrc1: below(r, 16), ssrc0: 128 + below(r, 8) })[0]);
  }
  for (let k = 0; k < len; k++) {
    const m = mode === 'mixed' ? (chance(r, 0.15) ? 'random' : 'valid') : mode;
    if (m === 'random') out.push(r(), ...(chance(r, 0.5) ? [r()] : []));
    else genInstruction(r, t, out);
  }
  out.push(0xbf810000); // s_endpgm
  return Uint32Array.from(out);
}

// ---------------------------------------------------------------------------------------------------
// Strict register files and memory

/** Records the first out-of-bounds or non-index access to a register file proxy. */
export const violations: string[] = [];

/**
 * A proxy of a typed array that records (in `violations`) reads and writes outside it, and writes of
 * non-numbers, or of NaN unless the array holds floats (a typed array would silently store 0).
 */
export function strictArray<T extends Uint32Array | Int32Array | Float32Array | Float64Array>(
  a: T,
  name: string,
): T {
  const len = a.length;
  const floats = a instanceof Float32Array || a instanceof Float64Array;
  const check = (p: string | symbol, what: string): void => {
    if (typeof p !== 'string') return;
    const n = Number(p);
    if (String(n) === p || p === '-0') {
      if (!(Number.isInteger(n) && n >= 0 && n < len))
        violations.push(`${what} ${name}[${p}] (length ${len})`);
    } else if (!(p in a)) violations.push(`${what} ${name}.${p}`);
  };
  return new Proxy(a, {
    get(target, p) {
      check(p, 'read of');
      const v = Reflect.get(target, p, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    set(target, p, v) {
      check(p, 'write of');
      if (typeof p === 'string' && typeof v !== 'number')
        violations.push(`write of ${typeof v} to ${name}[${p}]`);
      else if (!floats && typeof v === 'number' && Number.isNaN(v))
        violations.push(`write of NaN to ${name}[${String(p)}]`);
      return Reflect.set(target, p, v, target);
    },
  });
}

/** Swaps the VALU scratchpad's arrays (what lane math reads and writes) for strict proxies; returns an undo. */
function strictLanes(): () => void {
  const lanes = LANES as unknown as Record<string, unknown>;
  const saved: [string, unknown][] = [];
  for (const [k, val] of Object.entries(lanes)) {
    if (
      val instanceof Uint32Array ||
      val instanceof Int32Array ||
      val instanceof Float32Array ||
      val instanceof Float64Array
    ) {
      saved.push([k, val]);
      lanes[k] = strictArray(val, `lanes.${k}`);
    }
  }
  return () => {
    for (const [k, val] of saved) lanes[k] = val;
  };
}

/** Device memory that also flags addresses which are not integers (NaN, fractions, infinities). */
class StrictMemory extends DeviceMemory {
  strict = false;
  override region(addr: number, size: number, kind: AccessKind): Region {
    if (this.strict && !Number.isInteger(addr))
      violations.push(`memory ${kind} at non-integer address ${addr}`);
    return super.region(addr, size, kind);
  }
}

// ---------------------------------------------------------------------------------------------------
// Running one program

export type OutcomeKind = 'done' | 'limit' | 'exec' | 'fault' | 'bug';

export interface Outcome {
  kind: OutcomeKind;
  /** The error message (exec, fault, bug) or the invariant that broke. */
  message: string;
  /** Text of the instruction that was running, when known. */
  inst: string;
  instructions: number;
  /** ExecErrors and faults met (more than one when resuming). */
  errors: number;
}

/** The wave's invariants after an instruction; null when they hold. */
function checkWave(w: Wave, s: Uint32Array, v: Uint32Array, a: Uint32Array, lds: number): string | null {
  if (w.s !== s || w.v !== v || w.a !== a) return 'a register file was replaced';
  if (w.scc !== 0 && w.scc !== 1) return `scc = ${w.scc}`;
  if (!Number.isSafeInteger(w.pc) || w.pc < 0) return `pc = ${w.pc}`;
  if (!Number.isInteger(w.mode) || w.mode < 0 || w.mode > 0xffffffff) return `mode = ${w.mode}`;
  if (!Number.isInteger(w.trapsts) || w.trapsts < 0 || w.trapsts > 0xffffffff)
    return `trapsts = ${w.trapsts}`;
  if (!Number.isInteger(w.gprIdxMode) || w.gprIdxMode < 0 || w.gprIdxMode > 16)
    return `gprIdxMode = ${w.gprIdxMode}`;
  if (!Number.isSafeInteger(w.laneInstructions)) return `laneInstructions = ${w.laneInstructions}`;
  if (w.wg.ldsSize !== lds) return `ldsSize changed to ${w.wg.ldsSize}`;
  return null;
}

export interface RunOptions {
  limit?: number;
  /** Proxy the register files (slow) and check memory addresses. */
  strict?: boolean;
  /** After an ExecError or fault, go on with the next instruction (the outcome is the last error). */
  resume?: boolean;
}

/** Runs `words` on one randomly seeded wave (state from `r`). */
export function runProgram(words: Uint32Array, t: Target, r: Rng, o: RunOptions = {}): Outcome {
  const limit = o.limit ?? 64;
  const mem = new StrictMemory();
  const code = new Uint8Array(words.buffer.slice(words.byteOffset, words.byteOffset + words.byteLength));
  const base = mem.alloc(code.length, 0x1000);
  mem.upload(base, code);
  const buf = mem.alloc(4096);
  for (let k = 0; k < 4096; k += 4) mem.write32(buf + k, r());
  const scratch = mem.alloc(256 * 64, 4096);
  const program = new Program(code, base, t);
  const w = new Wave(t === 'gfx908');
  w.wg = new Workgroup();
  w.wg.ldsSize = pick(r, [0, 256, 4096, 65536]);
  w.ctx = { mem, kernel: 'fuzz', inst: (pc) => program.inst(pc), startNs: 0, clock: 0 };
  seedWave(w, r, buf, scratch);
  w.pc = base;
  let undoLanes: (() => void) | undefined;
  let s: Uint32Array = w.s;
  let v: Uint32Array = w.v;
  let a: Uint32Array = w.a;
  if (o.strict) {
    s = strictArray(w.s, 's');
    v = strictArray(w.v, 'v');
    a = strictArray(w.a, 'a');
    Object.assign(w, { s, v, a });
    mem.strict = true;
    undoLanes = strictLanes();
  }
  violations.length = 0;
  const lds = w.wg.ldsSize;
  let n = 0;
  let text = '';
  let errors = 0;
  let last: Outcome | null = null;
  const bug = (message: string): Outcome => ({ kind: 'bug', message, inst: text, instructions: n, errors });
  try {
    while (!w.done) {
      if (n >= limit) return last ?? { kind: 'limit', message: '', inst: text, instructions: n, errors };
      w.atBarrier = false;
      let i: Inst | undefined;
      try {
        i = program.inst(w.pc);
        text = i.text;
        i.run(w, i);
      } catch (e) {
        if (violations.length > 0) return bug(violations[0]!);
        let kind: OutcomeKind;
        if (e instanceof ExecError) kind = 'exec';
        else if (e instanceof MemoryFault) kind = 'fault';
        else {
          const err = e as Error;
          return bug(`${err?.name ?? typeof e}: ${err?.message ?? String(e)}`);
        }
        errors++;
        last = { kind, message: (e as Error).message, inst: text, instructions: n + 1, errors };
        // Resuming: carry on with the next instruction on whatever state the failed one left.
        if (!o.resume || i === undefined) return last;
        w.pc = i.pc + i.size;
      }
      n++;
      if (violations.length > 0) return bug(violations[0]!);
      const broken = checkWave(w, s, v, a, lds);
      if (broken !== null) return bug(broken);
    }
  } finally {
    if (o.strict) violations.length = 0;
    undoLanes?.();
  }
  return last ?? { kind: 'done', message: '', inst: text, instructions: n, errors };
}

/** Random but useful initial state: pointers into `buf` (and just past it), V#s over it, random EXEC/M0. */
function seedWave(w: Wave, r: Rng, buf: number, scratch: number): void {
  const s = w.s;
  for (let k = 0; k < 128; k++) s[k] = r();
  const ptr = () => buf + (chance(r, 0.8) ? below(r, 64) * 4 : below(r, 8192) - 2048);
  // SGPR pairs s[0:1] .. s[14:15] and some at the top: addresses (mostly inside the buffer).
  for (const p of [0, 2, 4, 6, 8, 10, 12, 14, 100]) {
    if (chance(r, 0.85)) {
      const x = ptr();
      s[p] = x >>> 0;
      s[p + 1] = Math.floor(x / 2 ** 32);
    }
  }
  // V#s at s[0:3], s[4:7], s[8:11], s[12:15] (overwriting some pairs): base, stride, num_records, flags.
  for (const q of [0, 4, 8, 12]) {
    if (chance(r, 0.5)) continue;
    const x = ptr();
    s[q] = x >>> 0;
    s[q + 1] =
      ((Math.floor(x / 2 ** 32) & 0xffff) |
        (pick(r, [0, 4, 16, below(r, 0x4000)]) << 16) |
        (r() & 0xc0000000)) >>>
      0;
    s[q + 2] = pick(r, [0, 16, 256, 4096, 0xffffffff, r()]);
    s[q + 3] = r();
  }
  s[M0] = pick(r, [0, 1, 0xffffffff, below(r, 256), below(r, 0x10000), r()]);
  const exec = below(r, 5);
  s[EXEC_LO] = exec === 0 ? 0 : exec === 1 ? 0xffffffff : r();
  s[EXEC_HI] = exec === 0 ? 0 : exec === 1 ? 0xffffffff : exec === 2 ? 0 : r();
  s[FLAT_SCRATCH_LO] = scratch >>> 0;
  s[FLAT_SCRATCH_HI] = Math.floor(scratch / 2 ** 32);
  if (chance(r, 0.2)) s[FLAT_SCRATCH_LO] = r();
  w.scc = below(r, 2);
  w.mode = chance(r, 0.7) ? (3 << 4) | (3 << 6) | (1 << 8) | (1 << 9) : r();
  const v = w.v;
  for (let k = 0; k < v.length; k++) v[k] = r();
  // VGPR pairs v[0:1], v[2:3], ... lane addresses; v8-v11 small offsets (LDS, scratch, buffer offsets).
  for (let reg = 0; reg < 8; reg += 2) {
    if (chance(r, 0.2)) continue;
    for (let l = 0; l < 64; l++) {
      const x = ptr();
      v[reg * 64 + l] = x >>> 0;
      v[(reg + 1) * 64 + l] = Math.floor(x / 2 ** 32);
    }
  }
  for (let reg = 8; reg < 12; reg++) {
    const big = chance(r, 0.2);
    for (let l = 0; l < 64; l++) v[reg * 64 + l] = big ? r() : below(r, 1024) & ~(chance(r, 0.9) ? 3 : 0);
  }
  // Flat addresses into the LDS and private apertures.
  if (chance(r, 0.5)) for (let l = 0; l < 64; l++) v[64 + l] = pick(r, [0x10000, 0x20000, v[64 + l]!]);
  for (let k = 0; k < w.a.length; k++) w.a[k] = r();
  for (let k = 0; k < w.wg.ldsSize; k += 4) w.wg.ldsView.setUint32(k, r(), true);
}

// ---------------------------------------------------------------------------------------------------
// The campaign

export interface FuzzStats {
  programs: number;
  instructions: number;
  /** ExecErrors and faults, counting those resumed after. */
  errors: number;
  outcomes: Record<OutcomeKind, number>;
  bugs: {
    target: Target;
    seed: number;
    resume: boolean;
    words: string;
    inst: string;
    message: string;
  }[];
}

export function hex(words: Uint32Array): string {
  return Array.from(words, (x) => x.toString(16).padStart(8, '0')).join(' ');
}

/** Runs `count` programs per target; deterministic for a seed. */
export function fuzz(o: {
  count: number;
  seed: number;
  targets?: readonly Target[];
  len?: number;
  limit?: number;
  strictShare?: number;
  maxBugs?: number;
}): FuzzStats {
  const st: FuzzStats = {
    programs: 0,
    instructions: 0,
    errors: 0,
    outcomes: { done: 0, limit: 0, exec: 0, fault: 0, bug: 0 },
    bugs: [],
  };
  const seen = new Set<string>();
  for (const t of o.targets ?? TARGETS) {
    const r = makeRng(o.seed, TARGETS.indexOf(t));
    for (let k = 0; k < o.count; k++) {
      const mode: GenMode = k % 10 === 0 ? 'random' : k % 10 === 1 ? 'mixed' : 'valid';
      const words = genProgram(r, t, mode, 1 + below(r, o.len ?? 12));
      const strict = chance(r, o.strictShare ?? 0.25);
      const resume = chance(r, 0.5);
      const stateSeed = r();
      const t0 = Date.now();
      let res = runProgram(words, t, makeRng(stateSeed), { limit: o.limit, strict, resume });
      // A handful of instructions take microseconds: a second means a handler loops (or nearly).
      if (res.kind !== 'bug' && Date.now() - t0 > 1000)
        res = { ...res, kind: 'bug', message: `took ${Date.now() - t0} ms (${res.message})` };
      st.errors += res.errors;
      st.programs++;
      st.instructions += res.instructions;
      st.outcomes[res.kind]++;
      if (res.kind === 'bug') {
        // One report per (instruction mnemonic, message shape).
        const key = `${res.inst.split(' ')[0]}|${res.message.replace(/\d+/g, 'N')}`;
        if (seen.has(key) || st.bugs.length >= (o.maxBugs ?? 50)) continue;
        seen.add(key);
        st.bugs.push({
          target: t,
          seed: stateSeed,
          resume,
          words: hex(words),
          inst: res.inst,
          message: res.message,
        });
      }
    }
  }
  return st;
}

/** Re-runs one reported program: words as hex, the state seed, strict. */
export function replay(t: Target, words: string, seed: number, resume = false, strict = true): Outcome {
  const w = Uint32Array.from(words.trim().split(/\s+/), (x) => Number.parseInt(x, 16));
  return runProgram(w, t, makeRng(seed), { strict, resume });
}

// ---------------------------------------------------------------------------------------------------
// Whole dispatches

export interface DispatchFuzzResult {
  dispatches: number;
  ok: number;
  reports: number;
  bugs: { target: Target; words: string; message: string }[];
}

/**
 * What a random kernel body starts from: s[2:3] the buffer argument and s[4:7] a V# over it, v[2:3] the
 * lane's dword of the buffer, v4 the lane's LDS dword, M0 = -1 (the setup the op generators aim at).
 */
const PROLOGUE = `  s_load_dwordx2 s[2:3], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s4, s2
  s_mov_b32 s5, s3
  s_mov_b32 s6, 4096
  s_mov_b32 s7, 0x27000
  s_mov_b32 m0, -1
  v_lshlrev_b32 v4, 2, v0
  v_mov_b32 v3, s3
  ADD v2, vcc, s2, v4
  ADDC v3, vcc, v3, 0, vcc
`;

/**
 * The prologue in target t's spelling (LLVM's names for the carry-out add): v_add_i32 on gfx6/7,
 * v_add_u32 on gfx8, v_add_co_u32 on gfx9; the add with carry-in is v_addc_u32 until gfx9's v_addc_co_u32.
 */
function prologue(t: Target): string {
  const g = processorOf(t).generation;
  const add = g === 'gfx9' ? 'v_add_co_u32' : g === 'gfx8' ? 'v_add_u32' : 'v_add_i32';
  return PROLOGUE.replace('ADDC', g === 'gfx9' ? 'v_addc_co_u32' : 'v_addc_u32').replace('ADD', add);
}

/** Random kernel descriptor directives (each valid on its own). */
function randomKd(r: Rng): string {
  const lines: string[] = [];
  if (chance(r, 0.5))
    lines.push(
      `.amdhsa_private_segment_fixed_size ${pick(r, [4, 64, 1024, 65536, 1e8, 4e9, below(r, 0x100000)])}`,
    );
  for (const d of ['x', 'y', 'z']) if (chance(r, 0.3)) lines.push(`.amdhsa_system_sgpr_workgroup_id_${d} 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_system_sgpr_workgroup_info 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_system_sgpr_private_segment_wavefront_offset 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_system_vgpr_workitem_id ${below(r, 3)}`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_user_sgpr_dispatch_ptr 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_user_sgpr_queue_ptr 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_user_sgpr_dispatch_id 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_user_sgpr_private_segment_buffer 1`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_float_round_mode_32 ${below(r, 4)}`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_float_denorm_mode_32 ${below(r, 4)}`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_ieee_mode ${below(r, 2)}`);
  if (chance(r, 0.3)) lines.push(`.amdhsa_dx10_clamp ${below(r, 2)}`);
  return lines.join('\n');
}

/**
 * Loads kernels with random bodies (as .long words) and launches them; every failure must be a one-line
 * DispatchError that is not an internal error.
 */
export async function fuzzDispatch(count: number, seed: number, len = 8): Promise<DispatchFuzzResult> {
  const { Device, DispatchError, LaunchError } = await import('../src/runtime/device.js');
  const { kernelObject } = await import('../test/helpers/kernel-asm.js');
  const res: DispatchFuzzResult = { dispatches: 0, ok: 0, reports: 0, bugs: [] };
  const r = makeRng(seed, 99);
  for (let k = 0; k < count; k++) {
    const t = TARGETS[k % TARGETS.length]!;
    const words = genProgram(r, t, k % 5 === 0 ? 'mixed' : 'valid', 1 + below(r, len)).subarray(0, -1);
    const body = Array.from(words, (x) => `  .long 0x${x.toString(16)}`).join('\n');
    const dev = new Device();
    const out = dev.alloc(4096);
    let mod: ReturnType<typeof dev.load>;
    try {
      // One program in four also gets random descriptor settings (private segment, system SGPRs and
      // VGPRs, float mode, LDS size).
      const kd = chance(r, 0.25) ? randomKd(r) : '';
      const groupSize = chance(r, 0.8) ? 256 : pick(r, [0, 4, 65536]);
      mod = dev.load(
        kernelObject('k', prologue(t) + body, { target: t, args: ['ptr'], groupSize, kd }),
        'fuzz.co',
      );
    } catch (e) {
      res.bugs.push({ target: t, words: hex(words), message: `load failed: ${(e as Error).message}` });
      continue;
    }
    res.dispatches++;
    try {
      mod.launch('k', {
        grid: chance(r, 0.9)
          ? [64 * (1 + below(r, 2))]
          : [1 + below(r, 100), 1 + below(r, 3), 1 + below(r, 2)],
        block: chance(r, 0.9)
          ? [pick(r, [32, 64, 128])]
          : [1 + below(r, 16), 1 + below(r, 4), 1 + below(r, 2)],
        args: [out],
        budget: 2000,
      });
      res.ok++;
    } catch (e) {
      const msg = (e as Error).message ?? String(e);
      if (e instanceof LaunchError) res.reports++;
      else if (!(e instanceof DispatchError))
        res.bugs.push({ target: t, words: hex(words), message: `not a DispatchError: ${String(e)}` });
      else if (msg.includes('\n'))
        res.bugs.push({ target: t, words: hex(words), message: `multi-line report: ${msg}` });
      else if (msg.includes('internal error')) res.bugs.push({ target: t, words: hex(words), message: msg });
      else res.reports++;
    }
  }
  return res;
}

// ---------------------------------------------------------------------------------------------------
// Command line

async function main(): Promise<void> {
  const arg = (name: string, def: string): string =>
    process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
  const count = Number(arg('count', '10000'));
  const seed = Number(arg('seed', '1'));
  const target = arg('target', '');
  const targets = target ? (target.split(',') as Target[]) : TARGETS;
  const t0 = Date.now();
  const st = fuzz({
    count,
    seed,
    targets,
    len: Number(arg('len', '12')),
    limit: Number(arg('limit', '64')),
    strictShare: Number(arg('strict', '0.25')),
    maxBugs: Number(arg('max-report', '50')),
  });
  const secs = (Date.now() - t0) / 1000;
  console.log(
    `fuzz-emu seed=${seed} targets=${targets.join(',')}: ${st.programs} programs, ${st.instructions} instructions in ${secs.toFixed(1)} s`,
  );
  console.log(`outcomes: ${JSON.stringify(st.outcomes)}; ${st.errors} errors and faults in all`);
  for (const b of st.bugs) {
    console.log(
      `BUG ${b.target} state-seed=${b.seed}${b.resume ? ' resume' : ''} [${b.words}]\n    at '${b.inst}': ${b.message}`,
    );
  }
  const nd = Number(arg('dispatches', String(Math.min(200, Math.ceil(count / 50)))));
  if (nd > 0) {
    const d = await fuzzDispatch(nd, seed);
    console.log(
      `dispatches: ${d.dispatches} (${d.ok} completed, ${d.reports} reports, ${d.bugs.length} bugs)`,
    );
    for (const b of d.bugs) console.log(`DISPATCH BUG ${b.target} [${b.words}]\n    ${b.message}`);
    if (d.bugs.length > 0) process.exitCode = 1;
  }
  if (st.bugs.length > 0) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) void main();
