// Writes one type-3 packet from its name and named field values through the layout tables the decoder
// reads (layout.ts, packets*.ts): the builder's only way to lay out a body.
import type { Generation } from '../../isa/processors.js';
import { type3Header } from './header.js';
import { type Field, type Layout, mask, splitAddr } from './layout.js';
import { opcodeByName } from './opcodes.js';
import { layoutOf } from './packets.js';
import { DISPATCH_INDIRECT_ADDR } from './packets-later.js';

/** A field's value: a number, or the name of one of its enum values ("==", "CS_PARTIAL_FLUSH"). */
export type FieldValue = number | string;
export type FieldValues = Readonly<Record<string, FieldValue>>;

export interface PacketOptions {
  readonly predicate?: boolean;
  /** Header SHADER_TYPE: 1 = compute (seed 004 2.1.4). */
  readonly shaderType?: number;
}

function numeric(packet: string, f: Field, v: FieldValue): number {
  if (typeof v === 'number') return v;
  if (f.kind === 'bits' && f.enum !== undefined) {
    for (const [k, name] of Object.entries(f.enum)) if (name === v) return Number(k);
    throw new RangeError(
      `${packet}.${f.name}: '${v}' is not one of ${Object.values(f.enum)
        .map((n) => `'${n}'`)
        .join(', ')}`,
    );
  }
  throw new RangeError(`${packet}.${f.name}: '${v}' is not a number`);
}

/** The layout a packet is written with (DISPATCH_INDIRECT: by the fields given). */
function layoutFor(name: string, g: Generation, fields: FieldValues): Layout {
  if (name === 'DISPATCH_INDIRECT' && Object.hasOwn(fields, 'addr')) {
    if (g === 'gfx6') throw new RangeError('DISPATCH_INDIRECT with an address (addr) needs gfx7 or later');
    return DISPATCH_INDIRECT_ADDR;
  }
  const l = layoutOf(name, g);
  if (l === undefined) throw new RangeError(`no packet ${name} on ${g}`);
  return l;
}

/**
 * The words of packet `name` (header first). Fields not given are zero; dwords past the packet's
 * minimum are written only when a field in them is given (EVENT_WRITE's address) or a tail follows.
 */
export function encodePacket(
  g: Generation,
  name: string,
  fields: FieldValues = {},
  tail: ArrayLike<number> = [],
  opts: PacketOptions = {},
): number[] {
  const op = opcodeByName(name, g);
  if (op === undefined) throw new RangeError(`no packet ${name} on ${g}`);
  const l = layoutFor(name, g, fields);
  const byName = new Map(l.fields.map((f) => [f.name, f]));
  let n = l.minDwords;
  for (const key of Object.keys(fields)) {
    const f = byName.get(key);
    if (f === undefined) {
      const names = l.fields.filter((x) => x.kind === 'addr' || !x.view).map((x) => x.name);
      throw new RangeError(`${name} on ${g} has no field '${key}' (fields: ${names.join(', ') || 'none'})`);
    }
    if (f.kind === 'bits' && f.view)
      throw new RangeError(`${name}.${key} reads bits of another field: set that one`);
    n = Math.max(n, (f.kind === 'addr' ? Math.max(f.dw, f.hiDw) : f.dw) + 1);
  }
  if (tail.length > 0) {
    if (l.tail === undefined) throw new RangeError(`${name} has no variable-length data`);
    n = l.fixedDwords + tail.length;
  }
  if (n === 0) throw new RangeError(`${name} needs at least one body dword`);
  const body = new Array<number>(n).fill(0);
  for (const [key, raw] of Object.entries(fields)) {
    const f = byName.get(key)!;
    const v = numeric(name, f, raw);
    if (f.kind === 'addr') {
      const [lo, hi] = splitAddr(v, f, `${name}.${key}`);
      body[f.dw] = (body[f.dw] | lo) >>> 0;
      body[f.hiDw] = (body[f.hiDw] | hi) >>> 0;
    } else {
      if (!Number.isInteger(v) || v < 0 || v > mask(f.width))
        throw new RangeError(`${name}.${key}: ${v} does not fit in ${f.width} bits`);
      body[f.dw] = (body[f.dw] | (f.width >= 32 ? v : v << f.lo)) >>> 0;
    }
  }
  for (let i = 0; i < tail.length; i++) {
    const v = tail[i];
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff)
      throw new RangeError(`${name} data word ${i}: ${v} is not a 32-bit unsigned value`);
    body[l.fixedDwords + i] = v;
  }
  return [type3Header(op.op, n, opts), ...body];
}
