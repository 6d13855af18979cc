// Register names of the LLVM AMDGPU syntax: s0, v[2:3], a5, acc5, ttmp[4:7], [s0,s1] lists, and the
// named registers with their 8-bit scalar operand codes on gfx9.
import type { RegFile, RegOperand } from './types.js';

/** Named registers: [code of the first dword, dwords]. */
export const SPECIAL_REGS: Readonly<Record<string, readonly [number, number]>> = {
  flat_scratch: [102, 2],
  flat_scratch_lo: [102, 1],
  flat_scratch_hi: [103, 1],
  xnack_mask: [104, 2],
  xnack_mask_lo: [104, 1],
  xnack_mask_hi: [105, 1],
  vcc: [106, 2],
  vcc_lo: [106, 1],
  vcc_hi: [107, 1],
  tba: [108, 2],
  tba_lo: [108, 1],
  tba_hi: [109, 1],
  tma: [110, 2],
  tma_lo: [110, 1],
  tma_hi: [111, 1],
  m0: [124, 1],
  null: [125, 1],
  exec: [126, 2],
  exec_lo: [126, 1],
  exec_hi: [127, 1],
  src_shared_base: [235, 1],
  shared_base: [235, 1],
  src_shared_limit: [236, 1],
  shared_limit: [236, 1],
  src_private_base: [237, 1],
  private_base: [237, 1],
  src_private_limit: [238, 1],
  private_limit: [238, 1],
  src_pops_exiting_wave_id: [239, 1],
  pops_exiting_wave_id: [239, 1],
  src_vccz: [251, 1],
  vccz: [251, 1],
  src_execz: [252, 1],
  execz: [252, 1],
  src_scc: [253, 1],
  scc: [253, 1],
  src_lds_direct: [254, 1],
  lds_direct: [254, 1],
};

/** SPECIAL_REGS as a Map: one hashed lookup, no prototype walk. */
const SPECIAL = new Map(Object.entries(SPECIAL_REGS));

// Register prefixes, matched on character codes (case-insensitive) so that a lookup needs no
// toLowerCase, slice or regex: `ttmp`, `acc`, then `s`, `v`, `a` (the first prefix that fits decides).
const LOWER = 0x20;
const ch = (s: string, i: number): number => s.charCodeAt(i) | LOWER;

/** The register file and the length of its prefix at the start of `name`, or 0 when none fits. */
function prefixOf(name: string): number {
  const n = name.length;
  const c0 = ch(name, 0);
  if (c0 === 116 && n > 4 && ch(name, 1) === 116 && ch(name, 2) === 109 && ch(name, 3) === 112) return 4; // ttmp
  if (c0 === 97 && n > 3 && ch(name, 1) === 99 && ch(name, 2) === 99) return 3; // acc
  return (c0 === 115 || c0 === 118 || c0 === 97) && n > 1 ? 1 : 0; // s v a
}

function fileOf(name: string, plen: number): RegFile {
  if (plen === 4) return 'ttmp';
  if (plen === 3) return 'a';
  const c0 = ch(name, 0);
  return c0 === 115 ? 's' : c0 === 118 ? 'v' : 'a';
}

/** True when `s` has an ASCII capital (the rare case that needs a lowercased copy). */
function hasUpper(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/** `s12` / `v0` / `acc3` / `ttmp5` as one register, or null when `name` is not of that form. */
export function singleReg(name: string): RegOperand | null {
  const n = name.length;
  const plen = n > 1 ? prefixOf(name) : 0;
  if (plen > 0) {
    // Decimal digits only, no leading zero (LLVM's register-name parser; `v01` is not a register).
    let index = 0;
    let ok = !(name.charCodeAt(plen) === 48 && n > plen + 1);
    for (let i = plen; ok && i < n; i++) {
      const d = name.charCodeAt(i) - 48;
      if (d < 0 || d > 9) ok = false;
      else index = index * 10 + d;
    }
    if (ok) {
      // Past 2^53 the running sum rounds differently from Number(): keep Number's value.
      if (n - plen > 15) index = Number(name.slice(plen));
      const lower = hasUpper(name) ? name.toLowerCase() : name;
      return { kind: 'reg', file: fileOf(name, plen), index, count: 1, name: lower };
    }
    // A prefix followed by other characters names no numbered register; specials never look like
    // prefix+digits, so they are still looked up below (`scc`, `vcc`, `ttmp` alone are not registers).
  }
  const lower = hasUpper(name) ? name.toLowerCase() : name;
  const sp = SPECIAL.get(lower);
  if (sp) return { kind: 'reg', file: 'special', index: sp[0], count: sp[1], name: lower };
  return null;
}

/** The register file named by a range prefix (`s` in `s[0:1]`), or null. */
export function rangePrefix(name: string): RegFile | null {
  const n = name.length;
  if (n === 1) {
    const c = ch(name, 0);
    return c === 115 ? 's' : c === 118 ? 'v' : c === 97 ? 'a' : null;
  }
  if (n === 3) return ch(name, 0) === 97 && ch(name, 1) === 99 && ch(name, 2) === 99 ? 'a' : null;
  if (n === 4)
    return ch(name, 0) === 116 && ch(name, 1) === 116 && ch(name, 2) === 109 && ch(name, 3) === 112
      ? 'ttmp'
      : null;
  return null;
}
