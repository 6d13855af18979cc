// The symbol tables llvm-objdump builds for disassembly, with its choices reproduced exactly:
// which ELF symbols it keeps, how it sorts them, and how it picks the symbol a branch target is shown
// relative to. (llvm-objdump.cpp, disassembleObject: AllSymbols / AbsoluteSymbols / SectionAddresses.)
import type { ElfFile } from '../elf/reader.js';
import { type ElfSection, ET_REL, SHT_DYNSYM, SHT_SYMTAB, STT_FILE, STT_SECTION } from '../elf/types.js';

export interface SymInfo {
  /** Address: st_value (plus sh_addr in relocatable files). */
  readonly addr: bigint;
  /** The same as a number where it is exact (up to 2^53 - 1), else Infinity: branch targets search by it. */
  readonly at: number;
  /** Name, bytes as latin1 characters. */
  readonly name: string;
  /** ELF symbol type (st_info & 0xf); the synthesized section symbol is STT_FUNC or STT_OBJECT. */
  readonly type: number;
}

const TWO64 = 1n << 64n;
const MASK64 = TWO64 - 1n;

/** llvm-objdump's order: by address, then by name compared as bytes. */
export function compareSym(a: SymInfo, b: SymInfo): number {
  if (a.addr !== b.addr) return a.addr < b.addr ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** A symbol's `at`: its address as a number where that is exact. */
export function exactAt(addr: bigint): number {
  return addr <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(addr) : Number.POSITIVE_INFINITY;
}

/**
 * Index of the first element not `<= target` (std::partition_point on O.Addr <= Target): by `at` for a
 * target that is an exact number (`big` unused), else by `addr` against `big`.
 */
function upperBound(list: readonly SymInfo[], target: number, big: bigint): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Number.isNaN(target) ? list[mid].addr <= big : list[mid].at <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SymbolTables {
  /** Symbols defined in each section (by section index), sorted. */
  readonly bySection = new Map<number, SymInfo[]>();
  /** Undefined, absolute and common symbols, sorted: the last resort for branch targets. */
  readonly absolute: SymInfo[] = [];
  readonly relocatable: boolean;
  /** Sections by address, empty ones first among equals (for branch targets in linked files). */
  private readonly byAddress: ElfSection[];

  constructor(private readonly elf: ElfFile) {
    this.relocatable = elf.header.type === ET_REL;
    const symtab = elf.sectionOfType(SHT_SYMTAB);
    if (symtab) {
      for (const s of elf.symbols(symtab)) {
        // The null symbol, nameless symbols, and STT_SECTION / STT_FILE are not shown.
        if (s.index === 0 || s.name === '' || s.type === STT_SECTION || s.type === STT_FILE) continue;
        const addr = this.address(s.value, s.section);
        const info: SymInfo = { addr, at: exactAt(addr), name: s.name, type: s.type };
        if (s.section < 0) this.absolute.push(info);
        else this.listOf(s.section).push(info);
      }
    }
    // A stripped shared object still has its dynamic symbols.
    const dynsym = elf.sectionOfType(SHT_DYNSYM);
    if (this.bySection.size === 0 && dynsym) {
      for (const s of elf.symbols(dynsym)) {
        if (s.type === STT_SECTION || s.name === '' || s.section < 0) continue;
        const addr = this.address(s.value, s.section);
        this.listOf(s.section).push({ addr, at: exactAt(addr), name: s.name, type: s.type });
      }
    }
    for (const list of this.bySection.values()) list.sort(compareSym);
    this.absolute.sort(compareSym);
    this.byAddress = elf.sections.slice().sort((a, b) => a.addr - b.addr || a.size - b.size);
  }

  private address(value: bigint, section: number): bigint {
    if (!this.relocatable || section < 0) return value;
    return (value + BigInt(this.elf.sections[section].addr)) & MASK64;
  }

  /** The (mutable) sorted list of a section's symbols. */
  listOf(section: number): SymInfo[] {
    let list = this.bySection.get(section);
    if (!list) {
      list = [];
      this.bySection.set(section, list);
    }
    return list;
  }

  /** Adds a symbol to a section's list at its sorted place (llvm-objdump's dummy section symbol). */
  insertSorted(section: number, sym: SymInfo): void {
    const list = this.listOf(section);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareSym(list[mid], sym) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, sym);
  }

  /**
   * The ` <sym+0xNN>` annotation for a branch to `target` from section `section`, or '' when no
   * symbol precedes it. `target` may be negative: llvm-objdump computes it in uint64 and wraps.
   */
  branchAnnotation(section: number, target: number): string {
    // Most targets are small non-negative numbers: searched as numbers (no BigInt per branch); the rest
    // (negative, wrapped, past 2^53) as uint64 BigInts, as llvm-objdump computes them.
    const exact = target >= 0 && target <= Number.MAX_SAFE_INTEGER;
    const big = exact ? 0n : target < 0 ? TWO64 + BigInt(target) : BigInt(target);
    const t = exact ? target : Number.NaN;
    const sym = this.search(section, t, big);
    if (sym === null) return '';
    if (exact) {
      const disp = target - sym.at;
      return disp === 0 ? ` <${sym.name}>` : ` <${sym.name}+0x${disp.toString(16)}>`;
    }
    const disp = (big - sym.addr) & MASK64;
    return disp === 0n ? ` <${sym.name}>` : ` <${sym.name}+0x${disp.toString(16)}>`;
  }

  /**
   * The symbol branchAnnotation shows a branch to `target` relative to, for a target that is an integer
   * from 0 to 2^53 - 1 (the driver then writes the annotation as bytes); null when none precedes it.
   */
  branchSymbol(section: number, target: number): SymInfo | null {
    return this.search(section, target, 0n);
  }

  /** The symbol a branch target is shown relative to: `t` when it is not NaN, else `big`. */
  private search(section: number, t: number, big: bigint): SymInfo | null {
    const exact = !Number.isNaN(t);
    if (this.relocatable) {
      const a = lastAtOrBefore(this.listOf(section), t, big);
      if (a !== null) return a;
    } else {
      // The sections starting at the highest address <= target (all of them when several share it).
      const secs = this.byAddress;
      let k = secs.length;
      while (k > 0 && (exact ? secs[k - 1].addr > t : BigInt(secs[k - 1].addr) > big)) k--;
      let secAddr = 0;
      while (k > 0) {
        k--;
        if (secAddr === 0) secAddr = secs[k].addr;
        if (secs[k].addr !== secAddr) break;
        const a = lastAtOrBefore(this.listOf(secs[k].index), t, big);
        if (a !== null) return a;
      }
    }
    return lastAtOrBefore(this.absolute, t, big);
  }
}

/** The last symbol of `list` at or before the target (upperBound's), if any. */
function lastAtOrBefore(list: readonly SymInfo[], target: number, big: bigint): SymInfo | null {
  const k = upperBound(list, target, big);
  return k === 0 ? null : list[k - 1];
}
