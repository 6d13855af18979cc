// Per-generation codec fixtures: test/fixtures/gens/<family>.<mcpu>.json for gfx6, gfx7 and gfx8 targets,
// checked by test/gens.test.ts. Sources of the instruction lines:
//   - LLVM's MC tests for gfx7 and gfx8 copied into test/fixtures/gens/llvm-mc (provenance in its
//     PROVENANCE.md); the gfx7 files serve the gfx6 and gfx7 targets, the gfx8 files the gfx8 targets;
//   - generated lines: every op name of the CLRX tables with a set of operand shapes (scripts/lib/gens-ops.ts).
// llvm-mc-22 -show-encoding decides which lines exist on a target and gives their bytes and canonical text.
// Each accepted line goes to the family its bytes belong to (formatOf, SDWA/DPP by the src0 field).
// Disassembly cases (unique words): for gfx8 the text llvm-objdump-22 prints; for gfx6/7, which
// llvm-objdump cannot disassemble, the text llvm-mc-22 printed for the line, with the texts it printed for
// other spellings of the same bytes as alternatives (scripts/lib/gens-respell.ts: MIMG vaddr widths, SOPP
// negative immediates; test/live/gens.test.ts has llvm-mc reassemble gcnkit's text). Rejected lines: every MC-test line llvm-mc rejects for the target,
// and every generated line rejected here but accepted on another target of the set (or on gfx900),
// filed under the family of its bytes there; for a gfx8 target the gfx900 bytes of such a line are
// also disassembled by llvm-objdump (what gfx8 makes of a gfx9-only encoding).
// Run: npx tsx scripts/gen-gens-fixtures.ts [mcpu ...]    (needs llvm-mc-22 and llvm-objdump-22)
// GCNKIT_GENS_OUT=DIR writes the fixtures there instead (the live tier compares them with the committed ones).

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatOf } from '../src/codec/disasm.js';
import { findProcessor, type Generation } from '../src/isa/processors.js';
import { parseTest } from './gen-mc-tests-fixtures.js';
import { candidateLines } from './lib/gens-ops.js';
import { respellings } from './lib/gens-respell.js';
import { type Assembled, assembleLines, objdumpSlots, toHex } from './lib/llvm.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GENS_DIR = join(root, 'test', 'fixtures', 'gens');
const MC_DIR = join(GENS_DIR, 'llvm-mc');
// ../shared from main's checkout, ../../shared from a worktree under /work/wt.
const CLRX_DIR =
  process.env.GCNKIT_CLRX ??
  [join(root, '..', 'shared'), join(root, '..', '..', 'shared')]
    .map((d) => join(d, 'reference', 'clrx'))
    .find((d) => existsSync(d)) ??
  join(root, '..', 'shared', 'reference', 'clrx');

/**
 * The targets with fixtures: each generation's first, LLVM's test targets (gfx704 for CI, gfx803 as VI's
 * usual one) and the feature variants (gfx801: xnack; gfx810: xnack and 16 LDS banks, where llvm-mc
 * differs on buffer/image d16). gfx702 was measured identical to gfx700 and gfx704, so it is left out.
 */
export const GEN_TARGETS = ['gfx600', 'gfx700', 'gfx704', 'gfx801', 'gfx803', 'gfx810'] as const;

/** The fixture families; `vop3p` has no accepted line before gfx9 (its file holds the rejections). */
export const GEN_FAMILIES = [
  'sop1',
  'sop2',
  'sopk',
  'sopc',
  'sopp',
  'smem',
  'vop1',
  'vop2',
  'vopc',
  'vop3',
  'vop3p',
  'sdwa',
  'dpp',
  'ds',
  'mubuf',
  'mtbuf',
  'mimg',
  'flat',
  'exp',
  'vintrp',
] as const;
export type GenFamily = (typeof GEN_FAMILIES)[number];

/** [origin, source line, hex dwords, llvm-mc's canonical text] */
export type GenAsmCase = [string, string, string, string];
/** [origin, source line, llvm-mc's error] */
export type GenRejected = [string, string, string];
/**
 * [hex dwords, expected text (null: not one instruction for llvm-objdump), llvm-objdump's comment ('' for
 * none), other texts llvm-mc printed for the same bytes (gfx6/7 only: e.g. MIMG's vaddr width is not
 * encoded, so each source's width is printed back; any of them is right, llvm-mc reassembles them alike)]
 */
export type GenDisCase =
  | [string, string | null]
  | [string, string | null, string]
  | [string, string, string, string[]];

export interface GenFixture {
  generatedBy: string;
  mcpu: string;
  family: GenFamily;
  /** Where the expected disassembly comes from. */
  disasmOracle: 'llvm-objdump-22' | 'llvm-mc-22 -show-encoding';
  asm: GenAsmCase[];
  rejected: GenRejected[];
  disasm: GenDisCase[];
}

/** The family of an encoding: the format of its first dword, with VOP1/VOP2/VOPC split by SDWA/DPP. */
export function familyOf(words: number[], gen: Generation): GenFamily | null {
  const f = formatOf(words[0], gen);
  if (f === null) return null;
  if ((f === 'vop1' || f === 'vop2' || f === 'vopc') && (gen === 'gfx8' || gen === 'gfx9')) {
    const src0 = words[0] & 0x1ff;
    if (src0 === 0xf9) return 'sdwa';
    if (src0 === 0xfa) return 'dpp';
  }
  return f;
}

interface Line {
  origin: string;
  src: string;
  /** Family named by the MC test file, for its rejected lines. */
  fileFamily?: GenFamily;
}

const FILE_FAMILY: Record<string, GenFamily> = { smrd: 'smem' };

/** The instruction lines of the copied MC tests of a generation ('gfx7' serves gfx6 too). */
function mcLines(prefix: 'gfx7' | 'gfx8'): Line[] {
  const out: Line[] = [];
  for (const f of readdirSync(MC_DIR)
    .filter((n) => n.startsWith(`${prefix}_asm_`) && n.endsWith('.s'))
    .sort()) {
    const text = readFileSync(join(MC_DIR, f), 'utf8');
    const prefixes = new Set<string>();
    for (const m of text.matchAll(/check-prefix(?:es)?[= ]([\w,-]+)/g))
      for (const p of m[1].split(',')) prefixes.add(p);
    prefixes.add('CHECK');
    const { inputs } = parseTest(text, '.s', prefixes);
    const fam = f.replace(/^gfx\d_asm_/, '').replace(/\.s$/, '');
    for (const i of inputs)
      out.push({
        origin: `${f}:${i.idx + 1}`,
        src: i.src,
        fileFamily: (FILE_FAMILY[fam] ?? fam) as GenFamily,
      });
  }
  return out;
}

function fixtureJson(f: GenFixture): string {
  const { asm, rejected, disasm, ...head } = f;
  const rows = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join(',\n');
  const h = JSON.stringify(head);
  return `${h.slice(0, -1)},\n"asm":[\n${rows(asm)}],\n"rejected":[\n${rows(rejected)}],\n"disasm":[\n${rows(disasm)}]}\n`;
}

function main(): void {
  const only = new Set(process.argv.slice(2));
  const generated: Line[] = candidateLines(CLRX_DIR).map((c) => ({ origin: 'gen', src: c.src }));
  const mc = { gfx7: mcLines('gfx7'), gfx8: mcLines('gfx8') };
  const base = (gen: Generation): Line[] => [...(gen === 'gfx8' ? mc.gfx8 : mc.gfx7), ...generated];
  // gfx6/7: the other spellings of each line (scripts/lib/gens-respell.ts); those llvm-mc accepts with
  // the same bytes give the disassembly's alternatives, and their bytes are assembly cases too.
  const withRespellings = (ls: Line[]): Line[] => {
    const seen = new Set(ls.map((l) => l.src));
    const more: Line[] = [];
    for (const l of ls)
      for (const src of respellings(l.src))
        if (!seen.has(src)) {
          seen.add(src);
          more.push({ origin: `${l.origin} respelled`, src });
        }
    return [...ls, ...more];
  };
  const lineCache = new Map<Generation, Line[]>();
  const linesOf = (gen: Generation): Line[] => {
    let ls = lineCache.get(gen);
    if (!ls) {
      ls = gen === 'gfx8' ? base(gen) : withRespellings(base(gen));
      lineCache.set(gen, ls);
    }
    return ls;
  };
  // First pass: what every target (and gfx900) accepts of the generated lines, to file rejections.
  const results = new Map<string, Assembled[]>();
  for (const t of [...GEN_TARGETS, 'gfx900']) {
    const gen = findProcessor(t)!.generation;
    results.set(
      t,
      assembleLines(
        linesOf(gen).map((l) => l.src),
        t,
      ),
    );
  }
  /** Where a generated line is accepted, first found: [target, words]. */
  const acceptedSomewhere = new Map<string, { t: string; words: number[] }>();
  for (const [t, rs] of results)
    for (const r of rs)
      if (r.words && !acceptedSomewhere.has(r.src)) acceptedSomewhere.set(r.src, { t, words: r.words });
  const outDir = process.env.GCNKIT_GENS_OUT ?? GENS_DIR;
  mkdirSync(outDir, { recursive: true });
  for (const mcpu of GEN_TARGETS) {
    if (only.size && !only.has(mcpu)) continue;
    const gen = findProcessor(mcpu)!.generation;
    const lines = linesOf(gen);
    const rs = results.get(mcpu)!;
    const by = new Map<GenFamily, GenFixture>();
    for (const family of GEN_FAMILIES)
      by.set(family, {
        generatedBy: 'scripts/gen-gens-fixtures.ts',
        mcpu,
        family,
        disasmOracle: gen === 'gfx8' ? 'llvm-objdump-22' : 'llvm-mc-22 -show-encoding',
        asm: [],
        rejected: [],
        disasm: [],
      });
    const dis = new Map<GenFamily, Map<string, { words: number[]; texts: (string | null)[] }>>();
    const addDis = (fam: GenFamily, words: number[], text: string | null) => {
      const m = dis.get(fam) ?? new Map();
      const hex = toHex(words);
      const e = m.get(hex);
      if (!e) m.set(hex, { words, texts: [text] });
      else if (!e.texts.includes(text)) e.texts.push(text);
      dis.set(fam, m);
    };
    rs.forEach((r, k) => {
      const l = lines[k];
      if (r.words) {
        const fam = familyOf(r.words, gen);
        if (fam === null) throw new Error(`${mcpu}: no family for ${l.src} (${toHex(r.words)})`);
        by.get(fam)!.asm.push([l.origin, l.src, toHex(r.words), r.text!]);
        addDis(fam, r.words, r.text!);
        return;
      }
      // A spelling llvm-mc refuses says nothing about the op: it was only tried for the alternatives.
      if (l.origin.endsWith(' respelled')) return;
      if (l.origin !== 'gen') {
        by.get(l.fileFamily!)!.rejected.push([l.origin, l.src, r.error ?? '']);
        return;
      }
      const other = acceptedSomewhere.get(l.src);
      if (!other) return;
      const fam = familyOf(other.words, findProcessor(other.t)!.generation);
      if (fam === null) return;
      by.get(fam)!.rejected.push([l.origin, l.src, r.error ?? '']);
      // What gfx8's disassembler makes of another generation's encoding (gfx6/7 have no oracle for it).
      if (gen === 'gfx8') addDis(fam, other.words, null);
    });
    for (const [fam, m] of dis) {
      const entries = [...m.entries()];
      const fx = by.get(fam)!;
      if (gen !== 'gfx8') {
        for (const [hex, e] of entries) {
          const [first, ...alts] = e.texts as string[];
          fx.disasm.push(alts.length ? [hex, first, '', alts] : [hex, first]);
        }
        continue;
      }
      const dumps = objdumpSlots(
        entries.map(([, e]) => e.words),
        mcpu,
      );
      entries.forEach(([hex, e], j) => {
        const ls = dumps[j];
        const one = ls.length >= 1 && ls[0].size === e.words.length && !ls[0].text.startsWith('.long');
        const comment = one && ls[0].comment && !ls[0].comment.startsWith('<') ? ls[0].comment : '';
        fx.disasm.push(comment ? [hex, one ? ls[0].text : null, comment] : [hex, one ? ls[0].text : null]);
      });
    }
    for (const [fam, fx] of by) {
      writeFileSync(join(outDir, `${fam}.${mcpu}.json`), fixtureJson(fx));
      console.log(
        `${fam}.${mcpu}: ${fx.asm.length} asm, ${fx.rejected.length} rejected, ${fx.disasm.length} disasm`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
