// Library entries over code objects: disassembly as llvm-objdump prints it, a description as
// `gcnkit info --json` prints it, and ld.lld's -shared link of relocatable objects.
import { type ObjdumpOptions, objdump } from '../disasm/objdump.js';
import { type CodeObjectInfo, codeObjectInfo } from '../elf/info.js';
import { type LinkOptions, linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import type { Target } from '../isa/targets.js';

export type { CodeObjectInfo, LinkOptions };

export interface DisassembleOptions {
  /** Decode for this processor instead of the one in e_flags (llvm-objdump's --mcpu). */
  mcpu?: Target;
  /** The name printed in the header line (default 'code object'). */
  fileName?: string;
}

/**
 * `llvm-objdump -d` of an AMDGPU ELF (relocatable or shared), byte for byte. Throws ElfError (one line,
 * naming the file and field) when the bytes are not such an object.
 */
export function disassemble(bytes: Uint8Array, options: DisassembleOptions = {}): string {
  const opts: ObjdumpOptions = options.mcpu ? { mcpu: options.mcpu } : {};
  return objdump(bytes, options.fileName ?? 'code object', opts);
}

/** The header, target, sections, symbols, notes, metadata and kernel descriptors of a code object. */
export function readCodeObject(bytes: Uint8Array, fileName = 'code object'): CodeObjectInfo {
  return codeObjectInfo(ElfFile.parse(bytes, fileName));
}

/** One input of `link`: the bytes, or the bytes with the name errors should give. */
export type LinkInput = Uint8Array | { readonly name: string; readonly bytes: Uint8Array };

/** Links relocatable objects into one loadable code object, as `ld.lld -shared`. Throws ElfError. */
export function link(inputs: readonly LinkInput[], options: LinkOptions = {}): Uint8Array {
  const files = inputs.map((x, i) =>
    x instanceof Uint8Array ? ElfFile.parse(x, `input ${i}`) : ElfFile.parse(x.bytes, x.name),
  );
  return linkShared(files, options);
}
