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

const PREFIX: [string, RegFile][] = [
  ['ttmp', 'ttmp'],
  ['acc', 'a'],
  ['s', 's'],
  ['v', 'v'],
  ['a', 'a'],
];

/** `s12` / `v0` / `acc3` / `ttmp5` as one register, or null when `name` is not of that form. */
export function singleReg(name: string): RegOperand | null {
  const lower = name.toLowerCase();
  const sp = SPECIAL_REGS[lower];
  if (sp) return { kind: 'reg', file: 'special', index: sp[0], count: sp[1], name: lower };
  for (const [p, file] of PREFIX) {
    if (!lower.startsWith(p) || lower.length === p.length) continue;
    const digits = lower.slice(p.length);
    if (!/^\d+$/.test(digits) || (digits.length > 1 && digits[0] === '0')) return null;
    return { kind: 'reg', file, index: Number(digits), count: 1, name: lower };
  }
  return null;
}

/** The register file named by a range prefix (`s` in `s[0:1]`), or null. */
export function rangePrefix(name: string): RegFile | null {
  const lower = name.toLowerCase();
  for (const [p, file] of PREFIX) if (lower === p) return file;
  return null;
}
