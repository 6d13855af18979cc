// Shared by test/link.test.ts and test/live/link.test.ts: comparing gcnkit's linked output with ld.lld's.
import { ElfFile } from '../src/elf/reader.js';

/** The "Linker: ..." string ld.lld put into .comment, so the comparison does not depend on the default. */
export function linkerComment(out: ElfFile): string | undefined {
  const c = out.sectionByName('.comment');
  if (!c) return undefined;
  return Buffer.from(out.contents(c))
    .toString('latin1')
    .split('\0')
    .find((s) => s.startsWith('Linker: '));
}

/** '' when equal, else where the first differing byte lies (section name or header). */
export function firstDifference(want: Uint8Array, got: Uint8Array): string {
  const n = Math.max(want.length, got.length);
  let i = 0;
  while (i < n && want[i] === got[i]) i++;
  if (i === n) return '';
  const elf = ElfFile.parse(want, 'want');
  const sec = elf.sections.find((s) => s.index > 0 && s.type !== 8 && i >= s.offset && i < s.offset + s.size);
  const where = sec ? `in ${sec.name}+0x${(i - sec.offset).toString(16)}` : 'outside any section';
  return `sizes ${want.length}/${got.length}, first difference at 0x${i.toString(16)} ${where}`;
}
