// The memory, export and interpolation encodings per generation, as layouts (fixed bits + named fields).
// Sources: CLRX GcnInstrs{Ds,Mubuf,Mtbuf,Mimg,Flat,Vintrp}.md and GcnIsa.md (SI/CI = gfx6/gfx7, VI =
// gfx8), the Vega document's chapter 13 (gfx9). Bit numbers count from bit 0 of the first dword.
import { bits, type Field, type Layout, layout } from '../fields.js';
import type { Generation } from '../processors.js';

const W1 = 32;

/** DS on gfx6/7: gds at 17, an 8-bit op at 25:18. */
const DS_SI = layout('DS', 2, [[26, 6, 0x36]], {
  offset: [0, 16],
  offset0: [0, 8],
  offset1: [8, 8],
  gds: [17, 1],
  op: [18, 8],
  addr: [W1, 8],
  data0: [W1 + 8, 8],
  data1: [W1 + 16, 8],
  vdst: [W1 + 24, 8],
});
/** DS on gfx8/9: gds at 16, the op at 24:17. */
const DS_VI = layout('DS', 2, [[26, 6, 0x36]], {
  offset: [0, 16],
  offset0: [0, 8],
  offset1: [8, 8],
  gds: [16, 1],
  op: [17, 8],
  addr: [W1, 8],
  data0: [W1 + 8, 8],
  data1: [W1 + 16, 8],
  vdst: [W1 + 24, 8],
});
export type DsField = keyof typeof DS_VI.fields;
export const DS: Record<Generation, Layout<DsField>> = { gfx6: DS_SI, gfx7: DS_SI, gfx8: DS_VI, gfx9: DS_VI };
/** Bit 25 is gfx90a's acc bit, which LLVM decodes on gfx9 (and on gfx8, where the op field ends at 24). */
export const DS_ACC: Record<Generation, Field | null> = {
  gfx6: null,
  gfx7: null,
  gfx8: bits(25, 1),
  gfx9: bits(25, 1),
};

const BUF_W1 = {
  vaddr: [W1, 8],
  vdata: [W1 + 8, 8],
  srsrc: [W1 + 16, 5],
  tfe: [W1 + 23, 1],
  soffset: [W1 + 24, 8],
} as const;

/** MUBUF on gfx6/7: addr64 at 15, slc in the second dword. */
const MUBUF_SI = layout('MUBUF', 2, [[26, 6, 0x38]], {
  offset: [0, 12],
  offen: [12, 1],
  idxen: [13, 1],
  glc: [14, 1],
  lds: [16, 1],
  op: [18, 7],
  slc: [W1 + 22, 1],
  ...BUF_W1,
});
/** MUBUF on gfx8/9: no addr64, slc at 17. */
const MUBUF_VI = layout('MUBUF', 2, [[26, 6, 0x38]], {
  offset: [0, 12],
  offen: [12, 1],
  idxen: [13, 1],
  glc: [14, 1],
  lds: [16, 1],
  slc: [17, 1],
  op: [18, 7],
  ...BUF_W1,
});
export type MubufField = keyof typeof MUBUF_SI.fields;
export const MUBUF: Record<Generation, Layout<MubufField>> = {
  gfx6: MUBUF_SI,
  gfx7: MUBUF_SI,
  gfx8: MUBUF_VI,
  gfx9: MUBUF_VI,
};
/** ADDR64 (gfx6/7): vaddr holds a 64-bit address added to the descriptor's base. Later generations ignore bit 15. */
const ADDR64 = bits(15, 1);
export const BUF_ADDR64: Record<Generation, Field | null> = {
  gfx6: ADDR64,
  gfx7: ADDR64,
  gfx8: null,
  gfx9: null,
};

/** MTBUF on gfx6/7: addr64 at 15, a 3-bit op at 18:16. */
const MTBUF_SI = layout('MTBUF', 2, [[26, 6, 0x3a]], {
  offset: [0, 12],
  offen: [12, 1],
  idxen: [13, 1],
  glc: [14, 1],
  op: [16, 3],
  dfmt: [19, 4],
  nfmt: [23, 3],
  slc: [W1 + 22, 1],
  ...BUF_W1,
});
/** MTBUF on gfx8/9: a 4-bit op at 18:15. */
const MTBUF_VI = layout('MTBUF', 2, [[26, 6, 0x3a]], {
  offset: [0, 12],
  offen: [12, 1],
  idxen: [13, 1],
  glc: [14, 1],
  op: [15, 4],
  dfmt: [19, 4],
  nfmt: [23, 3],
  slc: [W1 + 22, 1],
  ...BUF_W1,
});
export type MtbufField = keyof typeof MTBUF_SI.fields;
export const MTBUF: Record<Generation, Layout<MtbufField>> = {
  gfx6: MTBUF_SI,
  gfx7: MTBUF_SI,
  gfx8: MTBUF_VI,
  gfx9: MTBUF_VI,
};

/**
 * MIMG, alike on every generation up to gfx9 except for the meaning of bit 15 (r128 before gfx9, a16 on
 * gfx9) and bit 63 (d16 from gfx8).
 */
const MIMG_ALL = layout('MIMG', 2, [[26, 6, 0x3c]], {
  op0: [0, 1],
  dmask: [8, 4],
  unorm: [12, 1],
  glc: [13, 1],
  da: [14, 1],
  a16: [15, 1],
  tfe: [16, 1],
  lwe: [17, 1],
  op: [18, 7],
  slc: [25, 1],
  vaddr: [W1, 8],
  vdata: [W1 + 8, 8],
  srsrc: [W1 + 16, 5],
  ssamp: [W1 + 21, 5],
  d16: [W1 + 31, 1],
});
export type MimgField = keyof typeof MIMG_ALL.fields;
export const MIMG: Record<Generation, Layout<MimgField>> = {
  gfx6: MIMG_ALL,
  gfx7: MIMG_ALL,
  gfx8: MIMG_ALL,
  gfx9: MIMG_ALL,
};

/** FLAT on gfx7/8: no offset, lds, segment or saddr (those bits are zero); bit 55 is tfe. */
const FLAT_CI = layout('FLAT', 2, [[26, 6, 0x37]], {
  glc: [16, 1],
  slc: [17, 1],
  op: [18, 7],
  vaddr: [W1, 8],
  data: [W1 + 8, 8],
  tfe: [W1 + 23, 1],
  vdst: [W1 + 24, 8],
});
/** FLAT/GLOBAL/SCRATCH on gfx9: 13-bit offset, lds, seg, saddr; bit 55 (NV) is decoded as acc by LLVM. */
const FLAT_GFX9 = layout('FLAT', 2, [[26, 6, 0x37]], {
  offset: [0, 13],
  lds: [13, 1],
  seg: [14, 2],
  glc: [16, 1],
  slc: [17, 1],
  op: [18, 7],
  vaddr: [W1, 8],
  data: [W1 + 8, 8],
  saddr: [W1 + 16, 7],
  tfe: [W1 + 23, 1],
  vdst: [W1 + 24, 8],
});
export type FlatField = keyof typeof FLAT_CI.fields;
/** The gfx9 layout's extra fields. */
export type FlatGfx9Field = keyof typeof FLAT_GFX9.fields;
export const FLAT_SEGMENTS: Layout<FlatGfx9Field> = FLAT_GFX9;
export const FLAT: Record<Generation, Layout<FlatField> | null> = {
  gfx6: null,
  gfx7: FLAT_CI,
  gfx8: FLAT_CI,
  gfx9: FLAT_GFX9,
};

const EXP_FIELDS = {
  en: [0, 4],
  target: [4, 6],
  compr: [10, 1],
  done: [11, 1],
  vm: [12, 1],
  vsrc0: [W1, 8],
  vsrc1: [W1 + 8, 8],
  vsrc2: [W1 + 16, 8],
  vsrc3: [W1 + 24, 8],
} as const;
const EXP_SI = layout('EXP', 2, [[26, 6, 0x3e]], EXP_FIELDS);
const EXP_VI = layout('EXP', 2, [[26, 6, 0x31]], EXP_FIELDS);
export type ExpField = keyof typeof EXP_FIELDS;
export const EXP: Record<Generation, Layout<ExpField>> = {
  gfx6: EXP_SI,
  gfx7: EXP_SI,
  gfx8: EXP_VI,
  gfx9: EXP_VI,
};

const VINTRP_FIELDS = {
  vsrc: [0, 8],
  chan: [8, 2],
  attr: [10, 6],
  op: [16, 2],
  vdst: [18, 8],
} as const;
const VINTRP_SI = layout('VINTRP', 1, [[26, 6, 0x32]], VINTRP_FIELDS);
const VINTRP_VI = layout('VINTRP', 1, [[26, 6, 0x35]], VINTRP_FIELDS);
export type VintrpField = keyof typeof VINTRP_FIELDS;
export const VINTRP: Record<Generation, Layout<VintrpField>> = {
  gfx6: VINTRP_SI,
  gfx7: VINTRP_SI,
  gfx8: VINTRP_VI,
  gfx9: VINTRP_VI,
};
