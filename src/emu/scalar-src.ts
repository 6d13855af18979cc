// Values of scalar source operand codes: SGPRs and special registers, inline constants, the apertures and
// the status bits. Decoders call constValue32/64 once to pre-resolve constants; readScalar32 is the slow
// general path for codes only known at run time (and for handlers that do not care about speed).

import { ExecError } from './inst.js';
import {
  EXEC_HI,
  EXEC_LO,
  PRIVATE_APERTURE_HI,
  SHARED_APERTURE_HI,
  VCC_HI,
  VCC_LO,
  type Wave,
} from './wave.js';

export const SRC_LITERAL = 255;
export const SRC_LDS_DIRECT = 254;
export const SRC_SCC = 253;
export const SRC_EXECZ = 252;
export const SRC_VCCZ = 251;
export const SRC_SHARED_BASE = 235;
export const SRC_SHARED_LIMIT = 236;
export const SRC_PRIVATE_BASE = 237;
export const SRC_PRIVATE_LIMIT = 238;
export const SRC_POPS_EXITING_WAVE_ID = 239;

/** The f32, f64 (high dword) and f16 bit patterns of inline constants 240-248 (0.5 ... -4.0, 1/(2*pi)). */
const F32_CONST = [
  0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000, 0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983,
];
const F64_CONST_HI = [
  0x3fe00000, 0xbfe00000, 0x3ff00000, 0xbff00000, 0x40000000, 0xc0000000, 0x40100000, 0xc0100000, 0x3fc45f30,
];
// 1/(2*pi) as f64 has a non-zero low dword.
const F64_INV_2PI_LO = 0x6dc9c882;
const F16_CONST = [0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118];

/** Whether the code is a constant that needs no wave state (inline constant or literal). */
export function isConstCode(code: number): boolean {
  return (code >= 128 && code <= 208) || (code >= 240 && code <= 248) || code === SRC_LITERAL;
}

export function isApertureCode(code: number): boolean {
  return code >= SRC_SHARED_BASE && code <= SRC_PRIVATE_LIMIT;
}

/**
 * The 32-bit value of a constant code for an operand of `width` bits and float-ness: integer constants
 * are the same for all types; float constants depend on the operand type (f16 bits, f32 bits, or the high
 * dword of the f64). For 16-bit integer operands LLVM/hardware use the f16 patterns too.
 */
export function constValue32(
  code: number,
  lit: number,
  kind: 'f16' | 'f32' | 'f64' | 'int16' | 'int' = 'f32',
): number {
  if (code >= 128 && code <= 192) return code - 128;
  if (code >= 193 && code <= 208) return (192 - code) >>> 0;
  if (code >= 240 && code <= 248) {
    const k = code - 240;
    if (kind === 'f16' || kind === 'int16') return F16_CONST[k];
    if (kind === 'f64') return F64_CONST_HI[k];
    return F32_CONST[k];
  }
  if (code === SRC_LITERAL) return lit >>> 0;
  throw new Error(`operand code ${code} is not a constant`);
}

/**
 * The high dword of a constant used as a 64-bit operand: integers sign-extend; float constants of f64
 * operands give the double's high dword in constValue32 and this is the low dword... see constPair64.
 */
export function constPair64(code: number, lit: number, isFloat: boolean): [lo: number, hi: number] {
  if (code >= 128 && code <= 192) return [code - 128, 0];
  if (code >= 193 && code <= 208) return [(192 - code) >>> 0, 0xffffffff];
  if (code >= 240 && code <= 248) {
    const k = code - 240;
    // 64-bit integer operands take the f64 patterns of the float constants as well.
    return [k === 8 ? F64_INV_2PI_LO : 0, F64_CONST_HI[k]];
  }
  if (code === SRC_LITERAL) {
    // A literal is 32 bits: for f64 operands it supplies the high dword, for integers it is zero-extended.
    return isFloat ? [0, lit >>> 0] : [lit >>> 0, 0];
  }
  throw new Error(`operand code ${code} is not a constant`);
}

/** Any scalar source code as a 32-bit value at run time. */
export function readScalar32(w: Wave, code: number, lit: number): number {
  if (code < 128) return w.s[code];
  if (code === SRC_SCC) return w.scc;
  if (code === SRC_VCCZ) return w.s[VCC_LO] === 0 && w.s[VCC_HI] === 0 ? 1 : 0;
  if (code === SRC_EXECZ) return w.s[EXEC_LO] === 0 && w.s[EXEC_HI] === 0 ? 1 : 0;
  if (code === SRC_SHARED_BASE) return SHARED_APERTURE_HI;
  if (code === SRC_PRIVATE_BASE) return PRIVATE_APERTURE_HI;
  // The limits are the last address of each 4 GiB aperture: high dword base, low dword all ones.
  if (code === SRC_SHARED_LIMIT) return SHARED_APERTURE_HI;
  if (code === SRC_PRIVATE_LIMIT) return PRIVATE_APERTURE_HI;
  if (code === SRC_POPS_EXITING_WAVE_ID) return 0;
  if (isConstCode(code)) return constValue32(code, lit, 'int');
  throw unreadable(code, 32);
}

/** The error for a source code that names nothing readable (reserved codes, lds_direct, a tuple past s127). */
function unreadable(code: number, bits: number): ExecError {
  const what = code === SRC_LDS_DIRECT ? ' (lds_direct)' : code < 128 ? ' (a register pair past s127)' : '';
  return new ExecError(`scalar operand code ${code}${what} cannot be read as a ${bits}-bit source`);
}

/** Any scalar source code as a 64-bit (lo, hi) value at run time, written to out[0], out[1]. */
export function readScalar64(w: Wave, code: number, lit: number, isFloat: boolean, out: Uint32Array): void {
  if (code < 127) {
    out[0] = w.s[code];
    out[1] = w.s[code + 1];
    return;
  }
  if (code >= SRC_SHARED_BASE && code <= SRC_PRIVATE_LIMIT) {
    const hi = code <= SRC_SHARED_LIMIT ? SHARED_APERTURE_HI : PRIVATE_APERTURE_HI;
    // As 64-bit operands the apertures read as full addresses (base: hi << 32; limit: base + 4 GiB - 1).
    const limit = code === SRC_SHARED_LIMIT || code === SRC_PRIVATE_LIMIT;
    out[0] = limit ? 0xffffffff : 0;
    out[1] = hi;
    return;
  }
  if (code === SRC_SCC || code === SRC_VCCZ || code === SRC_EXECZ || code === SRC_POPS_EXITING_WAVE_ID) {
    out[0] = readScalar32(w, code, lit);
    out[1] = 0;
    return;
  }
  if (!isConstCode(code)) throw unreadable(code, 64);
  const [lo, hi] = constPair64(code, lit, isFloat);
  out[0] = lo;
  out[1] = hi;
}
