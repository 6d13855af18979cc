// The translating engine's memory instructions (gen.ts calls these): GLOBAL dword loads and stores, LDS
// dword reads and writes, and scalar loads, each the code of one instruction with the interpreter's exact
// rules; where an access is not within one allocation the code runs the interpreter's handler, which
// reports the fault.

import { SEG_FLAT, SEG_GLOBAL } from '../../isa/ops/memory-flat.js';
import type { Inst } from '../inst.js';
import { dsHandler } from '../mem/ds.js';
import { flatAtomic32, flatDwords, flatIsStore } from '../mem/flat.js';
import { smemPlainLoad } from '../mem/smem.js';
import { EXEC_HI, EXEC_LO } from '../wave.js';
import { ACTIVE_LANES, laneLoop } from './helpers.js';
import type { SimdDs } from './simd-gen.js';

/** The LDS ops inlined, by the interpreter's handler: dwords per element, a write, read2/write2 scale. */
const DS_INLINE = new Map<unknown, { dwords: number; write: boolean; scale: number }>();
for (const [name, dwords, write, scale] of [
  ['ds_read_b32', 1, false, 0],
  ['ds_read_b64', 2, false, 0],
  ['ds_read_b96', 3, false, 0],
  ['ds_read_b128', 4, false, 0],
  ['ds_write_b32', 1, true, 0],
  ['ds_write_b64', 2, true, 0],
  ['ds_write_b96', 3, true, 0],
  ['ds_write_b128', 4, true, 0],
  ['ds_read2_b32', 1, false, 4],
  ['ds_read2st64_b32', 1, false, 256],
  ['ds_read2_b64', 2, false, 8],
  ['ds_read2st64_b64', 2, false, 512],
  ['ds_write2_b32', 1, true, 4],
  ['ds_write2st64_b32', 1, true, 256],
  ['ds_write2_b64', 2, true, 8],
  ['ds_write2st64_b64', 2, true, 512],
] as const) {
  DS_INLINE.set(dsHandler(name), { dwords, write, scale });
}

// An access found in allocation U has d = ub - U.base, its uniform base's distance from U's start, above
// -2^32 (a lane adds at most 2^32 - 1 to ub) and below U's size (at most 4 GiB, a typed array's limit),
// so the dword distance d / 4 is an int32 and is written `(d / 4) | 0`: V8 then indexes with integer
// adds (matmul's gathering loads took 0.85x the CPU) instead of converting a double per lane.

/** A GLOBAL access's address parts: `sb` defined by `base` for an SGPR base, or a VGPR pair. */
/**
 * The region lookup of the generated code: for FLAT, only a region clear of the LDS and private
 * apertures (H.globalRegion), so that the lanes found in it are global addresses, as the handler would
 * resolve them; any other lane takes the handler.
 */
function lookup(i: Inst): string {
  return i.seg === SEG_FLAT ? 'H.globalRegion(mem, ' : 'mem.regionOf(';
}

function globalAddress(i: Inst): { base: string; pair: boolean; lo: string; addr: string } {
  const lo = `v[${i.vaddr * 64} + l]`;
  // FLAT has no SGPR base: its address is always the VGPR pair.
  if (i.saddr === 0x7f || i.seg === SEG_FLAT)
    return {
      base: '',
      pair: true,
      lo,
      addr: `(v[${(i.vaddr + 1) * 64} + l] * 4294967296 + ${lo} + ${i.offset})`,
    };
  // An SGPR pair base (null: 0) plus the zero-extended VGPR offset.
  const c = i.saddr & ~1;
  const base = i.saddr === 0x7d ? 'const sb = 0;' : `const sb = s[${c + 1}] * 4294967296 + s[${c}];`;
  return { base, pair: false, lo, addr: `(sb + ${lo} + ${i.offset})` };
}

/**
 * For a GLOBAL access of `bytes` a lane under a full EXEC: first the span of the lanes' addresses; when
 * one allocation holds all of it (with a VGPR-pair address, all lanes' high words equal), every lane runs
 * `aligned` (q: its first dword's index in the allocation's Int32Array wd) if all their offsets are
 * dword-aligned, else `unaligned` (o: its byte offset in the DataView dv), and `done` is set; no lane can
 * fault there, so this is the per-lane form's result without its per-lane region checks. With
 * `unaligned` null, unaligned lanes leave `done` clear.
 */
function spanCode(i: Inst, bytes: number, aligned: string, unaligned: string | null): string {
  const { pair, lo } = globalAddress(i);
  const hiReg = (i.vaddr + 1) * 64;
  return [
    'let mn = 4294967295, mx = 0, al = 0;',
    pair ? `const hh = v[${hiReg}]; let one = true;` : '',
    `for (let l = 0; l < 64; l++) { const u = ${lo}; al |= u; if (u < mn) mn = u; if (u > mx) mx = u;${pair ? ` if (v[${hiReg} + l] !== hh) one = false;` : ''} }`,
    `const ub = ${pair ? 'hh * 4294967296' : 'sb'} + ${i.offset}, U = ${pair ? 'one ? ' : ''}${lookup(i)}ub + mn, mx - mn + ${bytes})${pair ? ' : null' : ''};`,
    'if (U !== null) { const d = ub - U.base;',
    `if (((al | d) & 3) === 0) { const wd = U.words, dq = (d / 4) | 0; for (let l = 0; l < 64; l++) { const q = (${lo} >>> 2) + dq; ${aligned} } w.laneInstructions += 64; done = true; }`,
    unaligned === null
      ? ''
      : `else { const dv = U.view; for (let l = 0; l < 64; l++) { const o = ${lo} + d; ${unaligned} } w.laneInstructions += 64; done = true; }`,
    '}',
  ].join('\n');
}

/**
 * The one-pass form of spanCode: lane 0's allocation, and every lane in it at a dword-aligned offset
 * runs `aligned` (q, wd as there) until one is not; `done` is set when all 64 were.
 */
function onePassCode(i: Inst, bytes: number, aligned: string): string {
  const { pair, lo } = globalAddress(i);
  const hiReg = (i.vaddr + 1) * 64;
  return [
    pair ? `const hh = v[${hiReg}], ub = hh * 4294967296 + ${i.offset};` : `const ub = sb + ${i.offset};`,
    `const U = ${lookup(i)}ub + v[${i.vaddr * 64}], ${bytes});`,
    'if (U !== null) { const d = ub - U.base;',
    `if ((d & 3) === 0) { const wd = U.words, dq = (d / 4) | 0, ulo = -d, uhi = U.size - ${bytes} - d; let l = 0;`,
    `for (; l < 64; l++) { const u = ${lo}; if (u < ulo || u > uhi || (u & 3) !== 0${pair ? ` || v[${hiReg} + l] !== hh` : ''}) break; const q = (u >>> 2) + dq; ${aligned} }`,
    'if (l === 64) { w.laneInstructions += 64; done = true; } } }',
  ].join('\n');
}

/**
 * For a GLOBAL load or store of n dwords a lane under a full EXEC, on a wave whose VGPRs the WebAssembly
 * check reaches (H.lanes): when every lane's address is dword-aligned in lane 0's allocation, the lanes
 * move their dwords in lane order without a check each, or as one copy where they are one run of dwords
 * (a coalesced access); `done` is then set. Otherwise the forms below run. Each lane's address is read
 * before its dwords move, so a load may overwrite the address VGPRs.
 */
function lanesCode(i: Inst, n: number, load: boolean): string {
  const { pair } = globalAddress(i);
  const lo = i.vaddr * 64;
  const bytes = 4 * n;
  const ub = pair ? `v[${lo + 64}] * 4294967296 + ${i.offset}` : `sb + ${i.offset}`;
  const each: string[] = [];
  for (let d = 0; d < n; d++)
    each.push(
      load ? `v[${(i.dst + d) * 64} + l] = dw[q + ${d}];` : `dw[q + ${d}] = v[${(i.vdata + d) * 64} + l];`,
    );
  // One run of dwords whose low words do not wrap: lane l's dword is lane 0's plus l. A load copies in
  // a loop, four dwords a step: set() of a subarray allocated the view each time and took twice as long.
  const dst = i.dst * 64;
  const copy = load
    ? `for (let l = 0; l < 64; l += 4) { v[${dst} + l] = dw[q0 + l]; v[${dst + 1} + l] = dw[q0 + l + 1]; v[${dst + 2} + l] = dw[q0 + l + 2]; v[${dst + 3} + l] = dw[q0 + l + 3]; }`
    : `dw.set(w.vRow[${i.vdata}], q0);`;
  return [
    `const ub = ${ub}, U = ${lookup(i)}ub + v[${lo}], ${bytes});`,
    'if (U !== null) { const d = ub - U.base;',
    'if ((d & 3) === 0) {',
    `const r = H.lanes(w.vb + ${lo * 4}, ${pair ? `w.vb + ${(lo + 64) * 4}` : -1}, ${bytes}, d > 0 ? 0 : -d, Math.min(4294967295, U.size - ${bytes} - d));`,
    'if ((r & 1) !== 0) { const dw = U.dw, dq = (d / 4) | 0;',
    n === 1
      ? `if ((r & 2) !== 0 && v[${lo}] <= ${2 ** 32 - 256}) { const q0 = (v[${lo}] >>> 2) + dq; ${copy} }\nelse `
      : '',
    `for (let l = 0; l < 64; l++) { const q = (v[${lo} + l] >>> 2) + dq; ${each.join(' ')} }`,
    'w.laneInstructions += 64; done = true; } } }',
  ].join('\n');
}

/**
 * A GLOBAL-segment dword load or store (dword..dwordx4, VGPR-pair or SGPR-base address) inlined: the
 * lanes move their dwords through their allocation's typed arrays (spanCode), or one lane at a time; a
 * fault runs the interpreter's handler, which reports it exactly.
 */
export function globalCode(i: Inst, x: number, at: (pc: number) => string): string | null {
  // FLAT's offset is unsigned (the handler's flat address is the pair plus it, carried).
  if (i.seg !== SEG_GLOBAL && (i.seg !== SEG_FLAT || i.offset < 0)) return null;
  const n = flatDwords(i);
  if (n === 0) return null;
  const bytes = n * 4;
  const { base, addr } = globalAddress(i);
  const load = !flatIsStore(i);
  const moves: string[] = [];
  const words: string[] = [];
  for (let d = 0; d < n; d++) {
    const q = d === 0 ? 'q' : `q + ${d}`;
    moves.push(
      load
        ? `v[${(i.dst + d) * 64} + l] = dv.getUint32(o + ${4 * d}, true);`
        : `dv.setUint32(o + ${4 * d}, v[${(i.vdata + d) * 64} + l], true);`,
    );
    words.push(load ? `v[${(i.dst + d) * 64} + l] = wd[${q}];` : `wd[${q}] = v[${(i.vdata + d) * 64} + l];`);
  }
  const addrRegs = i.saddr === 0x7f ? 2 : 1;
  const overlap = load && i.dst < i.vaddr + addrRegs && i.vaddr < i.dst + n;
  // Where moving a lane's dwords leaves the addresses of the lanes after it as they were (a store, a
  // load into other registers), one pass suffices: a lane outside lane 0's allocation or unaligned stops
  // it, and the per-lane form below moves every lane again, the same data to the same places.
  const fast = overlap
    ? spanCode(i, bytes, words.join(' '), moves.join(' '))
    : onePassCode(i, bytes, words.join(' '));
  const head = `{ k = ${x}; const e0 = s[${EXEC_LO}], e1 = s[${EXEC_HI}], mem = w.ctx.mem; ${base}
let done = false;
if ((e0 & e1) === -1) { if (w.vb >= 0) { ${lanesCode(i, n, load)} } else { ${fast} } }
if (!done) {`;
  // One pass, as the interpreter's handler goes (mem/flat.ts: each lane's address checked, then its
  // dwords moved, a region looked up again only when a lane leaves the current one). At a fault the
  // handler runs the whole instruction again and reports it: the lanes before it move the same data
  // again, unless a load has overwritten a lane's address (its destination overlaps the address VGPRs),
  // which takes the two-pass form below.
  if (!overlap)
    return [
      head,
      'let R = null, dv = null, rb = 0, re = 0, ok = true;',
      laneLoop(
        `const x = ${addr};
if (x < rb || x + ${bytes} > re) { R = ${lookup(i)}x, ${bytes}); if (R === null) { ok = false; break lanes; } rb = R.base; re = R.end; dv = R.view; }
const o = x - rb; ${moves.join(' ')}`,
      ),
      `if (!ok) { w.pc = ${at(i.pc)}; I[${x}].run(w, I[${x}]); }`,
      `else w.laneInstructions += ${ACTIVE_LANES}; } }`,
    ].join('\n');
  return [
    head,
    'let R = null, ok = true;',
    laneLoop(
      `const x = ${addr};
if (R === null) { R = ${lookup(i)}x, ${bytes}); if (R === null) { ok = false; break lanes; } }
else if (x < R.base || x + ${bytes} > R.end) { ok = false; break lanes; }`,
    ),
    `if (!ok) { w.pc = ${at(i.pc)}; I[${x}].run(w, I[${x}]); }`,
    'else if (R !== null) { const dv = R.view, rb = R.base;',
    laneLoop(`const o = ${addr} - rb; ${moves.join(' ')}`),
    `w.laneInstructions += ${ACTIVE_LANES}; } } }`,
  ].join('\n');
}

/** The new dword of each 32-bit integer atomic from the old one o, the data s and the compare value c (flat-atomic.ts). */
const ATOMIC32: Readonly<Record<string, string>> = {
  swap: 's',
  cmpswap: 'o === c ? s : o',
  add: 'o + s',
  sub: 'o - s',
  smin: '(o | 0) < (s | 0) ? o : s',
  umin: 'o < s ? o : s',
  smax: '(o | 0) > (s | 0) ? o : s',
  umax: 'o > s ? o : s',
  and: 'o & s',
  or: 'o | s',
  xor: 'o ^ s',
  inc: 'o >= s ? 0 : o + 1',
  dec: 'o === 0 || o > s ? s : o - 1',
};

/** The ops with an Atomics function of their own (mem/shared-atomic.ts maps them the same way). */
const ATOMICS_CALL: Readonly<Record<string, string>> = {
  swap: 'Atomics.exchange(wd, q, s)',
  cmpswap: 'Atomics.compareExchange(wd, q, c, s)',
  add: 'Atomics.add(wd, q, s)',
  sub: 'Atomics.sub(wd, q, s)',
  and: 'Atomics.and(wd, q, s)',
  or: 'Atomics.or(wd, q, s)',
  xor: 'Atomics.xor(wd, q, s)',
};

/**
 * A GLOBAL-segment 32-bit integer atomic inlined where one allocation holds every lane's dword-aligned
 * address under a full EXEC (spanCode): each lane in turn reads, combines and writes its dword, as the
 * interpreter's handler does one lane after another, and with GLC returns the old value. When other
 * threads share the memory (mem.concurrent), each lane's operation is one Atomics call, or a
 * compare-and-swap loop for the ops JavaScript has no call for, as the handler's shared path does them.
 * Anything else runs the handler.
 */
export function globalAtomicCode(i: Inst, x: number, at: (pc: number) => string): string | null {
  // FLAT as GLOBAL where its lanes are in a region clear of the apertures (lookup), else the handler.
  const op = i.seg === SEG_GLOBAL || (i.seg === SEG_FLAT && i.offset >= 0) ? flatAtomic32(i) : null;
  const rmw = op === null ? undefined : ATOMIC32[op];
  if (op === null || rmw === undefined) return null;
  const { base } = globalAddress(i);
  const cmp = op === 'cmpswap' ? `, c = v[${(i.vdata + 1) * 64} + l]` : '';
  const ret = i.glc ? ` v[${i.dst * 64} + l] = o;` : '';
  const data = `s = v[${i.vdata * 64} + l]${cmp}`;
  const lane = `const o = wd[q] >>> 0, ${data}; wd[q] = ${rmw};${ret}`;
  const call = ATOMICS_CALL[op];
  const shared =
    call !== undefined
      ? `const ${data}, o = ${call} >>> 0;${ret}`
      : `const ${data}; let o = 0; for (;;) { const x = Atomics.load(wd, q); o = x >>> 0; if (Atomics.compareExchange(wd, q, x, ${rmw}) === x) break; }${ret}`;
  return [
    `{ k = ${x}; const e0 = s[${EXEC_LO}], e1 = s[${EXEC_HI}], mem = w.ctx.mem; ${base}`,
    'let done = false;',
    `if ((e0 & e1) === -1) { if (!mem.concurrent) { ${spanCode(i, 4, lane, null)} }`,
    // Sampling (mem.sample): the lane's device address, as the handler's path notes it.
    `else { const smp = mem.sample; ${spanCode(i, 4, `if (smp !== null) smp.note(U.base + 4 * q); ${shared}`, null)} } }`,
    `if (!done) { w.pc = ${at(i.pc)}; I[${x}].run(w, I[${x}]); } }`,
  ].join('\n');
}

/**
 * One lane's part of the plain LDS reads and writes (ds_read/write_b32..b128, read2/write2 and their
 * st64 forms) inlined, or null if the op is not inlined: statements on lane l with the interpreter's
 * rules (mem/ds.ts: a 32-bit address sum, each dword past the workgroup's allocation reads 0 and is not
 * written), reading the LDS view `lv` of `ls` bytes. A VALU lane loop takes at most one of them (gen.ts):
 * with two, a later op of the loop could read what another lane has not written yet; with one, the
 * lanes' accesses stay in lane order and the VALU ops touch only each lane's own registers.
 */
/** An inlined LDS op's access for a SIMD loop (simd-gen.ts SimdDs), or null where ldsLane gives none. */
export function ldsSimd(i: Inst): SimdDs | null {
  const shape = DS_INLINE.get(i.run);
  if (shape === undefined) return null;
  const { dwords, write, scale } = shape;
  const two = scale !== 0;
  const regs = write ? (two ? [i.vdata, i.src1] : [i.vdata]) : two ? [i.dst, i.dst + dwords] : [i.dst];
  const offsets = two ? [i.offset * scale, i.offset1 * scale] : [i.offset];
  if (i.vaddr > 255 || regs.some((r) => r + dwords > 256)) return null;
  return { write, dwords, addr: i.vaddr, offsets, regs };
}

export function ldsLane(i: Inst): string | null {
  const shape = DS_INLINE.get(i.run);
  if (shape === undefined) return null;
  const { dwords, write, scale } = shape;
  const body: string[] = [];
  const rd = (a: string, row: number) =>
    `v[${row * 64} + l] = ${a} + 4 <= ls ? lv.getUint32(${a}, true) : 0;`;
  const wr = (a: string, row: number) => `if (${a} + 4 <= ls) lv.setUint32(${a}, v[${row * 64} + l], true);`;
  const at = (a: string, k: number) => (k === 0 ? a : `${a} + ${4 * k}`);
  // An element at address x of registers from `row`: whole and dword-aligned through the LDS's
  // Int32Array lw, else each dword by itself through its DataView (read as 0 or not written past ls).
  const element = (x: string, row: number) => {
    const fast: string[] = [];
    const each: string[] = [];
    for (let k = 0; k < dwords; k++) {
      const q = k === 0 ? 'q' : `q + ${k}`;
      fast.push(write ? `lw[${q}] = v[${(row + k) * 64} + l];` : `v[${(row + k) * 64} + l] = lw[${q}];`);
      each.push(write ? wr(at(x, k), row + k) : rd(at(x, k), row + k));
    }
    return `if ((${x} & 3) === 0 && ${x} + ${4 * dwords} <= ls) { const q = ${x} >>> 2; ${fast.join(' ')} } else { ${each.join(' ')} }`;
  };
  if (scale === 0) {
    body.push(`const x = (v[${i.vaddr * 64} + l] + ${i.offset}) >>> 0;`);
    body.push(element('x', write ? i.vdata : i.dst));
  } else {
    body.push(
      `const b = v[${i.vaddr * 64} + l], x0 = (b + ${i.offset * scale}) >>> 0, x1 = (b + ${i.offset1 * scale}) >>> 0;`,
    );
    for (let e = 0; e < 2; e++)
      body.push(element(`x${e}`, write ? (e === 0 ? i.vdata : i.src1) : i.dst + e * dwords));
  }
  return body.join(' ');
}

/**
 * s_load_dword..x16 from the SGPR-pair address space (mem/smem.ts runLoad): the dword-aligned address,
 * every dword read before any SGPR is written; an access not within one allocation runs the handler,
 * which reports the fault.
 */
export function sloadCode(i: Inst, x: number, at: (pc: number) => string): string | null {
  const n = smemPlainLoad(i);
  if (n === 0 || i.saddr > 126 || i.dst + n > 128 || (i.src0 >= 0 && i.src0 > 127)) return null;
  const soff = i.src0 >= 0 ? ` + s[${i.src0}]` : '';
  const reads: string[] = [];
  const writes: string[] = [];
  for (let d = 0; d < n; d++) {
    reads.push(`x${d} = dv.getUint32(o + ${4 * d}, true)`);
    writes.push(`s[${i.dst + d}] = x${d};`);
  }
  return [
    `{ k = ${x}; const b = s[${i.saddr + 1}] * 4294967296 + s[${i.saddr}] + ${i.offset}${soff};`,
    // Dword-aligned: the low two bits of the 64-bit sum are those of its low words' sum.
    `const x = b - ((s[${i.saddr}] + ${i.offset}${soff}) & 3), R = w.ctx.mem.regionOf(x, ${4 * n});`,
    `if (R === null) { w.pc = ${at(i.pc)}; I[${x}].run(w, I[${x}]); }`,
    `else { const dv = R.view, o = x - R.base, ${reads.join(', ')}; ${writes.join(' ')} } }`,
  ].join('\n');
}
