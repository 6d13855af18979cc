// MTBUF data and numeric format names on gfx9 (dfmt 0-15, nfmt 0-7), as LLVM spells them after
// BUF_DATA_FORMAT_ / BUF_NUM_FORMAT_. Shared by the disassembler and the assembler.
export const DATA_FORMATS: readonly string[] = (
  'INVALID 8 16 8_8 32 16_16 10_11_11 11_11_10 10_10_10_2 2_10_10_10 8_8_8_8 32_32 16_16_16_16 32_32_32 ' +
  '32_32_32_32 RESERVED_15'
).split(' ');
export const NUM_FORMATS: readonly string[] = [
  'UNORM',
  'SNORM',
  'USCALED',
  'SSCALED',
  'UINT',
  'SINT',
  'RESERVED_6',
  'FLOAT',
];
