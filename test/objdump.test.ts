// `gcnkit disasm` as a command: ELF input in llvm-objdump's form, --mcpu, --raw, and one-line errors
// with a non-zero exit for unreadable, truncated or foreign files (written to a temp dir on the fly).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { readCacheFile } from '../src/cli/disasm-cache.js';
import { compareDisassembly } from '../src/disasm/compare.js';
import { hex2L, hex2U, hex16L } from '../src/disasm/hex.js';
import { objdump, objdumpBytes, objdumpStream } from '../src/disasm/objdump.js';
import { ByteOut, latin1String } from '../src/disasm/out.js';
import { supportedNames } from '../src/isa/processors.js';
import { cliIn, gcnkitArgv, spawnCli } from './helpers/cli.js';

const root = join(import.meta.dirname, '..');
const obj = join(root, 'test', 'corpus', 'obj');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-objdump-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const gcnkit = (...args: string[]) => cliIn(root, ...args);

function reference(file: string): string {
  return gunzipSync(readFileSync(join(obj, file.replace(/\.(hsaco|o)$/, '.dis.gz')))).toString('latin1');
}

test('hex helpers and the byte writer', () => {
  assert.equal(hex2U(0xab), 'AB');
  assert.equal(hex2L(0xab), 'ab');
  assert.equal(hex16L(0x19a4), '00000000000019a4');
  const o = new ByteOut(1);
  o.hex8U(0xbf8c0f70);
  o.byte(0x20);
  o.hex8U(0);
  o.byte(0x20);
  o.hexU(0x1900, 12);
  o.byte(0x20);
  o.hexU(0xfedcba987654, 12);
  o.byte(0x20);
  o.hexU(0x1fedcba987654, 12);
  o.spaces(3);
  o.spaces(-1);
  o.str('\xe9|');
  assert.equal(latin1String(o.bytes()), 'BF8C0F70 00000000 000000001900 FEDCBA987654 1FEDCBA987654   \xe9|');
  assert.equal(o.bytes().at(-2), 0xe9);
});

test("an instruction line's tail: padding, the address column (its high digits kept between lines), the words", () => {
  const o = new ByteOut(1);
  const words = Uint32Array.of(0xbf8c0f70, 0x0000ffff, 0x12345678);
  // Across a 256-byte boundary, to a far address and back: each line's address digits are its own.
  const addrs = [0x1f8, 0x1fc, 0x200, 0x204, 0xfedcba98, 0xfedcbaa0, 0x1fc, 0];
  let want = '';
  for (const [k, addr] of addrs.entries()) {
    const size = 1 + (k % 2);
    const start = o.pos;
    o.str(`\tline ${k}`);
    const at = o.lineTail(start, addr, words, k % 2, size);
    o.byte(0x0a);
    const hex = [...words.subarray(k % 2, (k % 2) + size)].map((v) =>
      v.toString(16).toUpperCase().padStart(8, '0'),
    );
    const line =
      `\tline ${k}`.padEnd(60, ' ') +
      `// ${addr.toString(16).toUpperCase().padStart(12, '0')}: ${hex.join(' ')}\n`;
    assert.equal(at, 67, "where the address's low 8 digits start");
    want += line;
  }
  assert.equal(latin1String(o.bytes()), want);
});

test('recurring strings and lowercase hex, as branch annotations and comments write them', () => {
  const o = new ByteOut(1);
  const long = 'x'.repeat(1500);
  // The first two share a slot of the memo in front of the Map (the same length and last two characters).
  const texts = [
    "Warning: SGPR_64: scalar reg isn't aligned 33",
    "Warning: SGPR_32: scalar reg isn't aligned 33",
    'f\xe9',
    'abc',
    '',
    long,
  ];
  // Twice each: the first use encodes, the second copies the kept bytes; each followed by a byte.
  for (let r = 0; r < 2; r++) {
    for (const t of texts) {
      o.recurring(t);
      o.byte(0x7c);
    }
  }
  const want = texts.map((t) => `${t}|`).join('');
  assert.equal(latin1String(o.bytes()), want + want);
  const h = new ByteOut(1);
  const values = [0, 1, 0xf, 0x10, 0x4dc, 0xffffffff, 0x100000000, 0x1234567890abc, Number.MAX_SAFE_INTEGER];
  for (const v of values) {
    h.hexL(v);
    h.byte(0x20);
  }
  assert.equal(latin1String(h.bytes()), values.map((v) => `0x${v.toString(16)} `).join(''));
});

test('the example (npm start) disassembles like llvm-objdump', () => {
  const r = gcnkit('disasm', 'test/corpus/obj/vadd.gfx908.O3.hsaco');
  assert.equal(r.status, 0, r.stderr);
  const want = reference('vadd.gfx908.O3.hsaco').replace(
    'vadd.gfx908.O3.hsaco:',
    'test/corpus/obj/vadd.gfx908.O3.hsaco:',
  );
  const c = compareDisassembly(want, r.stdout);
  assert.deepEqual(c.framingActual, c.framingExpected);
  const example = readFileSync(join(root, 'examples', 'vadd-gfx908.hsaco'));
  assert.deepEqual(example, readFileSync(join(obj, 'vadd.gfx908.O3.hsaco')));
});

test('objdumpStream: the same bytes as objdumpBytes, in chunks of one reused buffer; the line cache keeps every line exact', () => {
  // A kernel with loops and repeated words (cache hits at other addresses), streamed in small chunks.
  const name = 'math_f64_f16.gfx908.O3.hsaco';
  const bytes = readFileSync(join(obj, name));
  const whole = objdumpBytes(bytes, name);
  const chunks: Uint8Array[] = [];
  const views = new Set<ArrayBufferLike>();
  objdumpStream(
    bytes,
    name,
    {},
    (c) => {
      assert.ok(c.length <= 4096 + 200, `chunk of ${c.length} bytes`);
      views.add(c.buffer);
      chunks.push(c.slice());
    },
    4096,
  );
  assert.ok(chunks.length > 10);
  assert.equal(views.size, 1, 'one buffer, reused');
  assert.equal(latin1String(Buffer.concat(chunks)), latin1String(whole));
  const c = compareDisassembly(reference(name), latin1String(whole));
  assert.equal(c.agree, c.instructions);
  assert.ok(c.identical);
});

test('the header and labels come from the ELF file; --mcpu overrides e_flags', () => {
  const bytes = readFileSync(join(obj, 'vadd.gfx900.O3.hsaco'));
  const out = objdump(bytes, 'k.hsaco');
  assert.ok(out.startsWith('\nk.hsaco:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n\n'));
  assert.match(out, /\n0000000000001[0-9a-f]{3} <vadd>:\n\t/);
  // gfx908 prints AGPR-capable forms differently from gfx900 for some words, but the framing is the same.
  const c = compareDisassembly(out, objdump(bytes, 'k.hsaco', { mcpu: 'gfx908' }));
  assert.deepEqual(c.framingActual, c.framingExpected);
});

test('a processor gcnkit does not support needs --mcpu', () => {
  const b = Uint8Array.from(readFileSync(join(obj, 'vadd.gfx908.O3.hsaco')));
  b[48] = 0x3f; // EF_AMDGPU_MACH_AMDGCN_GFX90A
  const f = join(tmp, 'gfx90a.hsaco');
  writeFileSync(f, b);
  const r = gcnkit('disasm', f);
  assert.notEqual(r.status, 0);
  assert.equal(
    r.stderr,
    `gcnkit disasm: ${f}: e_flags: processor gfx90a is not supported (${supportedNames().join(', ')}); choose one with --mcpu\n`,
  );
  const ok = gcnkit('disasm', '--mcpu=gfx908', f);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /<vadd>:/);
});

test('truncated, garbage and missing files: one line on stderr, non-zero exit', () => {
  const src = readFileSync(join(obj, 'atomics.gfx906.O3.hsaco'));
  const cases: [string, Uint8Array | null, RegExp][] = [
    ['trunc-header.hsaco', src.subarray(0, 40), /ELF header: truncated \(40 bytes, need 64\)/],
    ['trunc-half.hsaco', src.subarray(0, src.length >> 1), /e_shoff|e_shnum|extend beyond/],
    ['trunc-last.hsaco', src.subarray(0, src.length - 1), /beyond the end of the file/],
    ['garbage.hsaco', Uint8Array.from({ length: 4096 }, (_, k) => (k * 7919) & 255), /not an ELF file/],
    ['empty.hsaco', new Uint8Array(0), /file too short/],
    ['missing.hsaco', null, /cannot read: ENOENT/],
  ];
  for (const [name, bytes, re] of cases) {
    const f = join(tmp, name);
    if (bytes) writeFileSync(f, bytes);
    const r = gcnkit('disasm', f);
    assert.notEqual(r.status, 0, name);
    assert.equal(r.stdout, '', name);
    assert.match(r.stderr, re, name);
    assert.ok(r.stderr.startsWith(`gcnkit disasm: ${f}: `), r.stderr);
    assert.equal(r.stderr.split('\n').length, 2, `${name}: ${r.stderr}`);
  }
});

test('the bundled CLI prints what the library prints (its disasm code compiled with a V8 code cache)', () => {
  // The --raw test below spawns it first when run alone; either way this run finds a cache or makes one.
  const file = join('test', 'corpus', 'obj', 'vadd.gfx908.O3.hsaco');
  const r = spawnCli(['disasm', file]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, cliIn(root, 'disasm', file).stdout);
  const cli = readFileSync(gcnkitArgv()[0], 'utf8');
  const bundle = /cli-disasm-[0-9a-f]{16}\.cjs/.exec(cli)?.[0];
  assert.ok(
    bundle && readCacheFile(join(dirname(gcnkitArgv()[0]), `${bundle}.v8cache`)),
    'a valid code cache',
  );
});

test('--raw still disassembles bare words at address 0', () => {
  const f = join(tmp, 'raw.bin');
  writeFileSync(f, Uint8Array.from([0x00, 0x00, 0x81, 0xbf, 0x07, 0x00, 0x80, 0xbf]));
  // A process of its own: --raw streams straight to fd 1.
  const r = spawnCli(['disasm', '--raw', '--mcpu=gfx906', f]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(
    r.stdout,
    '\ts_endpgm' +
      ' '.repeat(51) +
      '// 000000000000: BF810000\n\ts_nop 7' +
      ' '.repeat(52) +
      '// 000000000004: BF800007\n',
  );
});
