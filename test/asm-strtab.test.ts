// The assembler's mnemonic table (src/asm/strtab.ts): every key found, whatever its hash neighbours,
// nothing else found, and the stored copy returned for a sliced lookup key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lexed, lexFast, REG_S, REG_V, sourceBytes, TOKEN } from '../src/asm/fast/lexer.js';
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
    const b = sourceBytes(line);
    const h = strHash(names[i]);
    assert.equal(t.getBytes(b, 1, 1 + names[i].length, h), i);
    // A prefix, or the right length and hash with another spelling, is no key.
    assert.equal(t.getBytes(b, 1, names[i].length, strHash(names[i].slice(0, -1))), undefined);
    assert.equal(
      t.getBytes(sourceBytes(`\t${names[i].replace('v_', 'v-')}`), 1, 1 + names[i].length, h),
      undefined,
    );
    const slot = t.slotBytes(b, 1, 1 + names[i].length, h | 0);
    assert.equal(t.keyAt(slot), names[i]);
    assert.equal(t.valueAt(slot), i);
  }
  for (const miss of ['v_op_3000_e32', 'v_op_1_e3', '', 'v_op_1_e32 ']) assert.equal(t.has(miss), false);
});

test('strHash is FNV-1a (32-bit)', () => {
  // Reference values of FNV-1a 32: offset basis for '', 0xe40c292c for 'a'.
  assert.equal(strHash(''), 0x811c9dc5);
  assert.equal(strHash('a'), 0xe40c292c);
});

test('the fast lexer hashes identifiers as strHash and reads vN / sN operands', () => {
  const line = 'x v_add_f32 v12, s3, v0, v012, s100000, vcc, acc1 s7[';
  const n = lexFast(sourceBytes(line), line, 2, line.length);
  const ids: [string, number][] = [];
  for (let k = 0; k < n; k++)
    if (lexed.kind[k] === TOKEN.IDENT) ids.push([line.slice(lexed.start[k], lexed.end[k]), lexed.value[k]]);
  for (let k = 0; k < n; k++)
    if (lexed.kind[k] === TOKEN.IDENT)
      assert.equal(lexed.hash[k] >>> 0, strHash(line.slice(lexed.start[k], lexed.end[k])));
  // The mnemonic (token 0) is no register; 'v012' (a leading zero) and 6 digits are none either.
  assert.deepEqual(ids, [
    ['v_add_f32', -1],
    ['v12', REG_V + 12],
    ['s3', REG_S + 3],
    ['v0', REG_V],
    ['v012', -1],
    ['s100000', -1],
    ['vcc', -1],
    ['acc1', -1],
    ['s7', REG_S + 7],
  ]);
});

test('sourceBytes keeps offsets with non-ASCII text, whose code units no token or key takes', () => {
  const ascii = 'v_mov_b32 v1, s2 ; x';
  assert.deepEqual(
    [...sourceBytes(ascii).subarray(0, ascii.length)],
    [...ascii].map((c) => c.charCodeAt(0)),
  );
  // One code unit and a surrogate pair: each unit one byte 0x80, the offsets after them unchanged.
  const text = 'v_mov_b32 v1, s2 ; é😀\nv_mov_b32 v\u0131, s2';
  const b = sourceBytes(text);
  assert.equal(b.length >= text.length, true);
  for (let i = 0; i < text.length; i++)
    assert.equal(b[i], text.charCodeAt(i) < 128 ? text.charCodeAt(i) : 0x80);
  // A line with a non-ASCII character outside a comment is the general lexer's (dotless i, whose low
  // byte would be '1' in a Latin-1 copy).
  const second = text.indexOf('\n') + 1;
  assert.equal(lexFast(b, text, second, text.length), -1);
  assert.equal(lexFast(b, text, 0, second - 1), 4);
  const t = new StrTable([['v\u0131', 1]]);
  assert.equal(t.getBytes(b, second + 10, second + 12, strHash('v\u0131')), undefined);
});
