// Names and values of the 8/9-bit source operand codes of gfx9 (SSRC/SRC0/SRC1/SRC2/SDST/VDST),
// printed the way LLVM's AMDGPU disassembler prints them.

/**
 * The type an operand is decoded as. It decides how inline float constants and literals print,
 * and the register width. 'i16' and 'f16' are 16-bit scalars; 'v2i16'/'v2f16' packed pairs.
 */
export type OperandType = 'b32' | 'i32' | 'f32' | 'b64' | 'i64' | 'f64' | 'i16' | 'f16' | 'v2i16' | 'v2f16';

/** Width in dwords of a register operand of this type. */
export function typeDwords(t: OperandType): number {
  return t === 'b64' || t === 'i64' || t === 'f64' ? 2 : 1;
}

export const LITERAL = 255;
export const SRC_VGPR0 = 256;

const FLOAT32: Record<number, string> = {
  240: '0.5',
  241: '-0.5',
  242: '1.0',
  243: '-1.0',
  244: '2.0',
  245: '-2.0',
  246: '4.0',
  247: '-4.0',
  248: '0.15915494',
};
// f16 bit patterns of the inline float constants: LLVM prints them in hex for 16-bit integer operands.
const F16_BITS: Record<number, number> = {
  240: 0x3800,
  241: 0xb800,
  242: 0x3c00,
  243: 0xbc00,
  244: 0x4000,
  245: 0xc000,
  246: 0x4400,
  247: 0xc400,
  248: 0x3118,
};

const SPECIAL32: Record<number, string> = {
  102: 'flat_scratch_lo',
  103: 'flat_scratch_hi',
  104: 'xnack_mask_lo',
  105: 'xnack_mask_hi',
  106: 'vcc_lo',
  107: 'vcc_hi',
  124: 'm0',
  125: 'null',
  126: 'exec_lo',
  127: 'exec_hi',
  235: 'src_shared_base',
  236: 'src_shared_limit',
  237: 'src_private_base',
  238: 'src_private_limit',
  239: 'src_pops_exiting_wave_id',
  251: 'src_vccz',
  252: 'src_execz',
  253: 'src_scc',
  254: 'src_lds_direct',
  // LLVM 22 names these (otherwise reserved) codes on gfx9 too: llvm-objdump-22 prints them in any source slot.
  230: 'src_flat_scratch_base_lo',
  231: 'src_flat_scratch_base_hi',
};
const SPECIAL64: Record<number, string> = {
  102: 'flat_scratch',
  104: 'xnack_mask',
  106: 'vcc',
  126: 'exec',
  235: 'src_shared_base',
  236: 'src_shared_limit',
  237: 'src_private_base',
  238: 'src_private_limit',
  239: 'src_pops_exiting_wave_id',
  251: 'src_vccz',
  252: 'src_execz',
  253: 'src_scc',
  // llvm-objdump-22 prints these in 64-bit slots as well (s_mov_b64 s[0:1], null; v_cvt_f32_f64 v0, null).
  125: 'null',
  230: 'src_flat_scratch_base_lo',
};

export function hex(v: number): string {
  return '0x' + (v >>> 0).toString(16);
}

/** A register range `prefix[lo:hi]`, or `prefixN` for one dword. */
export function regRange(prefix: string, first: number, dwords: number): string {
  return dwords === 1 ? prefix + first : `${prefix}[${first}:${first + dwords - 1}]`;
}

export function vgpr(n: number, dwords: number): string {
  return regRange('v', n, dwords);
}

export function agpr(n: number, dwords: number): string {
  return regRange('a', n, dwords);
}

/**
 * An SGPR-file operand (codes 0-127) of `dwords` width, or null when LLVM rejects the code for that width.
 * LLVM rounds a misaligned SGPR/TTMP tuple down to its alignment (it prints s[0:1] for code 1 in a
 * 64-bit slot); wider tuples align to 4 dwords.
 */
export function scalarReg(code: number, dwords: number): string | null {
  const align = dwords >= 4 ? 4 : dwords;
  if (code <= 101) {
    const first = code - (code % align);
    if (first + dwords - 1 > 101) return null;
    return regRange('s', first, dwords);
  }
  if (code >= 108 && code <= 123) {
    const n = code - 108;
    const first = n - (n % align);
    if (first + dwords - 1 > 15) return null;
    return regRange('ttmp', first, dwords);
  }
  if (dwords === 1) return SPECIAL32[code] ?? null;
  if (dwords === 2) {
    if (code === 125) return SPECIAL64[code];
    return SPECIAL64[code - (code % 2)] === undefined ? null : code % 2 ? null : SPECIAL64[code];
  }
  return null;
}

/**
 * A 9-bit vector-ALU source (or 8-bit scalar source with code < 256) of type `t`. `literal` is the
 * dword that follows the instruction when code is 255. Returns null when LLVM rejects the operand.
 * `agprs` says whether 256+ means AGPRs (the acc bit of some encodings).
 */
export function srcOperand(code: number, t: OperandType, literal: number, agprs = false): string | null {
  const dw = typeDwords(t);
  if (code >= 256) return agprs ? agpr(code - 256, dw) : vgpr(code - 256, dw);
  if (code < 128) return scalarReg(code, dw);
  if (code <= 192) return String(code - 128);
  if (code <= 208) return String(192 - code);
  if (code >= 240 && code <= 248) {
    if (t === 'i16') return hex(F16_BITS[code]);
    if (code === 248 && dw === 2) return '0.15915494309189532';
    return FLOAT32[code];
  }
  if (code === LITERAL) return literalOperand(literal, t);
  if (dw === 2) return SPECIAL64[code] ?? null;
  return SPECIAL32[code] ?? null;
}

const INLINE_F32_BITS = new Set([
  0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
]);
const INLINE_F16_BITS = new Set([0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118]);
// High dwords of the f64 inline constants (a 64-bit float literal is the high half, low half zero).
const INLINE_F64_HI = new Map<number, string>([
  [0, '0'],
  [0x3fe00000, '0.5'],
  [0xbfe00000, '-0.5'],
  [0x3ff00000, '1.0'],
  [0xbff00000, '-1.0'],
  [0x40000000, '2.0'],
  [0xc0000000, '-2.0'],
  [0x40100000, '4.0'],
  [0xc0100000, '-4.0'],
]);

function inline32(v: number): boolean {
  return v <= 64 || v >= 0xfffffff0 || INLINE_F32_BITS.has(v);
}

/**
 * A literal dword in a source of type `t`, as llvm-objdump-22 prints it. A value that an inline constant
 * could have encoded prints as `lit(0x...)` (so it reassembles to the same bytes); which values count
 * depends on the type: 32-bit ones (and i16, which LLVM checks as a 32-bit value) use the 32-bit inline
 * set; f16 looks at the low half only and prints only that half unless it is inline; v2f16 takes
 * integers and the f16 float patterns; 64-bit integers are zero-extended (so 0..64); an f64 literal is
 * the high dword, printed as the float when the double is an inline constant.
 */
export function literalOperand(v: number, t: OperandType): string {
  v >>>= 0;
  switch (t) {
    case 'f16': {
      const lo = v & 0xffff;
      return lo <= 64 || lo >= 0xfff0 || INLINE_F16_BITS.has(lo) ? 'lit(' + hex(v) + ')' : hex(lo);
    }
    case 'i16':
      return inline32(v) ? 'lit(' + hex(v) + ')' : hex(v & 0xffff);
    case 'v2f16':
      return v <= 64 || v >= 0xfffffff0 || INLINE_F16_BITS.has(v) ? 'lit(' + hex(v) + ')' : hex(v);
    case 'b64':
    case 'i64':
      return v <= 64 ? 'lit(' + hex(v) + ')' : hex(v);
    case 'f64':
      return INLINE_F64_HI.get(v) ?? hex(v);
    default:
      return inline32(v) ? 'lit(' + hex(v) + ')' : hex(v);
  }
}

/** Whether a source code means "a literal dword follows". */
export function isLiteral(code: number): boolean {
  return code === LITERAL;
}

// ---- misaligned scalar register tuples ----

// llvm-objdump (AMDGPUDisassembler::createSRegOperand) prints a register tuple whose first register is not
// aligned (pairs to 2, wider tuples to 4) rounded down, and appends `; Warning: <class>: scalar reg isn't
// aligned <n>` to the line, n being the register index as encoded. Tables per generation and width.
const SGPR_CLASS: Record<number, string> = { 2: '_64', 3: '_96', 4: '_128', 8: '_256', 16: '_512' };

function buildAlignWarnings(ttmpBase: number, dwords: number): string[] {
  const t: string[] = [];
  const align = dwords >= 3 ? 4 : dwords;
  const cls = SGPR_CLASS[dwords] ?? '';
  for (let code = 0; code < 128; code++) {
    let w = '';
    if (dwords > 1 && cls !== '') {
      if (code <= 105 && code % align !== 0) w = `Warning: SGPR${cls}: scalar reg isn't aligned ${code}`;
      else if (code >= ttmpBase && code < 124 && (code - ttmpBase) % align !== 0)
        w = `Warning: TTMP${cls}: scalar reg isn't aligned ${code - ttmpBase}`;
    }
    t.push(flat(w));
  }
  return t;
}

/** `s` as one sequential string (a template literal makes a rope, which each read walks). */
function flat(s: string): string {
  const codes: number[] = [];
  for (let k = 0; k < s.length; k++) codes.push(s.charCodeAt(k));
  return String.fromCharCode(...codes);
}

const ALIGN_WARNINGS_GFX9: Record<number, string[]> = {};
const ALIGN_WARNINGS_OLD: Record<number, string[]> = {};
for (const n of [2, 3, 4, 8, 16]) {
  ALIGN_WARNINGS_GFX9[n] = buildAlignWarnings(108, n);
  ALIGN_WARNINGS_OLD[n] = buildAlignWarnings(112, n);
}
const NONE: string[] = new Array(128).fill('');

/**
 * The warning llvm-objdump-22 appends to a line for a scalar register tuple operand of `dwords` dwords
 * (2, 3, 4, 8 or 16) encoded at SGPR-file `code` (0-127: SGPRs and TTMPs; other codes never warn), or
 * '' when the register is aligned. `ttmpBase` is where the generation's TTMPs start: 108 on gfx9, 112
 * before (TTMP_BASE_GFX9 / TTMP_BASE_OLD). Families put it in DecodeOutput.comment (joined with '' when
 * several operands warn, as LLVM's comment stream does). Vector and memory families: call this for every
 * SReg_64+ operand LLVM decodes through createSRegOperand (e.g. VOP3B sdst, VOPC/VOP3 64-bit scalar
 * sources, buffer/image resource descriptors).
 */
export function sgprAlignWarning(code: number, dwords: number, ttmpBase: number): string {
  if (dwords < 2 || code > 127) return '';
  const t = (ttmpBase === TTMP_BASE_GFX9 ? ALIGN_WARNINGS_GFX9 : ALIGN_WARNINGS_OLD)[dwords] ?? NONE;
  return t[code];
}

export const TTMP_BASE_GFX9 = 108;
export const TTMP_BASE_OLD = 112;
