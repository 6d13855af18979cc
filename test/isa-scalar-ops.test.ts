// The scalar op rows (src/isa/ops/scalar-*.ts) against the sources they were written from: every gfx9
// opcode is the Vega document's (DOC_OPCODES, generated from the document), every row exists on gfx9 or an
// older generation, and one opcode names one op per generation (genTables checks that at load).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOC_OPCODES } from '../src/isa/generated/doc-opcodes.js';
import { SMEM_OPS } from '../src/isa/ops/scalar-smem.js';
import { SOP1_OPS, SOP2_OPS, SOPC_OPS, SOPK_OPS, SOPP_OPS } from '../src/isa/ops/scalar-sop.js';
import type { OpRow } from '../src/isa/ops.js';
import { GENERATIONS } from '../src/isa/processors.js';

const FAMILIES: [string, readonly OpRow[]][] = [
  ['sop1', SOP1_OPS],
  ['sop2', SOP2_OPS],
  ['sopc', SOPC_OPS],
  ['sopk', SOPK_OPS],
  ['sopp', SOPP_OPS],
  ['smem', SMEM_OPS],
];

test("gfx9 opcodes of the scalar rows are the Vega document's, and every documented op has a row", () => {
  for (const [fmt, rows] of FAMILIES) {
    const doc = new Map(DOC_OPCODES[fmt].map(([op, name]) => [name, op]));
    for (const r of rows) {
      if (r.opcodes.gfx9 === undefined) continue;
      assert.equal(r.opcodes.gfx9, doc.get(r.name), `${fmt} ${r.name}`);
    }
    const named = new Set(rows.filter((r) => r.opcodes.gfx9 !== undefined).map((r) => r.name));
    // s_cmp_ne_u64 is the document's second name for s_cmp_lg_u64 (one opcode, LLVM prints lg).
    const missing = [...doc.keys()].filter((n) => !named.has(n) && n !== 's_cmp_ne_u64');
    assert.deepEqual(missing, [], fmt);
  }
});

test('every scalar row exists on some generation, and the names are unique within a family', () => {
  for (const [fmt, rows] of FAMILIES) {
    const names = new Set<string>();
    for (const r of rows) {
      assert.ok(
        GENERATIONS.some((g) => r.opcodes[g] !== undefined),
        `${fmt} ${r.name} has no opcode`,
      );
      assert.ok(!names.has(r.name), `${fmt} ${r.name} twice`);
      names.add(r.name);
    }
  }
});
