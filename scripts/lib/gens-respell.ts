// Other spellings of a source line that llvm-mc-22 may assemble to the same bytes, for the gfx6/7 codec
// fixtures (scripts/gen-gens-fixtures.ts). On these generations the expected disassembly is the text
// llvm-mc -show-encoding prints back for a source line, and llvm-mc prints the operand as it was parsed,
// not as the bytes would decode. Where the bytes do not determine the text, every spelling llvm-mc
// accepts with the same bytes is an equally valid disassembly; the generator feeds these spellings to
// llvm-mc and records what it prints as alternatives only when the bytes are the same. Nothing here
// claims a spelling is valid: llvm-mc decides.
//   - MIMG: the vaddr register count is not encoded on gfx6-9 (the MIMG word has only the first VGPR;
//     AMD's Southern Islands ISA guide, MIMG "VADDR: address of VGPR to supply first component"), so
//     llvm-mc accepts several widths for one opcode and prints each back as written.
//   - SOPP: a negative 16-bit immediate is kept as parsed (`s_nop -4`, `s_branch -4`), while the
//     same bytes written unsigned print as `s_nop 0xfffc` / `s_branch 65532` (checked with
//     llvm-mc-22 -mcpu=gfx600 -show-encoding; llvm-objdump-22 prints the unsigned form on gfx8).

/** vaddr widths tried for MIMG lines; llvm-mc rejects the ones an op does not allow. */
const VADDR_WIDTHS = Array.from({ length: 16 }, (_, i) => i + 1);

/** The other spellings of one source line (the line itself excluded); [] when there are none. */
export function respellings(src: string): string[] {
  const mimg = /^(image_\w+\s+[^,]+,\s*)(v(\d+)|v\[(\d+):\d+\])(,.*)$/.exec(src);
  if (mimg) {
    const first = Number(mimg[3] ?? mimg[4]);
    return VADDR_WIDTHS.map(
      (w) => `${mimg[1]}${w === 1 ? `v${first}` : `v[${first}:${first + w - 1}]`}${mimg[5]}`,
    ).filter((s) => s !== src);
  }
  const sopp = /^(s_\w+\s+)(-\d+)$/.exec(src);
  if (sopp) {
    const n = Number(sopp[2]);
    if (n >= -0x8000) return [`${sopp[1]}${n & 0xffff}`, `${sopp[1]}0x${(n & 0xffff).toString(16)}`];
  }
  return [];
}
