// The text of `llvm-readelf --notes` for a code object's SHT_NOTE sections: the section header lines, one
// line per note, and the decoded description of the AMD (code object v2) and AMDGPU (v3+) notes.
import { ElfError } from './errors.js';
import { MetadataFloat, type MetadataValue, MsgpackError, readMsgpack, verifyMetadata } from './metadata.js';
import { documentToYaml } from './metadata-yaml.js';
import {
  type ElfNote,
  NT_AMD_HSA_CODE_OBJECT_VERSION,
  NT_AMD_HSA_HSAIL,
  NT_AMD_HSA_ISA_NAME,
  NT_AMD_HSA_ISA_VERSION,
  NT_AMD_HSA_METADATA,
  NT_AMD_PAL_METADATA,
  NT_AMDGPU_METADATA,
  noteTypeName,
  parseNotes,
} from './notes.js';
import { type ElfFile, latin1 } from './reader.js';
import { SHT_NOTE } from './types.js';

const ET_CORE = 4;
const hex8 = (v: number): string => '0x' + (v >>> 0).toString(16).padStart(8, '0');
const u16 = (b: Uint8Array, o: number): number => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number): number =>
  (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
// readelf writes description strings as raw bytes; the returned text is those bytes read as UTF-8.
const utf8 = new TextDecoder();
const text = (b: Uint8Array, start = 0, end = b.length): string => utf8.decode(b.subarray(start, end));

/** readelf's [label, value] for an "AMD" note, or undefined for a type it does not decode. */
function amdNote(type: number, d: Uint8Array): [string, string] | undefined {
  switch (type) {
    case NT_AMD_HSA_CODE_OBJECT_VERSION: {
      const l = 'AMD HSA Code Object Version';
      return d.length !== 8 ? [l, `Invalid ${l}`] : [l, `[Major: ${u32(d, 0)}, Minor: ${u32(d, 4)}]`];
    }
    case NT_AMD_HSA_HSAIL: {
      const l = 'AMD HSA HSAIL Properties';
      // The C struct is 11 bytes of fields padded to 12.
      if (d.length !== 12) return [l, `Invalid ${l}`];
      return [
        l,
        `[HSAIL Major: ${u32(d, 0)}, HSAIL Minor: ${u32(d, 4)}, Profile: ${d[8]}, Machine Model: ${d[9]}, Default Float Round: ${d[10]}]`,
      ];
    }
    case NT_AMD_HSA_ISA_VERSION: {
      const l = 'AMD HSA ISA Version';
      if (d.length < 16) return [l, `Invalid ${l}`];
      const vn = u16(d, 0);
      const an = u16(d, 2);
      if (d.length < 16 + vn + an || vn === 0 || an === 0) return [l, `Invalid ${l}`];
      return [
        l,
        `[Vendor: ${text(d, 16, 16 + vn - 1)}, Architecture: ${text(d, 16 + vn, 16 + vn + an - 1)}, Major: ${u32(d, 4)}, Minor: ${u32(d, 8)}, Stepping: ${u32(d, 12)}]`,
      ];
    }
    case NT_AMD_HSA_METADATA:
      // readelf drops the last byte, the YAML text's NUL.
      return ['AMD HSA Metadata', d.length === 0 ? '' : text(d, 0, d.length - 1)];
    case NT_AMD_HSA_ISA_NAME:
      return ['AMD HSA ISA Name', text(d)];
    case NT_AMD_PAL_METADATA: {
      const l = 'AMD PAL Metadata';
      if (d.length % 8 !== 0) return [l, `Invalid ${l}`];
      let s = '';
      for (let o = 0; o < d.length; o += 8) s += `[${u32(d, o)}: ${u32(d, o + 4)}]`;
      return [l, s];
    }
  }
  return undefined;
}

/** readelf's [label, value] for the AMDGPU metadata note, or undefined when LLVM cannot read the msgpack. */
function amdgpuNote(type: number, d: Uint8Array, fileName: string): [string, string] | undefined {
  if (type !== NT_AMDGPU_METADATA) return undefined;
  let root: MetadataValue;
  try {
    root = readMsgpack(d).value;
  } catch (e) {
    if (!(e instanceof MsgpackError)) throw e;
    // LLVM's Document cannot read truncated blobs, bin/ext types or repeated keys; readelf then dumps the
    // bytes. Non-string keys, invalid UTF-8 and extreme nesting it reads, but gcnkit cannot represent.
    if (/truncated|overruns|type byte|duplicate/.test(e.problem)) return undefined;
    throw new ElfError(fileName, `NT_AMDGPU_METADATA ${e.path}`, e.problem);
  }
  // A scalar document cannot go through yaml::Output: readelf dumps the bytes instead.
  if (typeof root !== 'object' || root === null || root instanceof MetadataFloat) return undefined;
  let prefix = '';
  // LLVM verifies only documents whose bytes mention "amdhsa." (PAL metadata is not HSA metadata).
  if (latin1(d, 0, d.length).includes('amdhsa.') && verifyMetadata(root))
    prefix = 'Invalid AMDGPU Metadata\n';
  return ['AMDGPU Metadata', prefix + documentToYaml(root)];
}

/** readelf's text for the GNU notes it decodes without looking at e_machine, or undefined. */
function gnuNote(type: number, d: Uint8Array): string | undefined {
  if (type === 1) {
    if (d.length < 16) return '    <corrupt GNU_ABI_TAG>\n';
    const os = ['Linux', 'Hurd', 'Solaris', 'FreeBSD', 'NetBSD', 'Syllable', 'NaCl'][u32(d, 0)] ?? 'Unknown';
    return `    OS: ${os}, ABI: ${u32(d, 4)}.${u32(d, 8)}.${u32(d, 12)}\n`;
  }
  if (type === 3) return `    Build ID: ${[...d].map((b) => b.toString(16).padStart(2, '0')).join('')}\n`;
  if (type === 4) return `    Version: ${text(d)}\n`;
  return undefined;
}

function hexDump(d: Uint8Array): string {
  let s = '   description data:';
  for (const b of d) s += ' ' + b.toString(16).padStart(2, '0');
  return s + '\n';
}

/** One note as readelf prints it (owner, size and type line, then its description). */
export function formatNoteLikeReadelf(n: ElfNote, fileName: string): string {
  let s = `  ${n.name.padEnd(20)} ${hex8(n.desc.length)}\t${noteTypeName(n.name, n.type)}\n`;
  const decoded =
    n.name === 'AMD'
      ? amdNote(n.type, n.desc)
      : n.name === 'AMDGPU'
        ? amdgpuNote(n.type, n.desc, fileName)
        : undefined;
  if (decoded) return s + `    ${decoded[0]}:\n        ${decoded[1]}\n`;
  const gnu = n.name === 'GNU' ? gnuNote(n.type, n.desc) : undefined;
  if (gnu) return s + gnu;
  if (n.desc.length) s += hexDump(n.desc);
  return s;
}

/**
 * The stdout of `llvm-readelf --notes` for a non-core file's SHT_NOTE sections. A malformed note gives an
 * ElfError (readelf warns and prints what it could).
 */
export function formatNotesLikeReadelf(elf: ElfFile): string {
  if (elf.header.type === ET_CORE)
    throw new ElfError(elf.fileName, 'e_type', 'core files list PT_NOTE segments');
  const parts: string[] = [];
  for (const sec of elf.sections) {
    if (sec.type !== SHT_NOTE) continue;
    if (parts.length) parts.push('\n');
    parts.push(
      `Displaying notes found in: ${sec.name}\n`,
      '  Owner                Data size \tDescription\n',
    );
    const a = sec.addralign;
    if (a !== 0 && a !== 1 && a !== 4 && a !== 8)
      throw new ElfError(
        elf.fileName,
        `section ${sec.index} (${sec.name}) sh_addralign`,
        `${a} is not 4 or 8`,
      );
    const notes = parseNotes(elf.bytes, sec.offset, sec.size, a === 8 ? 8 : 4, elf.fileName);
    for (const n of notes) parts.push(formatNoteLikeReadelf(n, elf.fileName));
  }
  return parts.join('');
}
