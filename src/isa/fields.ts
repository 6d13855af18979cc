// Encoding layouts as data: an encoding is fixed bits plus named fields (decodetree-style). Extraction
// and insertion are derived from the same description, so the decoder, the encoder and the emulator
// cannot disagree about where a field lives. Bit numbers count from bit 0 of the first dword; a field
// may lie in any dword (bit 32 is bit 0 of the second dword) but not straddle two.

export interface Field {
  /** Index of the dword holding the field. */
  readonly word: number;
  readonly shift: number;
  /** Mask after shifting (width 32 gives 0xffffffff). */
  readonly mask: number;
  readonly lo: number;
  readonly width: number;
}

export interface Layout<F extends string = string> {
  /** The encoding's name as the ISA documents give it (SOP1, VOP3A, SMRD, ...). */
  readonly name: string;
  /** Size without literal or extension dwords. */
  readonly dwords: number;
  /** Bits of the first dword that identify the encoding, and their value. */
  readonly fixedMask: number;
  readonly fixedValue: number;
  readonly fields: Readonly<Record<F, Field>>;
}

/** A field of `width` bits starting at bit `lo`. */
export function bits(lo: number, width: number): Field {
  const word = lo >>> 5;
  const shift = lo & 31;
  if (width < 1 || shift + width > 32)
    throw new Error(`internal: field at bit ${lo} width ${width} straddles a dword`);
  return { word, shift, mask: width === 32 ? 0xffffffff : (1 << width) - 1, lo, width };
}

/**
 * Defines an encoding. `fixed` lists [lo, width, value] of the identifying bits (all in the first dword).
 */
export function layout<F extends string>(
  name: string,
  dwords: number,
  fixed: readonly (readonly [number, number, number])[],
  fields: Record<F, readonly [number, number]>,
): Layout<F> {
  let fixedMask = 0;
  let fixedValue = 0;
  for (const [lo, width, value] of fixed) {
    const f = bits(lo, width);
    if (f.word !== 0) throw new Error(`internal: ${name}: fixed bits must be in the first dword`);
    fixedMask |= f.mask << f.shift;
    fixedValue |= (value & f.mask) << f.shift;
  }
  const out = {} as Record<F, Field>;
  for (const k of Object.keys(fields) as F[]) out[k] = bits(fields[k][0], fields[k][1]);
  return { name, dwords, fixedMask: fixedMask >>> 0, fixedValue: fixedValue >>> 0, fields: out };
}

/** Whether the word at `at` carries the layout's fixed bits. */
export function matches(l: Layout, words: ArrayLike<number>, at: number): boolean {
  return (words[at] & l.fixedMask) >>> 0 === l.fixedValue;
}

/** Reads a field of the instruction starting at dword `at`. */
export function get(f: Field, words: ArrayLike<number>, at: number): number {
  return ((words[at + f.word] >>> f.shift) & f.mask) >>> 0;
}

/** Writes a field into `words` (the instruction's own dwords, index 0 = first). Out-of-range values throw. */
export function put(f: Field, words: number[] | Uint32Array, value: number): void {
  if (value < 0 || value > f.mask || !Number.isInteger(value)) {
    throw new RangeError(`value ${value} does not fit a ${f.width}-bit field`);
  }
  const w = words[f.word] ?? 0;
  words[f.word] = ((w & ~(f.mask << f.shift)) | (value << f.shift)) >>> 0;
}

/** The first dword(s) of an instruction in this layout: fixed bits set, every named field from `values`. */
export function encode<F extends string>(l: Layout<F>, values: Partial<Record<F, number>>): number[] {
  const words = new Array<number>(l.dwords).fill(0);
  words[0] = l.fixedValue;
  // for-in: no array of keys per call (the assembler encodes every instruction through here).
  for (const k in values) {
    const v = values[k];
    if (v !== undefined) put(l.fields[k], words, v);
  }
  return words;
}
