// Random words never make the PM4 decoder fail other than with a Pm4Error (one line, with an offset),
// on every generation; packets it returns tile the stream exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodePacket, decodeStream, Pm4Error } from '../src/cp/pm4/decode.js';
import { GENERATIONS } from '../src/isa/processors.js';
import { xorshift32 as rng } from './helpers/xorshift.js';

test('random streams: decodeStream never throws, packets tile the stream up to the first error', () => {
  const r = rng(0x9e3779b9);
  for (let iter = 0; iter < 3000; iter++) {
    const words = new Uint32Array(1 + (r() % 64));
    for (let i = 0; i < words.length; i++) {
      const x = r();
      // Mostly type-3 headers with small counts (so that packets fit), some raw words.
      words[i] = x % 3 === 0 ? x : (0xc0000000 | (((x >>> 8) % 12) << 16) | (x & 0xff03)) >>> 0;
    }
    for (const gen of GENERATIONS) {
      const { packets, error } = decodeStream(words, { gen });
      let at = 0;
      for (const p of packets) {
        assert.equal(p.offset, at);
        assert.ok(p.size >= 1);
        for (const v of Object.values(p.fields)) assert.ok(Number.isFinite(v) && v >= 0);
        at += p.size;
      }
      if (error) {
        assert.ok(error instanceof Pm4Error);
        assert.equal(error.offset, at);
        assert.ok(!error.message.includes('\n'));
      } else assert.equal(at, words.length);
    }
  }
});

test('random offsets and bounds: decodePacket throws only Pm4Error', () => {
  const r = rng(12345);
  const words = new Uint32Array(4096);
  for (let i = 0; i < words.length; i++) words[i] = r();
  for (let iter = 0; iter < 20000; iter++) {
    const at = r() % words.length;
    const end = at + (r() % 40);
    const gen = GENERATIONS[r() % GENERATIONS.length];
    try {
      const p = decodePacket(words, at, Math.min(end, words.length), gen);
      assert.ok(p.offset + p.size <= Math.min(end, words.length));
    } catch (e) {
      assert.ok(e instanceof Pm4Error, String(e));
    }
  }
});
