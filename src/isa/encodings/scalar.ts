// The scalar encodings as layouts (fixed bits + named fields): the one place their bit positions are
// written. The codec's decoder and printer, the assembler, the emulator's decoder, `gcnkit isa`'s
// synthetic encodings and the fuzzers all take positions from here.
// Sources: the ISA documents' microcode-format chapters (SI/CI "SMRD", VI/Vega "SMEM"), CLRX
// GcnInstrsSop*.md / GcnInstrsSmrd.md / GcnInstrsSmem.md; checked against llvm-mc-22 -show-encoding.
import { type Layout, layout } from '../fields.js';
import type { Generation } from '../processors.js';

/** SOP2: sdst = ssrc0 op ssrc1; either source may be the literal code 255 (a dword follows). */
export const SOP2 = layout('SOP2', 1, [[30, 2, 0b10]], {
  ssrc0: [0, 8],
  ssrc1: [8, 8],
  sdst: [16, 7],
  op: [23, 7],
});

/** SOPK: a register and a 16-bit immediate (s_setreg_imm32_b32 adds a literal dword). */
export const SOPK = layout('SOPK', 1, [[28, 4, 0b1011]], { simm16: [0, 16], sdst: [16, 7], op: [23, 5] });

/** SOP1: one source, one destination. */
export const SOP1 = layout('SOP1', 1, [[23, 9, 0x17d]], { ssrc0: [0, 8], op: [8, 8], sdst: [16, 7] });

/** SOPC: compares two sources into SCC. */
export const SOPC = layout('SOPC', 1, [[23, 9, 0x17e]], { ssrc0: [0, 8], ssrc1: [8, 8], op: [16, 7] });

/** SOPP: program control with a 16-bit immediate. */
export const SOPP = layout('SOPP', 1, [[23, 9, 0x17f]], { simm16: [0, 16], op: [16, 7] });

export type SmemField = 'sbase' | 'sdata' | 'imm' | 'glc' | 'op' | 'offset' | 'soe' | 'nv' | 'soffset';

/**
 * SMRD (gfx6/7): one dword; OFFSET is a dword offset when IMM, else an SGPR holding a byte offset. On
 * gfx7 OFFSET = 255 without IMM means a 32-bit literal dword offset follows (LLVM's SMRD_ci form).
 * `soe`, `nv`, `glc` and `soffset` do not exist: their fields are absent (see smemHas).
 */
export const SMRD = layout('SMRD', 1, [[27, 5, 0b11000]], {
  offset: [0, 8],
  imm: [8, 1],
  sbase: [9, 6],
  sdata: [15, 7],
  op: [22, 5],
});

/** SMEM (gfx8): two dwords; OFFSET is a 20-bit unsigned byte offset (IMM) or an SGPR. */
export const SMEM_VI = layout('SMEM', 2, [[26, 6, 0b110000]], {
  sbase: [0, 6],
  sdata: [6, 7],
  glc: [16, 1],
  imm: [17, 1],
  op: [18, 8],
  offset: [32, 20],
});

/** SMEM (gfx9): adds SOE/NV, a 21-bit signed offset and SOFFSET (used when SOE is set). */
export const SMEM_GFX9 = layout('SMEM', 2, [[26, 6, 0b110000]], {
  sbase: [0, 6],
  sdata: [6, 7],
  soe: [14, 1],
  nv: [15, 1],
  glc: [16, 1],
  imm: [17, 1],
  op: [18, 8],
  offset: [32, 21],
  soffset: [57, 7],
});

/** The scalar-memory layout of a generation, typed with every field name (absent ones are undefined). */
export type SmemLayout = Layout<SmemField>;

export const SMEM_LAYOUTS: Readonly<Record<Generation, SmemLayout>> = {
  gfx6: SMRD as SmemLayout,
  gfx7: SMRD as SmemLayout,
  gfx8: SMEM_VI as SmemLayout,
  gfx9: SMEM_GFX9,
};

/** Whether the generation's scalar-memory encoding has the field. */
export function smemHas(gen: Generation, f: SmemField): boolean {
  return SMEM_LAYOUTS[gen].fields[f] !== undefined;
}

/** The SOP layouts by codec format name. */
export const SOP_LAYOUTS = { sop2: SOP2, sopk: SOPK, sop1: SOP1, sopc: SOPC, sopp: SOPP } as const;
