// Decodes PM4 streams packet by packet (seed 004 chapter 2). The executor calls decodePacket at its read
// pointer and reads fields by name; the printer and `gcnkit pm4` call decodeStream.
//
//   decodePacket(words, at, end, gen): Pm4Packet      one packet at dword `at` (throws Pm4Error)
//   decodeStream(words, { start, end, gen }): { packets, error }   every packet up to the first error
//
// A Pm4Packet has: offset (dwords into `words`), header, type (0, 2, 3), size (dwords with the header),
// opcode (-1 unless type 3), name (the Linux headers' name, 'TYPE0', 'TYPE2' or 'UNKNOWN_0xNN'),
// predicate, shaderType (1 = compute), info (the opcodes.ts record: engine, graphicsOnly), fields (named
// numbers: bit fields, enums as their value, 64-bit addresses combined), data (the variable tail as a view
// of `words`: SET_*_REG and type-0 register values, WRITE_DATA's words, a NOP's payload, the whole body of
// an unknown packet) and regBase (the absolute register dword offset data[0] goes to; -1 when data is not
// register values). An unknown opcode decodes (name UNKNOWN_0xNN, body as data) with `problem` set;
// a type-1 header, a count running past `end`, or a body shorter than the packet's fixed dwords throw.
// No regular expressions, no copies and no object spreads per packet: fields are read through the
// layout tables (about 5 million packets a second of CPU time).
import type { Generation } from '../../isa/processors.js';
import { genAtLeast } from '../../isa/processors.js';
import {
  headerBaseIndex,
  headerCount,
  headerOpcode,
  headerPredicate,
  headerProblem,
  headerShaderType,
  headerType,
  packetDwords,
} from './header.js';
import { getAddr, getBits, type Layout } from './layout.js';
import { type Opcode, opcodeTable } from './opcodes.js';
import { layoutOf } from './packets.js';
import { DISPATCH_INDIRECT_ADDR } from './packets-later.js';

export interface Pm4Packet {
  readonly offset: number;
  readonly header: number;
  readonly type: 0 | 2 | 3;
  readonly size: number;
  readonly opcode: number;
  readonly name: string;
  readonly predicate: boolean;
  readonly shaderType: number;
  readonly info?: Opcode;
  readonly layout?: Layout;
  readonly fields: Readonly<Record<string, number>>;
  readonly data: Uint32Array;
  readonly regBase: number;
  readonly problem?: string;
}

/** A stream PM4 cannot decode: a type-1 header, a count past the end, a packet too short. */
export class Pm4Error extends Error {
  constructor(
    /** Dword offset of the packet's header. */
    readonly offset: number,
    readonly problem: string,
  ) {
    super(`PM4 packet at dword ${offset} (byte 0x${(offset * 4).toString(16)}): ${problem}`);
  }
}

const EMPTY = new Uint32Array(0);
const NO_FIELDS: Readonly<Record<string, number>> = Object.freeze({});

/** Layouts and opcodes per generation, looked up by opcode without a name lookup per packet. */
interface GenTables {
  readonly ops: readonly (Opcode | undefined)[];
  readonly layouts: readonly (Layout | undefined)[];
}
const TABLES = new Map<Generation, GenTables>();
function tables(g: Generation): GenTables {
  let t = TABLES.get(g);
  if (t === undefined) {
    const ops = opcodeTable(g);
    t = { ops, layouts: ops.map((e) => (e === undefined ? undefined : layoutOf(e.name, g))) };
    TABLES.set(g, t);
  }
  return t;
}

/** The fields of a body (words[body .. body+n)) by a layout; fields past the body's end are left out. */
export function readFields(words: Uint32Array, body: number, n: number, l: Layout): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of l.fields) {
    if (f.kind === 'bits') {
      if (f.dw < n) out[f.name] = getBits(words[body + f.dw], f);
    } else if (f.hiDw < n) {
      out[f.name] = getAddr(words[body + f.dw], words[body + f.hiDw], f);
    }
  }
  return out;
}

/** Decodes the packet whose header is words[at]; `end` bounds the stream (exclusive). */
export function decodePacket(words: Uint32Array, at: number, end: number, gen: Generation): Pm4Packet {
  if (at >= end) throw new Pm4Error(at, 'no header: the stream ends here');
  const h = words[at];
  const bad = headerProblem(h);
  if (bad !== undefined) throw new Pm4Error(at, `header 0x${h.toString(16).padStart(8, '0')}: ${bad}`);
  const type = headerType(h) as 0 | 2 | 3;
  if (type === 2) {
    return {
      offset: at,
      header: h,
      type,
      size: 1,
      opcode: -1,
      name: 'TYPE2',
      predicate: false,
      shaderType: 0,
      fields: NO_FIELDS,
      data: EMPTY,
      regBase: -1,
    };
  }
  const count = headerCount(h);
  const opcode = type === 3 ? headerOpcode(h) : -1;
  const size = packetDwords(h, gen);
  if (at + size > end) {
    throw new Pm4Error(
      at,
      `header 0x${h.toString(16).padStart(8, '0')} announces ${size} dwords, only ${end - at} left in the stream`,
    );
  }
  const body = at + 1;
  const n = size - 1;
  if (type === 0) {
    return {
      offset: at,
      header: h,
      type,
      size,
      opcode,
      name: 'TYPE0',
      predicate: false,
      shaderType: 0,
      fields: { base_index: headerBaseIndex(h), count },
      data: words.subarray(body, body + n),
      regBase: headerBaseIndex(h),
    };
  }
  const t = tables(gen);
  const info = t.ops[opcode];
  let l = t.layouts[opcode];
  const predicate = headerPredicate(h);
  const shaderType = headerShaderType(h);
  if (info === undefined || l === undefined) {
    const name = `UNKNOWN_0x${opcode.toString(16).padStart(2, '0')}`;
    return {
      offset: at,
      header: h,
      type,
      size,
      opcode,
      predicate,
      shaderType,
      name,
      fields: NO_FIELDS,
      data: words.subarray(body, body + n),
      regBase: -1,
      problem: `unknown IT opcode 0x${opcode.toString(16).padStart(2, '0')} on ${gen}`,
    };
  }
  if (opcode === 0x16 && n === 3 && genAtLeast(gen, 'gfx7')) l = DISPATCH_INDIRECT_ADDR;
  if (n < l.minDwords) {
    throw new Pm4Error(at, `${info.name} needs at least ${l.minDwords} body dwords, the header gives ${n}`);
  }
  const fields = readFields(words, body, n, l);
  const tailAt = Math.min(l.fixedDwords, n);
  const data = l.tail === undefined && tailAt === n ? EMPTY : words.subarray(body + tailAt, body + n);
  const regBase = l.tail === 'regs' ? (l.regBase ?? 0) + fields.reg_offset : -1;
  // Literal records, not spreads: the bundler lowers a spread to a helper call, which made decoding
  // 35 times slower (16 us a packet instead of 0.2).
  return {
    offset: at,
    header: h,
    type,
    size,
    opcode,
    predicate,
    shaderType,
    name: info.name,
    info,
    layout: l,
    fields,
    data,
    regBase,
  };
}

export interface DecodeOptions {
  /** First dword (default 0). */
  readonly start?: number;
  /** End dword, exclusive (default: the array's length). */
  readonly end?: number;
  readonly gen: Generation;
}

/** Every packet from `start` to `end`, stopping at the first malformed one (returned as `error`). */
export function decodeStream(
  words: Uint32Array,
  opts: DecodeOptions,
): { packets: Pm4Packet[]; error?: Pm4Error } {
  const end = Math.min(opts.end ?? words.length, words.length);
  const packets: Pm4Packet[] = [];
  let at = opts.start ?? 0;
  while (at < end) {
    try {
      const p = decodePacket(words, at, end, opts.gen);
      packets.push(p);
      at += p.size;
    } catch (e) {
      if (e instanceof Pm4Error) return { packets, error: e };
      throw e;
    }
  }
  return { packets };
}
