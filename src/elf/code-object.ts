// The loader's view of an HSA code object, as the ROCm loader sees it: the loadable segments placed at a
// base address with their dynamic relocations applied, and each kernel found through the metadata's
// `.symbol` (the kernel descriptor) with its entry point at descriptor + kernel_code_entry_byte_offset.
import { type AmdgpuTargetInfo, amdgpuTargetInfo } from './amdgpu.js';
import { ElfError } from './errors.js';
import { decodeKernelDescriptor, type KernelDescriptor } from './kernel-descriptor.js';
import { type CodeObjectMetadata, decodeMetadata, type KernelMetadata } from './metadata.js';
import { type ElfNote, parseNotes } from './notes.js';
import { ElfFile } from './reader.js';
import {
  type ElfSymbol,
  ET_DYN,
  PT_LOAD,
  R_AMDGPU_ABS64,
  R_AMDGPU_NONE,
  R_AMDGPU_RELATIVE64,
  RELOCATION_NAMES,
  SHN_UNDEF,
  SHT_DYNSYM,
  SHT_NOTE,
  SHT_RELA,
  SHT_SYMTAB,
  STB_WEAK,
  STT_AMDGPU_HSA_KERNEL,
} from './types.js';

export const NT_AMDGPU_METADATA = 32;

export interface LoadedKernel {
  /** The kernel's name (metadata `.name`). */
  readonly name: string;
  /** The kernel descriptor symbol (metadata `.symbol`, e.g. `vadd.kd`). */
  readonly descriptorSymbol: string;
  /** Address of the kernel descriptor relative to the load base. */
  readonly descriptorAddress: number;
  readonly descriptor: KernelDescriptor;
  /** Address of the first instruction relative to the load base. */
  readonly codeAddress: number;
  readonly metadata: KernelMetadata;
}

export class CodeObject {
  readonly target: AmdgpuTargetInfo;
  readonly notes: readonly (ElfNote & { section: string })[];
  readonly metadata: CodeObjectMetadata | undefined;
  readonly kernels: readonly LoadedKernel[];
  /** Bytes of the loaded image: the span from address 0 to the end of the last PT_LOAD segment. */
  readonly imageSize: number;

  private constructor(readonly elf: ElfFile) {
    const file = elf.fileName;
    this.target = amdgpuTargetInfo(elf.header);
    this.notes = readNotes(elf);
    const md = this.notes.find((n) => n.name === 'AMDGPU' && n.type === NT_AMDGPU_METADATA);
    this.metadata = md ? decodeMetadata(md.desc, file) : undefined;
    let end = 0;
    for (const seg of elf.segments) if (seg.type === PT_LOAD) end = Math.max(end, seg.vaddr + seg.memsz);
    this.imageSize = end;
    this.kernels = this.findKernels();
  }

  /** Parses a code object; the kernels, descriptors and metadata are checked now, not at launch. */
  static load(bytes: Uint8Array, fileName: string): CodeObject {
    return new CodeObject(ElfFile.parse(bytes, fileName));
  }

  /** A kernel by name (`vadd`) or descriptor symbol (`vadd.kd`). */
  kernel(name: string): LoadedKernel {
    const k = this.kernels.find((x) => x.name === name || x.descriptorSymbol === name);
    if (!k) {
      const names = this.kernels.map((x) => x.name).join(', ') || 'none';
      throw new ElfError(this.elf.fileName, 'kernel', `no kernel named '${name}' (kernels: ${names})`);
    }
    return k;
  }

  private fail(field: string, problem: string): never {
    throw new ElfError(this.elf.fileName, field, problem);
  }

  private symbolTable(): readonly ElfSymbol[] {
    const tab = this.elf.sectionOfType(SHT_DYNSYM) ?? this.elf.sectionOfType(SHT_SYMTAB);
    return tab ? this.elf.symbols(tab) : [];
  }

  private findKernels(): LoadedKernel[] {
    const elf = this.elf;
    if (elf.header.type !== ET_DYN) return [];
    const syms = this.symbolTable();
    if (!this.metadata) {
      if (syms.some((s) => s.type === STT_AMDGPU_HSA_KERNEL))
        this.fail('symbols', 'code object v2 kernels (amd_kernel_code_t) are not supported by the loader');
      return [];
    }
    const out: LoadedKernel[] = [];
    for (const [i, km] of (this.metadata.kernels ?? []).entries()) {
      const field = `amdhsa.kernels[${i}]`;
      const sym = syms.find((s) => s.name === km.symbol && s.shndx !== SHN_UNDEF);
      if (!sym) this.fail(`${field}.symbol`, `kernel descriptor symbol '${km.symbol}' is not defined`);
      const addr = Number(sym.value);
      const bytes = this.readImage(addr, 64, `${field} descriptor '${km.symbol}'`);
      const kd = decodeKernelDescriptor(bytes, 0, elf.fileName);
      const code = addr + Number(kd.kernelCodeEntryByteOffset);
      if (code < 0 || code >= this.imageSize || code % 4 !== 0)
        this.fail(
          `${km.symbol} kernel_code_entry_byte_offset`,
          `entry ${code} is not an instruction address`,
        );
      out.push({
        name: km.name,
        descriptorSymbol: km.symbol,
        descriptorAddress: addr,
        descriptor: kd,
        codeAddress: code,
        metadata: km,
      });
    }
    return out;
  }

  /** `size` bytes of the unrelocated image at `addr` (zeros where a segment's memsz exceeds its filesz). */
  readImage(addr: number, size: number, what: string): Uint8Array {
    for (const seg of this.elf.segments) {
      if (seg.type !== PT_LOAD || addr < seg.vaddr || addr + size > seg.vaddr + seg.memsz) continue;
      const out = new Uint8Array(size);
      const from = addr - seg.vaddr;
      const avail = Math.max(0, Math.min(size, seg.filesz - from));
      out.set(this.elf.bytes.subarray(seg.offset + from, seg.offset + from + avail));
      return out;
    }
    return this.fail(what, `address 0x${addr.toString(16)} (+${size}) is not inside a loadable segment`);
  }

  /**
   * The image as placed at `base`: every PT_LOAD segment copied to its address, the rest zero, and the
   * dynamic relocations applied: R_AMDGPU_RELATIVE64, and R_AMDGPU_ABS64 against symbols this object
   * defines, or that `resolve` supplies (the address of another code object's symbol); an unresolved weak
   * symbol is 0, an unresolved strong one an error, as for the ROCm loader.
   */
  loadImage(base: bigint, resolve?: (name: string) => bigint | undefined): Uint8Array {
    const elf = this.elf;
    const img = new Uint8Array(this.imageSize);
    for (const seg of elf.segments) {
      if (seg.type === PT_LOAD) img.set(elf.bytes.subarray(seg.offset, seg.offset + seg.filesz), seg.vaddr);
    }
    const dv = new DataView(img.buffer);
    for (const sec of elf.sections) {
      if (sec.type !== SHT_RELA || !(sec.flags & 2)) continue;
      const syms = sec.link ? elf.symbols(elf.sections[sec.link]) : [];
      for (const [i, r] of elf.relocations(sec).entries()) {
        const field = `section ${sec.name} relocation ${i}`;
        const off = Number(r.offset);
        if (r.type === R_AMDGPU_NONE) continue;
        if (off < 0 || off + 8 > img.length) this.fail(field, `offset ${off} is outside the image`);
        let v: bigint;
        if (r.type === R_AMDGPU_RELATIVE64) v = base + r.addend;
        else if (r.type === R_AMDGPU_ABS64) {
          const s = syms[r.symbol];
          if (!s) this.fail(field, `symbol index ${r.symbol} is not in the symbol table`);
          if (s.shndx !== SHN_UNDEF) v = base + s.value + r.addend;
          else {
            const ext = resolve?.(s.name);
            if (ext === undefined && s.bind !== STB_WEAK)
              this.fail(field, `R_AMDGPU_ABS64 against undefined symbol '${s.name}'`);
            v = (ext ?? 0n) + r.addend;
          }
        } else {
          this.fail(field, `dynamic relocation ${RELOCATION_NAMES[r.type] ?? r.type} is not supported`);
        }
        dv.setBigUint64(off, BigInt.asUintN(64, v), true);
      }
    }
    return img;
  }
}

function readNotes(elf: ElfFile): (ElfNote & { section: string })[] {
  const out: (ElfNote & { section: string })[] = [];
  for (const sec of elf.sections) {
    if (sec.type !== SHT_NOTE) continue;
    const align = sec.addralign === 8 ? 8 : 4;
    for (const n of parseNotes(elf.bytes, sec.offset, sec.size, align, elf.fileName))
      out.push({ ...n, section: sec.name });
  }
  return out;
}
