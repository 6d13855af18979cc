// The WebAssembly binary format, as far as the translating engine's SIMD lane loops need it: one module
// importing one memory and exporting functions of i32 parameters returning an i32. Encodings from the
// WebAssembly core specification (binary format: modules, instructions) and the SIMD proposal's opcode
// table (WebAssembly/simd, proposals/simd/BinarySIMD.md); every module is checked by
// WebAssembly.validate in the tests.

export const I32 = 0x7f;
export const V128 = 0x7b;

/** Single-byte opcodes. */
export const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  i32Store: 0x36,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32LtU: 0x49,
  i32GtS: 0x4a,
  i32GeS: 0x4e,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  i32And: 0x71,
  i32Or: 0x72,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  f32ReinterpretI32: 0xbe,
  /** Block type of a block that leaves nothing on the stack. */
  void: 0x40,
} as const;

/** SIMD opcodes (after the 0xfd prefix, LEB128-encoded). */
export const SIMD = {
  load: 0x00,
  store: 0x0b,
  const: 0x0c,
  shuffle: 0x0d,
  i8x16Swizzle: 0x0e,
  i32x4Splat: 0x11,
  /** Followed by a lane index byte. */
  i32x4ExtractLane: 0x1b,
  i32x4ReplaceLane: 0x1c,
  f32x4Splat: 0x13,
  i8x16LtU: 0x26,
  i8x16GtU: 0x28,
  i32x4Eq: 0x37,
  i32x4Ne: 0x38,
  i32x4LtS: 0x39,
  i32x4LtU: 0x3a,
  i32x4GtS: 0x3b,
  i32x4GtU: 0x3c,
  i32x4LeS: 0x3d,
  i32x4LeU: 0x3e,
  i32x4GeS: 0x3f,
  i32x4GeU: 0x40,
  f32x4Eq: 0x41,
  f32x4Ne: 0x42,
  f32x4Lt: 0x43,
  f32x4Gt: 0x44,
  f32x4Le: 0x45,
  f32x4Ge: 0x46,
  not: 0x4d,
  and: 0x4e,
  andnot: 0x4f,
  or: 0x50,
  xor: 0x51,
  bitselect: 0x52,
  anyTrue: 0x53,
  f64x2Ne: 0x48,
  f64x2Lt: 0x49,
  f32x4DemoteF64x2Zero: 0x5e,
  f64x2PromoteLowF32x4: 0x5f,
  i32x4AllTrue: 0xa3,
  i32x4Bitmask: 0xa4,
  i8x16Add: 0x6e,
  i32x4Shl: 0xab,
  i32x4ShrS: 0xac,
  i32x4ShrU: 0xad,
  i32x4Add: 0xae,
  i32x4Sub: 0xb1,
  i32x4Mul: 0xb5,
  i32x4MinS: 0xb6,
  i32x4MinU: 0xb7,
  i32x4MaxS: 0xb8,
  i32x4MaxU: 0xb9,
  i64x2Eq: 0xd6,
  f32x4Abs: 0xe0,
  f32x4Neg: 0xe1,
  f32x4Add: 0xe4,
  f32x4Sub: 0xe5,
  f32x4Mul: 0xe6,
  f32x4Min: 0xe8,
  f32x4Max: 0xe9,
  f64x2Abs: 0xec,
  f64x2Sqrt: 0xef,
  f64x2Add: 0xf0,
  f64x2Mul: 0xf2,
  f64x2Div: 0xf3,
  i32x4TruncSatF32x4S: 0xf8,
  i32x4TruncSatF32x4U: 0xf9,
  f32x4ConvertI32x4S: 0xfa,
  f32x4ConvertI32x4U: 0xfb,
} as const;

/** A function body being written: its locals and its code. */
export class FuncWriter {
  readonly code: number[] = [];
  private readonly localTypes: number[] = [];

  /** @param params how many i32 parameters the function takes (locals 0 .. params-1) */
  constructor(readonly params: number) {}

  /** A new local of the given type; returns its index. */
  local(type: number): number {
    this.localTypes.push(type);
    return this.params + this.localTypes.length - 1;
  }

  op(...bytes: number[]): this {
    for (const b of bytes) this.code.push(b);
    return this;
  }

  simd(op: number): this {
    this.code.push(0xfd);
    uleb(this.code, op);
    return this;
  }

  /** v128.load / v128.store with 16-byte alignment at a constant offset from the address on the stack. */
  simdMem(op: number, offset: number): this {
    this.simd(op);
    this.code.push(4);
    uleb(this.code, offset);
    return this;
  }

  /** i32.load / i32.store (4-byte aligned) at a constant offset. */
  mem32(op: number, offset: number): this {
    this.code.push(op, 2);
    uleb(this.code, offset);
    return this;
  }

  get(i: number): this {
    this.code.push(OP.localGet);
    uleb(this.code, i);
    return this;
  }

  set(i: number): this {
    this.code.push(OP.localSet);
    uleb(this.code, i);
    return this;
  }

  tee(i: number): this {
    this.code.push(OP.localTee);
    uleb(this.code, i);
    return this;
  }

  i32(x: number): this {
    this.code.push(OP.i32Const);
    sleb(this.code, x | 0);
    return this;
  }

  /** v128.const of four equal 32-bit lanes. */
  splatConst(bits: number): this {
    this.simd(SIMD.const);
    for (let k = 0; k < 4; k++)
      this.code.push(bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, bits >>> 24);
    return this;
  }

  /** v128.const of 16 given bytes. */
  const16(bytes: readonly number[]): this {
    this.simd(SIMD.const);
    for (const b of bytes) this.code.push(b & 0xff);
    return this;
  }

  /** i8x16.shuffle of the two vectors on the stack, byte k of the result from byte lanes[k] of the pair. */
  shuffle(lanes: readonly number[]): this {
    this.simd(SIMD.shuffle);
    for (const b of lanes) this.code.push(b);
    return this;
  }

  /** The function's code section entry: locals (run-length grouped by type) and body. */
  encode(): number[] {
    const groups: [number, number][] = [];
    for (const t of this.localTypes) {
      const last = groups[groups.length - 1];
      if (last !== undefined && last[1] === t) last[0]++;
      else groups.push([1, t]);
    }
    const body: number[] = [];
    uleb(body, groups.length);
    for (const [n, t] of groups) {
      uleb(body, n);
      body.push(t);
    }
    for (const b of this.code) body.push(b);
    body.push(OP.end);
    const out: number[] = [];
    uleb(out, body.length);
    for (const b of body) out.push(b);
    return out;
  }
}

/**
 * A module importing memory "m"."mem" (at least `pages` pages) and exporting function k as "f<k>"; each
 * function takes its writer's i32 parameters and returns one i32.
 */
export function moduleBytes(funcs: readonly FuncWriter[], pages: number): Uint8Array {
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  // One type per function (their parameter counts differ).
  const types: number[] = [];
  uleb(types, funcs.length);
  for (const f of funcs) {
    types.push(0x60);
    uleb(types, f.params);
    for (let k = 0; k < f.params; k++) types.push(I32);
    types.push(1, I32);
  }
  section(out, 1, types);
  const imports: number[] = [1];
  name(imports, 'm');
  name(imports, 'mem');
  imports.push(0x02, 0x00);
  uleb(imports, pages);
  section(out, 2, imports);
  const fsec: number[] = [];
  uleb(fsec, funcs.length);
  for (let k = 0; k < funcs.length; k++) uleb(fsec, k);
  section(out, 3, fsec);
  const exports: number[] = [];
  uleb(exports, funcs.length);
  for (let k = 0; k < funcs.length; k++) {
    name(exports, `f${k}`);
    exports.push(0x00);
    uleb(exports, k);
  }
  section(out, 7, exports);
  const code: number[] = [];
  uleb(code, funcs.length);
  for (const f of funcs) for (const b of f.encode()) code.push(b);
  section(out, 10, code);
  return Uint8Array.from(out);
}

function section(out: number[], id: number, content: readonly number[]): void {
  out.push(id);
  uleb(out, content.length);
  for (const b of content) out.push(b);
}

function name(out: number[], s: string): void {
  uleb(out, s.length);
  for (let k = 0; k < s.length; k++) out.push(s.charCodeAt(k));
}

function uleb(out: number[], x: number): void {
  let v = x >>> 0;
  do {
    const b = v & 0x7f;
    v >>>= 7;
    out.push(v !== 0 ? b | 0x80 : b);
  } while (v !== 0);
}

function sleb(out: number[], x: number): void {
  let v = x | 0;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return;
    }
    out.push(b | 0x80);
  }
}
