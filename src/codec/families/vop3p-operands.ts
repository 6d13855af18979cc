// Operand text tables of the gfx908 matrix ops (MFMA, v_accvgpr_*), whose sources are register-class
// operands (VGPR-or-AGPR, AGPR tuples). llvm-objdump-22 still prints codes outside the class, with a
// comment, and rejects some others; these tables record what it prints for each of the 512 codes.
import { agpr, regRange, srcOperand, vgpr } from '../operands.js';

/**
 * Registers that LLVM treats as "inline values" (read-only hardware values): printed without the
 * invalid-register comment even where the operand's class does not contain them.
 */
const INLINE_VALUE = new Set([125, 230, 231, 235, 236, 237, 238, 239, 251, 252, 253]);

function invalidReg(className: string): string {
  return `/*Invalid register, operand has '${className}' register class*/`;
}
const INVALID_IMM = '/*Invalid immediate*/';

function isConst(code: number): boolean {
  return (code >= 128 && code <= 208) || (code >= 240 && code <= 248);
}

/**
 * A VGPR-or-AGPR source of `dwords` (1 or 2) registers (MFMA src0/src1; `a` selects AGPRs), or an AGPR
 * source (v_accvgpr_read_b32): what LLVM prints for each code.
 */
function vectorClassTable(dwords: number, agprs: boolean, className: string): (string | null)[] {
  const tab: (string | null)[] = [];
  for (let code = 0; code < 512; code++) {
    let s: string | null;
    // LLVM range-checks an AGPR tuple but prints a VGPR tuple past v255 (v[255:256]) as it is.
    if (code >= 256)
      s = agprs ? (code - 256 + dwords <= 256 ? agpr(code - 256, dwords) : null) : vgpr(code - 256, dwords);
    else if (code === 255) s = null;
    else if (isConst(code)) s = srcOperand(code, 'f32', 0) + INVALID_IMM;
    else if (INLINE_VALUE.has(code)) s = srcOperand(code, dwords === 2 ? 'b64' : 'b32', 0);
    else {
      const r = code === 254 && dwords === 2 ? null : srcOperand(code, dwords === 2 ? 'b64' : 'b32', 0);
      s = r === null ? null : r + invalidReg(className);
    }
    tab.push(s);
  }
  return tab;
}

/** MFMA src0/src1 by [acc bit][code], for 1- and 2-dword sources. */
export const MFMA_SRC: readonly (readonly (readonly (string | null)[])[])[] = [
  [vectorClassTable(1, false, 'AV_32'), vectorClassTable(1, true, 'AV_32')],
  [vectorClassTable(2, false, 'AV_64'), vectorClassTable(2, true, 'AV_64')],
];

/** v_accvgpr_read_b32's source (an AGPR). */
export const ACC_READ_SRC: readonly (string | null)[] = vectorClassTable(1, true, 'AGPR_32');

/** v_accvgpr_write_b32's source: a VGPR, SGPR or inline constant, printed as usual. */
export const ACC_WRITE_SRC: readonly (string | null)[] = Array.from({ length: 512 }, (_, c) =>
  c === 255 ? null : srcOperand(c, 'b32', 0),
);

/** LLVM's highest SGPR number (its tuples may reach past the 102 the hardware addresses). */
const LAST_SGPR = 105;

/**
 * MFMA src2 (the accumulator input, an AGPR tuple of `dwords` registers) by code: AGPR tuples that fit,
 * inline constants, null, and SGPR/TTMP tuples (at most 16 wide, aligned to 4) with the class comment.
 */
function accTable(dwords: number): (string | null)[] {
  const className = `AReg_${dwords * 32}`;
  const sw = Math.min(dwords, 16);
  const tab: (string | null)[] = [];
  for (let code = 0; code < 512; code++) {
    let s: string | null = null;
    if (code >= 256) s = code - 256 + dwords <= 256 ? agpr(code - 256, dwords) : null;
    else if (isConst(code)) s = srcOperand(code, 'f32', 0);
    else if (code === 125) s = 'null';
    else if (code <= 101) {
      const first = code - (code % 4);
      if (first + sw - 1 <= LAST_SGPR) s = regRange('s', first, sw) + invalidReg(className);
    } else if (code >= 108 && code <= 123) {
      const n = code - 108;
      const first = n - (n % 4);
      if (first + sw <= 16) s = regRange('ttmp', first, sw) + invalidReg(className);
    }
    tab.push(s);
  }
  return tab;
}

const ACC_TABLES = new Map<number, readonly (string | null)[]>();

/** MFMA src2 text by code, for an accumulator of `dwords` registers. */
export function mfmaAccTable(dwords: number): readonly (string | null)[] {
  let t = ACC_TABLES.get(dwords);
  if (t === undefined) {
    t = accTable(dwords);
    ACC_TABLES.set(dwords, t);
  }
  return t;
}
