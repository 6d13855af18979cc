// `gcnkit isa`: per target, every listed op is unique by (encoding, opcode), and on gfx9 targets every op
// of the Vega document's opcode tables is listed under its document name, unless src/isa/omissions.ts
// says why not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isaTable } from '../src/emu/isa-table.js';
import { DOC_OPCODES } from '../src/isa/generated/doc-opcodes.js';
import { DOC_OMISSIONS, isOmitted } from '../src/isa/omissions.js';
import { opcodeRows, packOpcodeRows } from '../src/isa/opcode-rows.js';
import { processorOf } from '../src/isa/processors.js';
import { TARGETS, targetBit } from '../src/isa/targets.js';

for (const target of TARGETS) {
  const table = isaTable(target);
  const byKey = new Map<string, string[]>();
  for (const e of table) {
    const key = `${e.encoding}:${e.opcode}`;
    const names = byKey.get(key);
    if (names) names.push(e.name);
    else byKey.set(key, [e.name]);
  }

  test(`isa ${target}: entries are unique by (encoding, opcode)`, () => {
    const dups = [...byKey]
      .filter(([, names]) => names.length > 1)
      .map(([k, names]) => `${k} ${names.join(', ')}`);
    assert.deepEqual(dups, []);
  });

  test(`isa ${target}: entries are well formed`, () => {
    const bad = table.filter(
      (e) =>
        !/^[a-z][a-z0-9_]*$/.test(e.name) ||
        !/^[A-Z][A-Z0-9_]*$/.test(e.encoding) ||
        !Number.isInteger(e.opcode),
    );
    assert.deepEqual(bad, []);
  });

  // The Vega document's opcode tables describe gfx9 only (gfx6-8 are checked against LLVM: test/gens*).
  if (processorOf(target).generation !== 'gfx9') continue;
  for (const [format, rows] of Object.entries(DOC_OPCODES)) {
    test(`isa ${target}: every ${format} op of the document is listed`, () => {
      const bit = targetBit(target);
      const problems: string[] = [];
      for (const [opcode, name] of rows) {
        const listed = byKey.get(`${format.toUpperCase()}:${opcode}`);
        if (isOmitted(format, name, bit)) {
          if (listed?.includes(name)) problems.push(`${name}: listed, but also on the omissions list`);
        } else if (!listed) problems.push(`${name} (${format.toUpperCase()} ${opcode}): missing`);
        else if (!listed.includes(name))
          problems.push(`${name} (${format.toUpperCase()} ${opcode}): listed as ${listed}`);
      }
      assert.deepEqual(problems, []);
    });
  }
}

test('isa omissions name real document ops and give reasons', () => {
  const bad = DOC_OMISSIONS.filter(
    (o) =>
      !(DOC_OPCODES[o.format] ?? []).some(([, n]) => n === o.name) ||
      o.reason.trim().length < 10 ||
      !o.targets,
  );
  assert.deepEqual(bad, []);
});

test('packed opcode tables read back as their rows: gaps, opcode 0 and 1 at the start, a gap first', () => {
  const rows: [number, string][] = [
    [0, 's_a'],
    [1, 'v_b2'],
    [5, 'ds_c'],
    [6, 'd'],
    [300, 'e'],
  ];
  const packed = packOpcodeRows(rows);
  assert.equal(packed, 's_a v_b2 5 ds_c d 300 e');
  assert.deepEqual(opcodeRows({ t: packed, u: packOpcodeRows([[3, 'x']]) }), { t: rows, u: [[3, 'x']] });
  assert.throws(
    () =>
      packOpcodeRows([
        [2, 'a'],
        [1, 'b'],
      ]),
    /cannot pack/,
  );
  assert.throws(() => packOpcodeRows([[2, '9a']]), /cannot pack/);
});
