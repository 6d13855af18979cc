// The code of one basic block of a region (block.ts): runs of inlinable VALU ops as one loop over the
// active lanes (registers read and written in place, lane-mask outputs gathered in locals), the memory
// instructions of mem-gen.ts, common SALU ops and branches as straight-line statements, and every other
// instruction a call of the interpreter's own handler, so that the block computes what the interpreter
// computes.

import type { Inst } from '../inst.js';
import { flatGlobal, flatRunsGlobal } from '../mem/flat.js';
import type { SaluFn } from '../salu/context.js';
import { branchTarget, runSalu, runSaluK, sBarrier, sopkDstDwords } from '../salu/exec.js';
import { isConstCode, readScalar64 } from '../scalar-src.js';
import { runValu, type ValuOp } from '../valu/exec.js';
import { M_IEEE } from '../valu/f32-util.js';
import { D_MASK, D_VGPR, K_F32, K_I64, K_INT } from '../valu/info.js';
import { valuSpecial } from '../valu/special.js';
import { EXEC_HI, EXEC_LO, VCC_HI, VCC_LO, Wave } from '../wave.js';
import { ACTIVE_LANES, HELPERS, laneLoop } from './helpers.js';
import { globalAtomicCode, globalCode, ldsLane, ldsSimd, sloadCode } from './mem-gen.js';
import { mfmaSimdFits } from './mfma-simd.js';
import { SALU_GENS } from './salu-gen.js';
import { SimdLoop, type SimdSrc } from './simd-gen.js';
import { inlineMode, type LaneOperands, type OpGen, VALU_GENS } from './valu-gen.js';
import { MASK_OUT } from './vregs.js';
import type { FuncWriter } from './wasm-bin.js';

export const BRANCHES: Record<string, string> = {
  s_branch: 'true',
  s_cbranch_scc0: 'w.scc === 0',
  s_cbranch_scc1: 'w.scc !== 0',
  s_cbranch_vccz: `(s[${VCC_LO}] | s[${VCC_HI}]) === 0`,
  s_cbranch_vccnz: `(s[${VCC_LO}] | s[${VCC_HI}]) !== 0`,
  s_cbranch_execz: `(s[${EXEC_LO}] | s[${EXEC_HI}]) === 0`,
  s_cbranch_execnz: `(s[${EXEC_LO}] | s[${EXEC_HI}]) !== 0`,
};

const ACC_READ = valuSpecial('v_accvgpr_read_b32');
const ACC_WRITE = valuSpecial('v_accvgpr_write_b32');

/** SOPP ops that only advance the pc (the emulator completes memory operations at once). */
export const NOPS = new Set(['s_nop', 's_waitcnt']);

/** Formats whose handlers may change the pc or wave state a block relies on: the block ends after them. */
const SCALAR_FORMATS = new Set(['sop1', 'sop2', 'sopc', 'sopk', 'sopp']);

/**
 * Whether a basic block ends with instruction i: a branch or any other SOPP op but the no-ops, and the
 * scalar ops other than plain ALU ones (s_setpc, s_setreg, s_set_gpr_idx_on...), after which the wave's
 * pc, MODE or indexing state may not be what the block was compiled for.
 */
export function endsBlock(i: Inst): boolean {
  return i.fmt === 'sopp'
    ? !NOPS.has(i.name)
    : SCALAR_FORMATS.has(i.fmt) && i.run !== runSalu && i.run !== runSaluK;
}

/** A dummy wave for evaluating constant operands at compile time (constants read no register). */
let CONST_WAVE: Wave | undefined;
const PAIR = new Uint32Array(2);

function num(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (Object.is(x, -0)) return '-0';
  return String(x);
}

/**
 * Fewest SIMD ops worth a loop of their own between ops that are not: each loop costs its set-up, and
 * matmul's inner block (one SIMD op between 64-bit shifts and carries) ran 1.5x slower split.
 */
const MIN_SIMD_RUN = 3;

/** The pending loop of VALU ops over the active lanes. */
class Group {
  readonly body: string[] = [];
  /** SGPRs read as uniform values, hoisted before the loop. */
  readonly reads = new Set<number>();
  readonly floatReads = new Set<number>();
  /** SGPR pairs whose lane masks the loop produces, by the pair's first register. */
  readonly masks = new Set<number>();
  /** Every SGPR a mask output of the loop writes. */
  readonly written = new Set<number>();
  count = 0;
  /** Whether the loop holds an LDS op (at most one: mem-gen.ts ldsLane). */
  lds = false;
  /** The loop as WebAssembly SIMD ops, while all its ops have a SIMD form (simd-gen.ts). */
  readonly simd = new SimdLoop();
}

/** An SDWA op's source selects by source (6, DWORD, for the rest and for ops without SDWA). */
function sdwaSelects(i: Inst): readonly number[] {
  return i.sdwa ? [i.src0Sel, i.src1Sel, 6, 6] : NO_SELECTS;
}
const NO_SELECTS: readonly number[] = [6, 6, 6, 6];

/** One basic block of a region (its instructions are I[first ..] of the region). */
export class Gen {
  private readonly out: string[] = [];
  private group: Group | null = null;

  constructor(
    private readonly insts: readonly Inst[],
    private readonly mode: number,
    private readonly first: number,
    private readonly label: ReadonlyMap<number, number>,
    private readonly entry: number,
    /** The region's SIMD loop functions (X[j] in its code), or null where WebAssembly SIMD cannot run. */
    private readonly simd: FuncWriter[] | null,
  ) {}

  /**
   * An address as an expression relative to the region's entry P (a parameter), so that the same code
   * loaded elsewhere gives the same source, and the compiled function is shared (see compileBlock).
   */
  private at(pc: number): string {
    const d = pc - this.entry;
    return d === 0 ? 'P' : d > 0 ? `(P + ${d})` : `(P - ${-d})`;
  }

  /** I[] index of the block's instruction k. */
  private ix(k: number): number {
    return this.first + k;
  }

  /**
   * Leaves the block after `count` of its instructions, for pc: to that block of the region (after the
   * budget check: a loop must not outrun the scheduler's slice), or out of the function.
   */
  private exit(count: number, pc: number): string {
    const j = this.label.get(pc);
    if (j === undefined) return `w.pc = ${this.at(pc)}; return n + ${count};`;
    return `n += ${count}; if (n >= lim) { w.pc = ${this.at(pc)}; return n; } L = ${j}; continue;`;
  }

  emit(): string {
    const n = this.insts.length;
    let ended = false;
    for (let k = 0; k < n && !ended; k++) ended = this.inst(k);
    this.flush();
    if (!ended) {
      const last = this.insts[n - 1];
      this.out.push(this.exit(n, last.pc + last.size));
    }
    return this.out.join('\n');
  }

  /** Emits instruction k; returns whether the block ends with it. */
  private inst(k: number): boolean {
    const i = this.insts[k];
    if (i.run === runValu && this.valu(i, k)) return false;
    if ((i.run === ACC_READ || i.run === ACC_WRITE) && this.acc(i)) return false;
    if (i.fmt === 'ds' && this.lds(i, k)) return false;
    // s_nop and s_waitcnt only advance the pc: the lane loop goes on across them.
    if (i.fmt === 'sopp' && NOPS.has(i.name)) return false;
    this.flush();
    if (i.fmt === 'sopp') {
      const cond = BRANCHES[i.name];
      if (cond !== undefined) {
        const next = i.pc + 4;
        const target = branchTarget(i);
        this.out.push(
          cond === 'true'
            ? this.exit(k + 1, target)
            : `if (${cond}) { ${this.exit(k + 1, target)} } else { ${this.exit(k + 1, next)} }`,
        );
        return true;
      }
      if (NOPS.has(i.name)) return false;
    }
    if ((i.run === runSalu || i.run === runSaluK) && this.salu(i)) return false;
    const at = (pc: number) => this.at(pc);
    const mem =
      i.run === flatGlobal || flatRunsGlobal(i)
        ? globalCode(i, this.ix(k), at)
        : i.fmt === 'smem'
          ? sloadCode(i, this.ix(k), at)
          : i.fmt === 'flat'
            ? globalAtomicCode(i, this.ix(k), at)
            : null;
    if (mem !== null) {
      this.out.push(mem);
      return false;
    }
    // s_barrier ends the region without a call: a reduction's waves stop at one every few instructions.
    if (i.run === sBarrier) {
      this.out.push(`w.atBarrier = true; w.pc = ${this.at(i.pc + i.size)}; return n + ${k + 1};`);
      return true;
    }
    // Any other instruction: the interpreter's handler (an f32 MFMA first tried as SIMD: mfma-simd.ts).
    const x = this.ix(k);
    const simdMfma = this.simd !== null && mfmaSimdFits(i) ? `if (!H.mfma(w, I[${x}])) ` : '';
    this.out.push(`k = ${x}; w.pc = ${this.at(i.pc)}; ${simdMfma}I[${x}].run(w, I[${x}]);`);
    if (endsBlock(i)) {
      this.out.push(`return n + ${k + 1};`);
      return true;
    }
    if (SCALAR_FORMATS.has(i.fmt)) return false;
    this.out.push(`if (w.pc !== ${this.at(i.pc + i.size)} || w.atBarrier || w.done) return n + ${k + 1};`);
    return false;
  }

  /** A scalar ALU op inlined, or false to call its handler. */
  private salu(i: Inst): boolean {
    const g = SALU_GENS.get(i.fn as SaluFn);
    if (g === undefined) return false;
    const lines: string[] = [];
    let dw: number;
    if (i.run === runSaluK) {
      lines.push(`let a0 = s[${i.dst}], a1 = 0, b0 = ${i.imm}, b1 = 0;`);
      dw = sopkDstDwords(i);
    } else {
      const prof = (i.op as { profile: { src0: number; src1: number; dst: number } }).profile;
      const a = this.scalarSrc(i.src0, prof.src0 & 3, i.k0, i.lit);
      const b = this.scalarSrc(i.src1, prof.src1 & 3, i.k1, i.lit);
      if (a === null || b === null) return false;
      lines.push(`let a0 = ${a[0]}, a1 = ${a[1]}, b0 = ${b[0]}, b1 = ${b[1]};`);
      dw = prof.dst & 3;
    }
    const d = i.dst;
    const keep = g.keep === true;
    lines.push(
      `let d0 = ${keep && d < 128 ? `s[${d}]` : 0}, d1 = ${keep && d < 127 ? `s[${d + 1}]` : 0}, sc = w.scc;`,
    );
    const execOut = /\bx0 =/.test(g.body);
    if (/\bx[01]\b/.test(g.body)) lines.push(`let x0 = s[${EXEC_LO}], x1 = s[${EXEC_HI}];`);
    lines.push(g.body);
    if (/\bsc =/.test(g.body)) lines.push('w.scc = sc;');
    if (execOut) lines.push(`s[${EXEC_LO}] = x0; s[${EXEC_HI}] = x1;`);
    if (dw > 0 && d < 128) {
      lines.push(`s[${d}] = d0;`);
      if (dw === 2 && d < 127) lines.push(`s[${d + 1}] = d1;`);
    }
    this.out.push(`{ ${lines.join(' ')} }`);
    return true;
  }

  /** A scalar source as [lo, hi] expressions, or null when it is neither an SGPR nor a constant. */
  private scalarSrc(code: number, width: number, k: number, lit: number): [string, string] | null {
    if (width === 0) return ['0', '0'];
    if (width === 1) {
      if (code < 128) return [`s[${code}]`, '0'];
      return isConstCode(code) ? [String(k >>> 0), '0'] : null;
    }
    if (code < 127) return [`s[${code}]`, `s[${code + 1}]`];
    if (!isConstCode(code)) return null;
    CONST_WAVE ??= new Wave(false);
    readScalar64(CONST_WAVE, code, lit, false, PAIR);
    return [String(PAIR[0]), String(PAIR[1])];
  }

  /** Adds a VALU op to the lane loop; false if it cannot be inlined. */
  private valu(i: Inst, k: number): boolean {
    const op = i.op as ValuOp;
    const g = this.plainGen(i);
    if (g === undefined) return false;
    const info = op.info;
    // The mask read is the binder's (valu/op.ts): VCC, a VOP3 form's SGPR-pair source, or v_div_fmas's VCC.
    if (g.maskOut !== (info.dst === D_MASK || info.carryOut) || g.maskIn !== op.maskIn >= 0) return false;
    if (info.dst !== D_VGPR && info.dst !== D_MASK) return false;
    const dstWidth = g.dstWidth ?? 1;
    if (info.dstWidth !== dstWidth || info.dst16 || i.dst + dstWidth > 256) return false;
    const codes = [i.src0, i.src1, i.src2];
    const consts = [i.k0, i.k1, i.k2];
    const constsHi = [i.k0h, i.k1h, i.k2h];
    const widths = [1, 1, 1];
    const sels = sdwaSelects(i);
    for (let s = 0; s < info.nsrc; s++) {
      const w = g.widths?.[s] ?? 1;
      widths[s] = w;
      if (info.width[s] !== w) return false;
      const kind = info.kind[s];
      if (w === 1 ? kind !== K_INT && kind !== K_F32 : kind !== K_I64) return false;
      // An SDWA byte or word select on an integer source only (the f32 snippets read the float view).
      if (sels[s] !== 6 && (kind !== K_INT || w !== 1)) return false;
      // Modifiers flip or clear the sign bit of a 32-bit source (valu/exec.ts mods); none on 64-bit ones.
      if (w === 2 && (((i.abs | i.neg) >>> s) & 1) !== 0) return false;
    }
    const nsrc = info.nsrc + (info.tied ? 1 : 0);
    if (info.tied) {
      codes[info.nsrc] = 256 + i.dst;
      consts[info.nsrc] = 0;
    }
    // The SGPRs read as uniform values.
    const sgprs: number[] = [];
    for (let s = 0; s < nsrc; s++) {
      const c = codes[s];
      if (isConstCode(c)) continue;
      if (c >= 256) {
        if (c - 256 + widths[s] > 256) return false;
      } else if (c < 128 - widths[s] + 1 && (widths[s] === 1 || c < 126)) {
        sgprs.push(c);
        if (widths[s] === 2) sgprs.push(c + 1);
      } else return false;
    }
    // The mask pair read and written, checked against the current loop before joining it.
    if (info.maskIn && op.enc !== 0 && i.src2 >= 128) return false;
    const maskInPair = op.maskIn;
    const maskOutPair = g.maskOut ? i.sdst : -1;
    if (g.maskOut && maskOutPair >= 126) return false;
    if (!this.fits(sgprs, maskInPair, maskOutPair)) {
      this.flush();
      if (!this.fits(sgprs, maskInPair, maskOutPair)) return false;
    }
    // Source s's neg/abs modifiers (valu/exec.ts mods): bit 0 abs, bit 1 neg; none on the tied source.
    const mods = (s: number): number =>
      s < info.nsrc ? ((i.abs >>> s) & 1) | (((i.neg >>> s) & 1) << 1) : 0;
    const simd: SimdSrc[] = [];
    for (let s = 0; s < nsrc; s++) {
      const c = codes[s];
      const m = mods(s);
      const wide = widths[s] === 2;
      if (c >= 256) simd.push({ kind: 'v', reg: c - 256, mods: m, wide });
      else if (c < 128) simd.push({ kind: 's', sgpr: c, mods: m, wide });
      else {
        let k = consts[s];
        if (m & 1) k &= 0x7fffffff;
        if (m & 2) k ^= 0x80000000;
        simd.push({ kind: 'k', bits: k | 0, mods: 0, wide, bitsHi: constsHi[s] | 0 });
      }
    }
    const simdIn = g.maskIn ? maskInPair : -1;
    const simdOk =
      this.simd !== null &&
      sels[0] === 6 &&
      sels[1] === 6 &&
      SimdLoop.accepts(op.fn, simd, simdIn, maskOutPair);
    const grp = this.joinLoop(simdOk, k);
    const bits = (s: number, e: string): string => {
      const m = mods(s);
      return m === 0
        ? e
        : m === 3
          ? `((${e} & 0x7fffffff) ^ 0x80000000) >>> 0`
          : m === 1
            ? `(${e} & 0x7fffffff)`
            : `((${e} ^ 0x80000000) >>> 0)`;
    };
    const float = (s: number, e: string): string => {
      const m = mods(s);
      return m === 0 ? e : m === 3 ? `(-Math.abs(${e}))` : m === 1 ? `Math.abs(${e})` : `(-${e})`;
    };
    // SDWA's select (and sign extension) of source s, before its neg/abs as in the interpreter.
    const select = (s: number, e: string): string => {
      const sel = sels[s];
      if (sel === 6) return e;
      const shift = sel < 4 ? sel * 8 : (sel - 4) * 16;
      const bits = sel < 4 ? 8 : 16;
      const field = `((${e} >>> ${shift}) & ${bits === 8 ? 0xff : 0xffff})`;
      return ((i.sext >>> s) & 1) !== 0 ? `(((${field} << ${32 - bits}) >> ${32 - bits}) >>> 0)` : field;
    };
    const o: LaneOperands = {
      u(s) {
        const c = codes[s];
        if (c >= 256) return bits(s, select(s, `v[${(c - 256) * 64} + l]`));
        if (c < 128) {
          grp.reads.add(c);
          return bits(s, select(s, `S${c}`));
        }
        if (sels[s] !== 6) return bits(s, select(s, String(consts[s] >>> 0)));
        const m = mods(s);
        let k = consts[s];
        if (m & 1) k &= 0x7fffffff;
        if (m & 2) k ^= 0x80000000;
        return String(k >>> 0);
      },
      u64(s) {
        const c = codes[s];
        if (c >= 256) return [`v[${(c - 256) * 64} + l]`, `v[${(c - 255) * 64} + l]`];
        if (c < 128) {
          grp.reads.add(c);
          grp.reads.add(c + 1);
          return [`S${c}`, `S${c + 1}`];
        }
        return [String(consts[s] >>> 0), String(constsHi[s] >>> 0)];
      },
      f(s) {
        const c = codes[s];
        if (c >= 256) return float(s, `vf[${(c - 256) * 64} + l]`);
        if (c < 128) {
          grp.reads.add(c);
          grp.floatReads.add(c);
          return float(s, `F${c}`);
        }
        return float(s, `(${num(HELPERS.f32Of(consts[s]))})`);
      },
      ieee: (this.mode & M_IEEE) !== 0 ? 'true' : 'false',
      d: `${i.dst * 64} + l`,
      d64: [`${i.dst * 64} + l`, `${(i.dst + 1) * 64} + l`],
      maskIn() {
        const p = maskInPair;
        if (grp.masks.has(p)) return `(((l < 32 ? M${p}a : M${p}b) >>> l) & 1)`;
        grp.reads.add(p);
        grp.reads.add(p + 1);
        return `(((l < 32 ? S${p} : S${p + 1}) >>> l) & 1)`;
      },
      maskOut(cond) {
        const p = maskOutPair;
        const a = `M${p}a`;
        const b = `M${p}b`;
        const again = grp.masks.has(p);
        grp.masks.add(p);
        grp.written.add(p);
        grp.written.add(p + 1);
        return again
          ? `if (${cond}) { if (l < 32) ${a} |= 1 << l; else ${b} |= 1 << l; } else if (l < 32) ${a} &= ~(1 << l); else ${b} &= ~(1 << l);`
          : `if (${cond}) { if (l < 32) ${a} |= 1 << l; else ${b} |= 1 << l; }`;
      },
    };
    grp.body.push(g.gen(o));
    grp.count++;
    grp.simd.add(op.fn, simd, i.dst, simdIn, maskOutPair);
    return true;
  }

  /** v_accvgpr_read/write (gfx908): lane moves between AGPRs and VGPRs, joined to the lane loop. */
  private acc(i: Inst): boolean {
    const read = i.run === ACC_READ;
    const src = i.src0;
    if (!read && !(src >= 256 || src < 128 || isConstCode(src))) return false;
    if (!this.fits(!read && src < 128 ? [src] : [], -1, -1) || this.simdRun()) this.flush();
    const grp = this.group ?? new Group();
    this.group = grp;
    let value: string;
    if (read) value = `a[${(src & 0xff) * 64} + l]`;
    else if (src >= 256) value = `v[${(src - 256) * 64} + l]`;
    else if (src < 128) {
      grp.reads.add(src);
      value = `S${src}`;
    } else value = String(i.k0 >>> 0);
    grp.body.push(read ? `v[${i.dst * 64} + l] = ${value};` : `a[${i.dst * 64} + l] = ${value};`);
    grp.count++;
    grp.simd.reject();
    return true;
  }

  /**
   * An inlinable LDS op joined to the lane loop (a new one if the current loop has one), and to its SIMD
   * form as valu() joins a VALU op; false if not inlined.
   */
  private lds(i: Inst, k: number): boolean {
    const body = ldsLane(i);
    if (body === null) return false;
    if (this.group?.lds) this.flush();
    const ds = this.simd !== null ? ldsSimd(i) : null;
    const grp = this.joinLoop(ds !== null, k);
    grp.body.push(body);
    grp.lds = true;
    grp.count++;
    if (ds !== null && grp.simd.ok) grp.simd.addDs(ds);
    return true;
  }

  /**
   * The loop that instruction k joins (the current one, or a new one after flushing it), with its SIMD
   * form given up unless `simd` (the op has one) holds and the op starts or continues a SIMD run: a run of
   * SIMD ops is a loop of its own unless it is short and would split a JavaScript loop, and an op without
   * a SIMD form ends a SIMD run.
   */
  private joinLoop(simd: boolean, k: number): Group {
    let simdOk = simd;
    const cur = this.group !== null && this.group.count > 0 ? this.group : null;
    if (simdOk && (cur === null || !cur.simd.ok)) {
      const run = this.simdRunFrom(k);
      if (run.length < MIN_SIMD_RUN && (cur !== null || run.thenJs)) simdOk = false;
      else if (cur !== null) this.flush();
    } else if (!simdOk && cur?.simd.ok === true) this.flush();
    const grp = this.group ?? new Group();
    this.group = grp;
    if (!simdOk) grp.simd.reject();
    return grp;
  }

  /**
   * The VALU ops from instruction k on that look SIMD-able (simd-gen.ts; the operand checks are
   * valu()'s), with at most one LDS access among them (a loop takes one), and whether a lane loop would
   * go on after them with ops that are not.
   */
  private simdRunFrom(k: number): { length: number; thenJs: boolean } {
    let length = 0;
    // An LDS op of the run so far (one a loop: a second one starts another).
    let ds = this.group?.lds === true;
    for (let j = k; j < this.insts.length; j++) {
      const i = this.insts[j];
      if (i.fmt === 'sopp' && NOPS.has(i.name)) continue;
      if (i.run === runValu && this.looksSimd(i)) {
        length++;
        continue;
      }
      if (i.fmt === 'ds' && this.simd !== null && ldsSimd(i) !== null) {
        if (ds) return { length, thenJs: false };
        ds = true;
        length++;
        continue;
      }
      return {
        length,
        thenJs: i.run === runValu || i.run === ACC_READ || i.run === ACC_WRITE || i.fmt === 'ds',
      };
    }
    return { length, thenJs: false };
  }

  /** A quick look at whether valu() would make a VALU op a SIMD op (shift counts from VGPRs aside). */
  private looksSimd(i: Inst): boolean {
    const sels = sdwaSelects(i);
    return (
      this.plainGen(i) !== undefined && sels[0] === 6 && sels[1] === 6 && SimdLoop.has((i.op as ValuOp).fn)
    );
  }

  /**
   * The lane snippet of a VALU op in a form the lane loops take (no SDWA, DPP, clamp, output modifier,
   * op_sel or EXEC-writing compare; f32 ops only in the MODE inlineMode accepts), or undefined.
   */
  private plainGen(i: Inst): OpGen | undefined {
    const op = i.op as ValuOp;
    const g = VALU_GENS.get(op.fn);
    if (g === undefined) return undefined;
    // SDWA only with a whole-dword result (dst_sel:DWORD): its source selects are applied per source.
    if (op.enc === 2 || (i.sdwa && (i.dstSel !== 6 || op.info.dst !== D_VGPR)) || i.dpp) return undefined;
    if (i.acc !== 0 || i.clamp || i.omod !== 0) return undefined;
    if (i.opSel !== 0 || op.info.cmpx) return undefined;
    if (g.float && !inlineMode(this.mode)) return undefined;
    return g;
  }

  /** Whether the current loop is a run of SIMD ops (which an op without a SIMD form would end). */
  private simdRun(): boolean {
    return this.simd !== null && this.group !== null && this.group.count > 0 && this.group.simd.ok;
  }

  /** Whether an op reading these SGPRs as uniform values and these mask pairs can join the current loop. */
  private fits(sgprs: readonly number[], maskIn: number, maskOut: number): boolean {
    const grp = this.group;
    if (grp === null) return true;
    // A uniform read of an SGPR the loop writes would see the value from before the loop.
    for (const c of sgprs) if (grp.written.has(c)) return false;
    if (maskIn >= 0 && !grp.masks.has(maskIn) && (grp.written.has(maskIn) || grp.written.has(maskIn + 1)))
      return false;
    // A mask written over part of another written pair. (Uniform reads of the pair earlier in the loop
    // are fine: they precede the write.)
    if (maskOut >= 0 && !grp.masks.has(maskOut) && (grp.written.has(maskOut) || grp.written.has(maskOut + 1)))
      return false;
    return true;
  }

  /**
   * A lane loop run by its SIMD function X[j] (simd-gen.ts), which returns each group of four lanes it
   * leaves to the JavaScript body; on a wave whose VGPRs are not in the WebAssembly memory, H.noSimd
   * leaves it every group.
   */
  private simdLoop(grp: Group, fw: FuncWriter, body: string): string[] {
    const simd = this.simd as FuncWriter[];
    const j = simd.length;
    simd.push(fw);
    const args = ['w.vb', 'e0', 'e1', '0', ...[...grp.reads].map((c) => `S${c}`)];
    // With an LDS access, the LDS's page in the same memory (-1: not there, the JavaScript body runs).
    const lds = grp.simd.lds;
    if (lds) args.push('LB', 'ls');
    const again = [...args];
    again[3] = 'g + 1';
    const cells = grp.simd.maskOuts().map((p, k) => [p, (MASK_OUT >> 2) + 2 * k] as const);
    const lines = [
      lds
        ? `const LB = w.wg.ldsBase, C = H.wc, X0 = w.vb >= 0 && LB >= 0 ? X[${j}] : H.noSimd;`
        : `const C = H.wc, X0 = w.vb >= 0 ? X[${j}] : H.noSimd;`,
    ];
    for (const [, c] of cells) lines.push(`C[${c}] = 0; C[${c + 1}] = 0;`);
    lines.push(
      `for (let g = X0(${args.join(', ')}); g >= 0; g = X0(${again.join(', ')})) {`,
      'for (let t = ((g < 8 ? e0 : e1) >>> ((g & 7) << 2)) & 15, l = g << 2; t !== 0; t >>>= 1, l++) if ((t & 1) !== 0) {',
      body,
      '} }',
    );
    for (const [p, c] of cells) lines.push(`M${p}a |= C[${c}]; M${p}b |= C[${c + 1}];`);
    return lines;
  }

  /** Emits the pending lane loop. */
  private flush(): void {
    const grp = this.group;
    if (grp === null) return;
    this.group = null;
    const body = grp.body.join('\n');
    const lines: string[] = ['{', `const e0 = s[${EXEC_LO}], e1 = s[${EXEC_HI}];`];
    for (const c of grp.reads) lines.push(`const S${c} = s[${c}];`);
    for (const c of grp.floatReads) lines.push(`const F${c} = H.f32Of(S${c});`);
    for (const p of grp.masks) lines.push(`let M${p}a = 0, M${p}b = 0;`);
    if (grp.lds) lines.push('const lv = w.wg.ldsView, lw = w.wg.ldsWords, ls = w.wg.ldsSize;');
    const fw = this.simd !== null ? grp.simd.build([...grp.reads]) : null;
    if (fw !== null && this.simd !== null) lines.push(...this.simdLoop(grp, fw, body));
    else lines.push(laneLoop(body));
    for (const p of grp.masks) lines.push(`s[${p}] = M${p}a; s[${p + 1}] = M${p}b;`);
    lines.push(`w.laneInstructions += ${ACTIVE_LANES} * ${grp.count};`, '}');
    this.out.push(lines.join('\n'));
  }
}
