// Prints, for every processor (gfx600 ... gfx908), how many ops gcnkit's ISA table holds (distinct ops,
// (op, encoding) entries, entries the emulator executes); then, per gfx9 target, the ops against the Vega
// document's opcode tables: doc ops listed, doc ops omitted (with the reason from src/isa/omissions.ts),
// and ops gcnkit adds that the document does not list (gfx906/gfx908 additions, LLVM-only ops).
// Run: npx tsx scripts/op-counts.ts

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isaTable } from '../src/emu/isa-table.js';
import { DOC_OPCODES } from '../src/isa/generated/doc-opcodes.js';
import { DOC_OMISSIONS } from '../src/isa/omissions.js';
import { PROCESSORS } from '../src/isa/processors.js';
import { TARGETS, type Target, targetBit } from '../src/isa/targets.js';

/** Distinct ops, (op, encoding) entries and executable entries of a processor's ISA table. */
export function opSummary(t: Target): { ops: number; entries: number; executable: number } {
  const table = isaTable(t);
  return {
    ops: new Set(table.map((e) => e.name)).size,
    entries: table.length,
    executable: table.filter((e) => e.executable).length,
  };
}

function main(): void {
  console.log('processor: distinct ops / (op, encoding) entries / executable entries');
  for (const p of PROCESSORS) {
    if (!p.described) {
      console.log(`  ${p.name} (${p.generation}): not described (code objects only)`);
      continue;
    }
    const s = opSummary(p.name as Target);
    console.log(`  ${p.name} (${p.generation}): ${s.ops} / ${s.entries} / ${s.executable}`);
  }
  vegaDocument();
}

function vegaDocument(): void {
  const docNames = new Set<string>();
  for (const rows of Object.values(DOC_OPCODES)) for (const [, n] of rows) docNames.add(n);
  const docTotal = Object.values(DOC_OPCODES).reduce((a, r) => a + r.length, 0);
  console.log(
    `document: ${docTotal} op rows in ${Object.keys(DOC_OPCODES).length} opcode tables (${docNames.size} distinct names)`,
  );

  for (const t of TARGETS) {
    const table = isaTable(t);
    const names = new Set(table.map((e) => e.name));
    const keys = new Set(table.map((e) => `${e.encoding}:${e.opcode}:${e.name}`));
    let listed = 0;
    const missing: string[] = [];
    for (const [fmt, rows] of Object.entries(DOC_OPCODES)) {
      for (const [op, n] of rows) {
        if (keys.has(`${fmt.toUpperCase()}:${op}:${n}`)) listed++;
        else missing.push(`${fmt}:${n}`);
      }
    }
    const omitted = DOC_OMISSIONS.filter((o) => o.targets & targetBit(t));
    const extra = [...names].filter((n) => !docNames.has(n)).sort();
    const byEnc = new Map<string, number>();
    for (const e of table) byEnc.set(e.encoding, (byEnc.get(e.encoding) ?? 0) + 1);
    console.log(`\n${t}: ${names.size} distinct ops, ${table.length} (op, encoding) entries`);
    console.log(
      `  document op rows listed: ${listed}/${docTotal}; omitted: ${omitted.length}; not listed: ${missing.length}`,
    );
    for (const o of omitted) console.log(`    omitted ${o.format}:${o.name}: ${o.reason}`);
    const unexplained = missing.filter((m) => !omitted.some((o) => `${o.format}:${o.name}` === m));
    if (unexplained.length) console.log(`    NOT LISTED, NO REASON: ${unexplained.join(' ')}`);
    console.log(`  ops beyond the document (${extra.length}): ${extra.join(' ')}`);
    console.log(`  entries by encoding: ${[...byEnc].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
