// Operand printing shared by the buffer formats (MUBUF, MTBUF): the second dword is laid out alike,
// vaddr[7:0] vdata[15:8] srsrc[20:16] (in units of 4 SGPRs) ... soffset[31:24].
import { scalarReg } from '../operands.js';

/**
 * soffset as LLVM prints it, by its 8-bit code; null where LLVM rejects it. Unlike a VALU source
 * it takes no literal (LLVM cannot even print code 255) and shows a few codes the VALU tables lack.
 */
export const SOFFSET: (string | null)[] = new Array(256).fill(null);

const SOFFSET_SPECIAL: Record<number, string> = {
  124: 'm0',
  125: 'null',
  126: 'exec_lo',
  127: 'exec_hi',
  230: 'src_flat_scratch_base_lo',
  231: 'src_flat_scratch_base_hi',
  235: 'src_shared_base',
  236: 'src_shared_limit',
  237: 'src_private_base',
  238: 'src_private_limit',
  239: 'src_pops_exiting_wave_id',
  240: '0.5',
  241: '-0.5',
  242: '1.0',
  243: '-1.0',
  244: '2.0',
  245: '-2.0',
  246: '4.0',
  247: '-4.0',
  248: '0.15915494',
  251: 'src_vccz',
  252: 'src_execz',
  253: 'src_scc',
  254: "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/",
};

for (let c = 0; c < 256; c++) {
  if (c < 124) SOFFSET[c] = scalarReg(c, 1);
  else if (c >= 128 && c <= 192) SOFFSET[c] = String(c - 128);
  else if (c >= 193 && c <= 208) SOFFSET[c] = String(192 - c);
  else SOFFSET[c] = SOFFSET_SPECIAL[c] ?? null;
}

/** The 128-bit resource descriptor s[4k:4k+3] or ttmp[...], null where LLVM rejects the field. */
export const SRSRC: (string | null)[] = [];
for (let k = 0; k < 32; k++) SRSRC.push(scalarReg(4 * k, 4));
// LLVM takes s[100:103] here although SGPRs end at s101 on gfx9.
SRSRC[25] = 's[100:103]';

/** The address operand: `off`, one VGPR (offen or idxen) or a pair (idxen and offen). */
export function bufVaddr(vaddr: number, idxen: number, offen: number): string {
  if (idxen & offen) return 'v[' + vaddr + ':' + (vaddr + 1) + ']';
  return idxen | offen ? 'v' + vaddr : 'off';
}
