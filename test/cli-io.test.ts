// Inputs and outputs of the commands (docs/cli.md, "Limits"): every input is a regular file (or - for
// standard input) under a stated size limit, refused at once otherwise (a FIFO with no writer or
// /dev/zero used to hang and grow without bound); outputs are written atomically; disasm --raw streams.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { decodeRaw, rawLine } from '../src/cli/disasm-raw.js';
import { CHUNK, Input, LIMITS, writeChunks } from '../src/cli/io.js';
import { writeBuffer } from '../src/cli/run.js';
import { disasmWords } from '../src/codec/disasm.js';
import { cli, gcnkitArgv, oneLineError, root, spawnCli } from './helpers/cli.js';
import { tier } from './helpers/tier.js';

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-io-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const at = (f: string) => join(dir, f);
const fifo = at('fifo');
spawnSync('mkfifo', [fifo]);
copyFileSync(join(root, 'examples', 'vadd', 'vadd-gfx908.hsaco'), at('k.hsaco'));
writeFileSync(
  at('spec.json'),
  JSON.stringify({
    kernel: 'vadd',
    grid: [64],
    block: [64],
    args: [
      { buffer: 'zero' },
      { buffer: { bytes: 256 } },
      { buffer: { bytes: 256 } },
      { value: 64, type: 'i32' },
    ],
  }),
);

test(
  'a FIFO, a device or a directory as input is refused at once, for every kind of input',
  { timeout: 10000 },
  () => {
    assert.ok(existsSync(fifo), 'mkfifo');
    for (const [what, path] of [
      ['a FIFO', fifo],
      ['a character device', '/dev/zero'],
      ['a directory', dir],
    ]) {
      const re = (p: string) => new RegExp(`: ${p.replace(/[/.]/g, '\\$&')}: is ${what}, not a regular file`);
      oneLineError(cli('disasm', path), 1, re(path));
      oneLineError(cli('disasm', '--raw', path), 1, re(path));
      oneLineError(cli('info', path), 1, re(path));
      oneLineError(cli('asm', path), 1, re(path));
      oneLineError(cli('link', '-o', at('out.hsaco'), path), 1, re(path));
      oneLineError(cli('run', path, at('spec.json')), 1, re(path));
      oneLineError(cli('run', at('k.hsaco'), path), 1, re(path));
    }
    // A buffer file in a spec, and an .include in assembly source.
    writeFileSync(at('zero'), '');
    rmSync(at('zero'));
    spawnSync('ln', ['-s', '/dev/zero', at('zero')]);
    oneLineError(
      cli('run', '--allow-outside-paths', at('k.hsaco'), at('spec.json')),
      1,
      /^gcnkit run: .*spec\.json: args\[0\]\.buffer: zero: is a character device, not a regular file$/,
    );
    writeFileSync(at('inc.s'), `.include "${fifo}"\ns_endpgm\n`);
    const inc = cli('asm', at('inc.s'));
    assert.equal(inc.status, 1);
    assert.match(inc.stderr, /Could not find include file/);
  },
);

test('inputs past their size limit are refused before reading, naming the limit', () => {
  const big = at('big.bin');
  writeFileSync(big, '');
  truncateSync(big, LIMITS.disasm + 1); // sparse: no time or disk spent
  oneLineError(
    cli('disasm', big),
    1,
    new RegExp(
      `: ${LIMITS.disasm + 1} bytes, more than the limit for a code object to disassemble \\(16 MiB\\)$`,
    ),
  );
  oneLineError(cli('asm', big), 1, /more than the limit for assembly source \(16 MiB\)$/);
  oneLineError(cli('run', at('k.hsaco'), big), 1, /more than the limit for a run spec \(16 MiB\)$/);
  truncateSync(big, LIMITS.codeObject + 1);
  oneLineError(cli('info', big), 1, /more than the limit for a code object \(64 MiB\)$/);
});

test('standard input is read with the same limit and stops as soon as it passes it (/dev/zero as asm source)', () => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, gcnkitArgv('asm', '-'), {
    stdio: [openSync('/dev/zero', 'r'), 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 20000,
  });
  oneLineError(
    { status: r.status, stdout: r.stdout, stderr: r.stderr },
    1,
    /^gcnkit asm: <stdin>: more than the limit for assembly source \(16 MiB\)$/,
  );
  assert.ok(performance.now() - t0 < 15000);
});

test('outputs are atomic: a failure leaves the old file untouched and no temporary file behind', () => {
  const out = at('atomic.bin');
  writeFileSync(out, 'old contents');
  const before = readdirSync(dir).sort();
  assert.throws(
    () =>
      writeChunks(
        out,
        (function* () {
          yield new Uint8Array(1000).fill(1);
          throw new Error('device went away');
        })(),
      ),
    /device went away/,
  );
  assert.equal(readFileSync(out, 'utf8'), 'old contents');
  assert.deepEqual(readdirSync(dir).sort(), before);
  writeChunks(out, [new Uint8Array([1, 2]), new Uint8Array([3])]);
  assert.deepEqual([...readFileSync(out)], [1, 2, 3]);
  assert.deepEqual(readdirSync(dir).sort(), before);
  // A folder that does not exist: one line, nothing written.
  oneLineError(
    cli(
      'asm',
      '--mcpu=gfx900',
      '-o',
      at('no/such/dir/k.o'),
      join(root, 'test/fixtures/asm-driver/src/branches.s'),
    ),
    1,
    /no\/such\/dir\/k\.o: cannot write: ENOENT$/,
  );
});

test('a buffer is written a chunk at a time straight from device memory', () => {
  const size = 3 * CHUNK + 5;
  const reads: number[] = [];
  const fake = {
    read(_b: unknown, off = 0, len = size - off) {
      reads.push(len);
      return new Uint8Array(len).fill(off / CHUNK + 1);
    },
  };
  writeBuffer(fake as never, { address: 0, size }, at('chunked.bin'));
  const bytes = readFileSync(at('chunked.bin'));
  assert.equal(bytes.length, size);
  assert.deepEqual([bytes[0], bytes[CHUNK], bytes[3 * CHUNK + 4]], [1, 2, 4]);
  assert.deepEqual(reads, [CHUNK, CHUNK, CHUNK, 5]);
});

test('disasm --raw decodes in chunks exactly as a whole-file decode', () => {
  // Random words across many chunk boundaries (chunks of 4099 bytes: words split across them too), with
  // a length that leaves a partial word at the end.
  const n = 20011;
  const words = new Uint32Array(n);
  let x = 0x12345678;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    words[i] = i % 7 === 0 ? 0xbf810000 : x;
  }
  const f = at('raw.bin');
  writeFileSync(f, Buffer.concat([Buffer.from(words.buffer), Buffer.from([1, 2])]));
  const input = Input.open(f, LIMITS.raw, 'raw');
  const got: string[] = [];
  try {
    decodeRaw(input, 'gfx908', (inst) => got.push(inst.text), 4099);
  } finally {
    input.close();
  }
  assert.deepEqual(
    got,
    disasmWords(words, 'gfx908').map((d) => d.text),
  );
  assert.equal(
    rawLine({ address: 4, bytes: '070080bf', text: 's_nop 7' }),
    `\ts_nop 7${' '.repeat(52)}// 000000000004: BF800007\n`,
  );
});

// The text is about 1.6 times the heap: `npm test` streams 1 MiB of words (256k lines, 22 MB of text)
// in a 12 MB heap, the slow tier 4 MiB (1M lines) in 48 MB.
const STREAM_MIB = tier(1, 4);
test(
  `disasm --raw streams: ${STREAM_MIB} MiB of words in a ${STREAM_MIB * 12} MB heap, text and one JSON document`,
  { timeout: 60000 },
  () => {
    const f = at('zeros.bin');
    writeFileSync(f, '');
    const words = STREAM_MIB * 256 * 1024;
    truncateSync(f, words * 4);
    const heap = `--max-old-space-size=${STREAM_MIB * 12}`;
    const r = spawnSync(process.execPath, [heap, ...gcnkitArgv('disasm', '--raw', f)], {
      maxBuffer: 1 << 30,
      encoding: 'latin1',
    });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines.length, words + 1);
    const last = (4 * (words - 1)).toString(16).toUpperCase().padStart(12, '0');
    assert.equal(
      lines[words - 1].replace(/ {2,}/, ' '),
      `\tv_cndmask_b32_e32 v0, s0, v0, vcc // ${last}: 00000000`,
    );
    const j = spawnCli(['disasm', '--raw', '--json', '--mcpu=gfx906', '-'], {
      input: Buffer.from([0, 0, 0x81, 0xbf, 7, 0, 0x80, 0xbf]),
    });
    assert.equal(j.status, 0, j.stderr);
    assert.deepEqual(JSON.parse(j.stdout), {
      file: '<stdin>',
      target: 'gfx906',
      raw: true,
      instructions: [
        { address: 0, bytes: '000081bf', text: 's_endpgm' },
        { address: 4, bytes: '070080bf', text: 's_nop 7' },
      ],
    });
  },
);
