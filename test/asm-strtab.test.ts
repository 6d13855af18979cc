// The assembler's mnemonic table (src/asm/strtab.ts): every key found, whatever its hash neighbours,
// nothing else found, and the stored copy returned for a sliced lookup key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StrTable, strHash } from '../src/asm/strtab.js';

test('StrTable finds every key of a full table and no other string', () => {
  const names = Array.from({ length: 3000 }, (_, i) => `v_op_${i}_e32`);
  const t = new StrTable(names.map((n, i) => [n, i] as const));
  for (let i = 0; i < names.length; i++) {
    // A slice of a longer line, as the parser hands the mnemonic over.
    const line = `\t${names[i]} v1, v2`;
    const key = line.slice(1, 1 + names[i].length);
    assert.equal(t.get(key), i);
    assert.equal(t.key(key), names[i]);
    assert.equal(t.getSpan(line, 1, 1 + names[i].length), i);
    assert.equal(t.getSpan(line, 1, names[i].length), undefined);
  }
  for (const miss of ['v_op_3000_e32', 'v_op_1_e3', '', 'v_op_1_e32 ']) assert.equal(t.has(miss), false);
});

test('strHash is FNV-1a (32-bit)', () => {
  // Reference values of FNV-1a 32: offset basis for '', 0xe40c292c for 'a'.
  assert.equal(strHash(''), 0x811c9dc5);
  assert.equal(strHash('a'), 0xe40c292c);
});
