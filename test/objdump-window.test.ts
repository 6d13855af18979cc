// The disassembler's decode window (src/disasm/decode-window.ts) writes the same bytes as line-by-line
// decoding, also where its planned line starts are wrong: invalid words, literals, SDWA/DPP dwords and
// runs of zeros put in a corpus kernel's code at random (seeded) places.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { WINDOW_MODE } from '../src/disasm/decode-window.js';
import { objdumpBytes } from '../src/disasm/objdump.js';
import { latin1String } from '../src/disasm/out.js';
import { ElfFile } from '../src/elf/reader.js';
import { xorshift32 } from './helpers/xorshift.js';

const obj = join(import.meta.dirname, 'corpus', 'obj');

function both(bytes: Uint8Array, name: string): [string, string] {
  WINDOW_MODE.on = true;
  try {
    const a = latin1String(objdumpBytes(bytes, name));
    WINDOW_MODE.on = false;
    return [a, latin1String(objdumpBytes(bytes, name))];
  } finally {
    WINDOW_MODE.on = true;
  }
}

test('decode window: the same lines as one at a time, on code with words changed at random', () => {
  const name = 'math_f64_f16.gfx908.O3.hsaco';
  const original = readFileSync(join(obj, name));
  const [a0, b0] = both(original, name);
  assert.equal(a0, b0);
  const elf = ElfFile.parse(original, name);
  const text = elf.sections.find((s) => s.name === '.text');
  assert.ok(text);
  for (const seed of [1, 2, 3]) {
    const bytes = Uint8Array.from(original);
    const words = new DataView(bytes.buffer, text.offset, text.size);
    const next = xorshift32(seed);
    for (let k = 0; k < 200; k++) {
      const at = (next() % (text.size / 4)) * 4;
      const kind = next() % 5;
      const w = words.getUint32(at, true);
      // An invalid word, two zero words, a literal source (255), an SDWA/DPP src0, a flipped bit.
      const v = [
        0xffffffff,
        0,
        (w & ~0xff) | 0xff,
        (w & ~0x1ff) | (next() & 1 ? 0xf9 : 0xfa),
        w ^ (1 << (next() % 32)),
      ];
      words.setUint32(at, v[kind] >>> 0, true);
      if (kind === 1 && at + 4 < text.size) words.setUint32(at + 4, 0, true);
    }
    const [a, b] = both(bytes, name);
    assert.ok(
      a.includes('.long') && a.includes('...'),
      `seed ${seed}: the changes make invalid words and zero runs`,
    );
    assert.equal(a, b, `seed ${seed}`);
  }
});
