// The memory and export assembler families against llvm-mc-22 (fixtures from
// scripts/gen-asm-mem-fixtures.ts): accepted lines must give llvm-mc's dwords, rejected ones must be
// rejected with its message at its column.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { MemFixture } from '../scripts/gen-asm-mem-fixtures.js';
import { parseInstruction } from '../src/asm/line.js';
import { encodeInstruction } from '../src/asm/registry.js';
import type { AsmInst, CallOperand, Operand } from '../src/asm/types.js';
import type { Target } from '../src/isa/targets.js';

const dir = join(import.meta.dirname, 'fixtures', 'asm-mem');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

const SWIZZLE = /offset:(swizzle\(.*\))/;

/**
 * Parses a line. The generic operand parser does not take `offset:swizzle(...)` yet; the family
 * expects it as the `offset` named operand with the macro attached as `call`, so build that shape here.
 */
function parse(src: string, target: Target): AsmInst | { error: string; pos: { col: number } } {
  const m = SWIZZLE.exec(src);
  if (!m) return parseInstruction(src, 1, target);
  const col = m.index + 1;
  const blanked =
    src.slice(0, m.index) + 'offset:0' + ' '.repeat(m[0].length - 8) + src.slice(m.index + m[0].length);
  const inst = parseInstruction(blanked, 1, target);
  if ('error' in inst) return inst;
  // Parse the macro at its own column (after a placeholder mnemonic) so argument positions are the line's.
  const call = parseInstruction(`${'x'.padEnd(col + 6)}${m[1]}`, 1, target);
  if ('error' in call) return call;
  return withCall(inst, call.operands[0] as unknown as CallOperand, col);
}

function withCall(inst: AsmInst, call: CallOperand, col: number): AsmInst {
  const operands = inst.operands.map((o): Operand => {
    if (o.kind !== 'named' || o.pos.col !== col) return o;
    const v = { ident: 'swizzle', pos: { line: 1, col: col + 7 } };
    return { ...o, values: [v], call } as Operand;
  });
  return { ...inst, operands };
}

function assemble(src: string, target: Target): { hex?: string; error?: string; col?: number } {
  const inst = parse(src, target);
  if ('error' in inst) return { error: inst.error, col: inst.pos.col };
  const r = encodeInstruction(inst);
  if ('error' in r) return { error: r.error, col: r.pos.col };
  return { hex: r.words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join(' ') };
}

for (const file of files) {
  test(`asm mem families: ${file}`, (t) => {
    const fx = JSON.parse(readFileSync(join(dir, file), 'utf8')) as MemFixture;
    const bad: string[] = [];
    for (const [src, hex] of fx.cases) {
      const r = assemble(src, fx.mcpu);
      if (r.hex !== hex) bad.push(`${src}\n    want ${hex}\n    got  ${r.hex ?? `${r.col}: ${r.error}`}`);
    }
    for (const [src, message, col] of fx.rejected) {
      const r = assemble(src, fx.mcpu);
      if (r.error !== message || r.col !== col)
        bad.push(`${src}\n    want ${col}: ${message}\n    got  ${r.hex ?? `${r.col}: ${r.error}`}`);
    }
    t.diagnostic(`${fx.cases.length} accepted, ${fx.rejected.length} rejected, ${bad.length} differ`);
    assert.deepEqual(bad, []);
  });
}
