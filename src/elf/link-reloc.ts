// Relocations for linking a shared code object: which are resolved in place, which need a .got entry,
// and which become dynamic relocations, following ld.lld's choices for AMDGPU (-shared, no -Bsymbolic).
import type { InputSection, LinkInput, LinkSymbol } from './link-input.js';
import { hex, STB_WEAK, STV_DEFAULT } from './link-input.js';
import {
  type ElfRela,
  R_AMDGPU_ABS32,
  R_AMDGPU_ABS32_HI,
  R_AMDGPU_ABS32_LO,
  R_AMDGPU_ABS64,
  R_AMDGPU_GOTPCREL,
  R_AMDGPU_GOTPCREL32_HI,
  R_AMDGPU_GOTPCREL32_LO,
  R_AMDGPU_NONE,
  R_AMDGPU_REL16,
  R_AMDGPU_REL32,
  R_AMDGPU_REL32_HI,
  R_AMDGPU_REL32_LO,
  R_AMDGPU_REL64,
  RELOCATION_NAMES,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_RELA,
} from './types.js';

/** A relocation to apply once addresses are known. */
export interface Site {
  input: LinkInput;
  isec: InputSection;
  r: ElfRela;
  sym: LinkSymbol;
  /** ABS64 left to the loader: the place keeps its bytes and .rela.dyn gets an entry. */
  dynamic?: 'relative' | 'symbolic';
}

export interface ScanResult {
  sites: Site[];
  /** Symbols with a .got entry, in the order ld.lld creates them. */
  got: LinkSymbol[];
}

const relName = (t: number) => RELOCATION_NAMES[t] ?? `relocation type ${t}`;

/** A global the loader may bind to another object's definition (so never resolved at link time). */
export function isPreemptible(s: LinkSymbol): boolean {
  return !s.local && s.visibility === STV_DEFAULT;
}

const isAbsolute = (s: LinkSymbol) => s.def.kind === 'abs' || (s.def.kind === 'undef' && s.bind === STB_WEAK);

export function scanRelocations(inputs: readonly LinkInput[], noUndefined: boolean): ScanResult {
  const sites: Site[] = [];
  const got: LinkSymbol[] = [];
  const inGot = new Set<LinkSymbol>();
  for (const input of inputs) {
    const f = input.f;
    for (const rs of f.sections) {
      if (rs.type !== SHT_RELA) continue;
      const isec = input.sections.get(rs.info);
      const target = f.sections[rs.info];
      if (!isec) {
        if (f.relocations(rs).length === 0) continue;
        input.fail(input.secField(rs), `relocations for ${target.name}, which the linker does not keep`);
      }
      if (rs.link !== input.symtab?.index)
        input.fail(`${input.secField(rs)} sh_link`, 'is not the symbol table');
      const alloc = (target.flags & SHF_ALLOC) !== 0;
      for (const r of f.relocations(rs)) {
        const at = `${target.name}+${hex(r.offset)}`;
        const where = `${input.secField(rs)} offset ${hex(r.offset)} (${at})`;
        if (r.type === R_AMDGPU_NONE) continue;
        const sym = input.symbols[r.symbol];
        if (!sym) input.fail(where, `symbol index ${r.symbol} is out of range`);
        const size =
          r.type === R_AMDGPU_ABS64 || r.type === R_AMDGPU_REL64 ? 8 : r.type === R_AMDGPU_REL16 ? 2 : 4;
        if (r.offset + BigInt(size) > BigInt(isec.data.length))
          input.fail(where, `${relName(r.type)} extends past the end of ${target.name}`);
        if (sym.def.kind === 'undef' && !sym.local && sym.bind !== STB_WEAK) {
          if (sym.visibility !== STV_DEFAULT) input.fail(where, `undefined hidden symbol: ${sym.name}`);
          if (noUndefined) input.fail(where, `undefined symbol: ${sym.name}`);
        }
        if (sym.local && sym.def.kind === 'undef' && r.symbol !== 0)
          input.fail(where, `symbol ${r.symbol} (${sym.name}) is in a section the linker does not keep`);
        const site: Site = { input, isec, r, sym };
        const pre = isPreemptible(sym);
        const pic = (what: string): never =>
          input.fail(where, `${relName(r.type)} cannot be used against ${what}; recompile with -fPIC`);
        switch (r.type) {
          case R_AMDGPU_ABS64:
            if (!alloc || (isAbsolute(sym) && !pre)) break;
            if (!(target.flags & SHF_WRITE) || target.flags & SHF_EXECINSTR)
              pic(`symbol '${sym.name}' in read-only section ${target.name}`);
            site.dynamic = pre ? 'symbolic' : 'relative';
            break;
          case R_AMDGPU_ABS32:
          case R_AMDGPU_ABS32_LO:
          case R_AMDGPU_ABS32_HI:
            if (alloc && !(isAbsolute(sym) && !pre)) pic(`symbol '${sym.name}'`);
            break;
          case R_AMDGPU_REL32:
          case R_AMDGPU_REL64:
          case R_AMDGPU_REL32_LO:
          case R_AMDGPU_REL32_HI:
          case R_AMDGPU_REL16:
            if (pre) pic(`preemptible symbol '${sym.name}'`);
            break;
          case R_AMDGPU_GOTPCREL:
          case R_AMDGPU_GOTPCREL32_LO:
          case R_AMDGPU_GOTPCREL32_HI:
            if (!alloc) input.fail(where, `${relName(r.type)} in non-allocated section ${target.name}`);
            if (!inGot.has(sym)) {
              inGot.add(sym);
              got.push(sym);
            }
            break;
          default:
            input.fail(where, `unsupported relocation type ${r.type} (${relName(r.type)})`);
        }
        sites.push(site);
      }
    }
  }
  return { sites, got };
}

const MASK64 = (1n << 64n) - 1n;

/**
 * Writes the link-time value of a relocation into its section bytes. `S` symbol address, `P` place
 * address, `G` address of the symbol's .got entry (GOTPCREL only).
 */
export function applyRelocation(site: Site, S: bigint, P: bigint, G: bigint): void {
  const { r, isec } = site;
  const A = r.addend;
  const dv = new DataView(isec.data.buffer, isec.data.byteOffset, isec.data.byteLength);
  const o = Number(r.offset);
  const put32 = (v: bigint) => dv.setUint32(o, Number(BigInt.asUintN(32, v)), true);
  const put64 = (v: bigint) => dv.setBigUint64(o, v & MASK64, true);
  switch (r.type) {
    case R_AMDGPU_ABS64:
      if (!site.dynamic) put64(S + A);
      return;
    case R_AMDGPU_ABS32:
    case R_AMDGPU_ABS32_LO:
      put32(S + A);
      return;
    case R_AMDGPU_ABS32_HI:
      put32((S + A) >> 32n);
      return;
    case R_AMDGPU_REL32:
    case R_AMDGPU_REL32_LO:
      put32(S + A - P);
      return;
    case R_AMDGPU_REL32_HI:
      put32((S + A - P) >> 32n);
      return;
    case R_AMDGPU_REL64:
      put64(S + A - P);
      return;
    case R_AMDGPU_GOTPCREL:
    case R_AMDGPU_GOTPCREL32_LO:
      put32(G + A - P);
      return;
    case R_AMDGPU_GOTPCREL32_HI:
      put32((G + A - P) >> 32n);
      return;
    case R_AMDGPU_REL16: {
      // Branch offsets count dwords from the end of the 4-byte instruction.
      const d = S + A - P - 4n;
      const v = d / 4n;
      if (v < -0x8000n || v > 0x7fffn)
        site.input.fail(
          `${site.isec.sec.name}+${hex(r.offset)}`,
          `R_AMDGPU_REL16 branch target out of range (${v} dwords)`,
        );
      dv.setInt16(o, Number(v), true);
      return;
    }
  }
}
