// How a type-3 packet's body is described: a table of named bit fields (body dword, lowest bit, width),
// 64-bit addresses split over two dwords, and an optional variable-length tail (register data, data
// words, a NOP's payload). The decoder reads and the builder writes packets through these same records,
// so the two cannot disagree about a layout.

/** Names for a field's values (enums print by name); a value without a name prints as a number. */
export type FieldEnum = Readonly<Record<number, string>>;

/** A bit field of one body dword (dword 0 is the first dword after the header). */
export interface BitField {
  readonly kind: 'bits';
  /** Lowercase, as seed 004 or the Linux headers name it (dst_sel, wr_confirm, event_type, ...). */
  readonly name: string;
  readonly dw: number;
  readonly lo: number;
  readonly width: number;
  readonly enum?: FieldEnum;
  /**
   * A second reading of bits another field already covers (EVENT_WRITE_EOS's gds_index/size over its
   * data dword): decoded and printed, never written by the builder.
   */
  readonly view?: boolean;
}

/**
 * A 64-bit address: bits [31:loShift] of the low dword (the low bits hold another field, or are not part
 * of the address) and `hiWidth` bits from bit `hiLo` of the high dword, as address bits 32 and up. The
 * value is a number, exact for addresses below 2^53 (every GCN virtual address).
 */
export interface AddrField {
  readonly kind: 'addr';
  readonly name: string;
  readonly dw: number;
  readonly loShift: number;
  readonly hiDw: number;
  readonly hiLo: number;
  readonly hiWidth: number;
}

export type Field = BitField | AddrField;

/** What the words after the fixed dwords are. */
export type TailKind =
  /** Values for consecutive registers from the packet's reg_offset field (SET_*_REG). */
  | 'regs'
  /** Data words (WRITE_DATA, WRITE_CONST_RAM, NOP's payload, ...). */
  | 'data';

export interface Layout {
  readonly fields: readonly Field[];
  /** Body dwords a packet must have; fields past a shorter (optional) end are left out. */
  readonly minDwords: number;
  /** Dwords the fields describe: the tail starts there. */
  readonly fixedDwords: number;
  readonly tail?: TailKind;
  /**
   * For 'regs' tails: the dword offset of the register space the reg_offset field counts from
   * (SET_CONFIG_REG 0x2000, SET_SH_REG 0x2c00, SET_CONTEXT_REG 0xa000, SET_UCONFIG_REG 0xc000).
   */
  readonly regBase?: number;
}

export const bits = (name: string, dw: number, lo = 0, width = 32, e?: FieldEnum): BitField => ({
  kind: 'bits',
  name,
  dw,
  lo,
  width,
  enum: e,
});

export const view = (name: string, dw: number, lo: number, width: number): BitField => ({
  ...bits(name, dw, lo, width),
  view: true,
});

export const addr = (
  name: string,
  dw: number,
  loShift: number,
  hiWidth = 32,
  hiDw = dw + 1,
  hiLo = 0,
): AddrField => ({
  kind: 'addr',
  name,
  dw,
  loShift,
  hiDw,
  hiLo,
  hiWidth,
});

/** A layout from its fields; `min` defaults to every fixed dword. */
export function layout(
  fields: readonly Field[],
  opts: { min?: number; tail?: TailKind; regBase?: number; fixed?: number } = {},
): Layout {
  let fixed = 0;
  for (const f of fields) fixed = Math.max(fixed, f.dw + 1, f.kind === 'addr' ? f.hiDw + 1 : 0);
  fixed = opts.fixed ?? fixed;
  // In body order, for printing and for messages that list a packet's fields.
  fields = [...fields].sort((a, b) => a.dw - b.dw || lowBit(a) - lowBit(b));
  return { fields, minDwords: opts.min ?? fixed, fixedDwords: fixed, tail: opts.tail, regBase: opts.regBase };
}

const lowBit = (f: Field): number => (f.kind === 'bits' ? f.lo : f.loShift);

/** A layout with more fields (a later generation's additions) or some replaced (same name). */
export function extend(base: Layout, more: readonly Field[], opts: { min?: number } = {}): Layout {
  const names = new Set(more.map((f) => f.name));
  const fields = [...base.fields.filter((f) => !names.has(f.name)), ...more];
  const l = layout(fields, { tail: base.tail, regBase: base.regBase });
  const grown = l.fixedDwords > base.fixedDwords;
  return { ...l, minDwords: opts.min ?? (grown ? l.fixedDwords : base.minDwords) };
}

const TWO32 = 4294967296;

/** Mask of a field `width` bits wide (width 1..32) as an unsigned number. */
export function mask(width: number): number {
  return width >= 32 ? 0xffffffff : ((1 << width) - 1) >>> 0;
}

/** A bit field's value from its body dword. */
export function getBits(word: number, f: BitField): number {
  return f.width >= 32 ? word >>> 0 : (word >>> f.lo) & mask(f.width);
}

/** An address field's value from its two body dwords. */
export function getAddr(lo: number, hi: number, f: AddrField): number {
  const low = f.loShift === 0 ? lo >>> 0 : (lo & ~mask(f.loShift)) >>> 0;
  return (((hi >>> f.hiLo) & mask(f.hiWidth)) >>> 0) * TWO32 + low;
}

/** Splits an address into the dword bits an AddrField covers ([lo bits, hi bits]); throws if it does not fit. */
export function splitAddr(value: number, f: AddrField, what: string): [number, number] {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what}: ${value} is not an address (a non-negative integer below 2^53)`);
  const hi = Math.floor(value / TWO32);
  const lo = value - hi * TWO32;
  if (f.loShift !== 0 && lo % 2 ** f.loShift !== 0)
    throw new RangeError(`${what}: 0x${value.toString(16)} is not ${2 ** f.loShift}-byte aligned`);
  if (hi > mask(f.hiWidth))
    throw new RangeError(`${what}: 0x${value.toString(16)} does not fit in ${32 + f.hiWidth} bits`);
  return [lo, (hi << f.hiLo) >>> 0];
}
