// Device printf: the formatter against the host C library's printf (recorded by
// scripts/build-printf-fixtures.sh), the printf buffer decoder on hand-built buffers, and kernels from
// test/fixtures/printf (OpenCL C, HIP buffered and hostcall printf) run through Device and `gcnkit run`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Device } from '../src/runtime/device.js';
import { decodePrintfBuffer, newPrintfBuffer, PrintfTable } from '../src/runtime/printf.js';
import { formatPrintf } from '../src/runtime/printf-format.js';
import { gcnkitArgv } from './helpers/cli.js';
import { caseBytes, formatCases } from './helpers/printf-cases.js';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'test', 'fixtures', 'printf');
const hsaco = (name: string, o: string) => readFileSync(join(fixtures, `${name}-gfx908-${o}.hsaco`));
const dir = mkdtempSync(join(tmpdir(), 'gcnkit-printf-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** An argument source over a fixed list of byte arrays. */
function args(...list: Uint8Array[]) {
  let k = 0;
  return () => list[k++];
}
const i32 = (v: number) => new Uint8Array(new Int32Array([v]).buffer);
const f32 = (v: number) => new Uint8Array(new Float32Array([v]).buffer);
const f64 = (v: number) => new Uint8Array(new Float64Array([v]).buffer);

test('printf formatter: every case matches the host C library (format-ref.json)', () => {
  const ref = JSON.parse(readFileSync(join(fixtures, 'format-ref.json'), 'utf8')) as string[];
  const cases = formatCases();
  assert.equal(ref.length, cases.length, 'format-ref.json is stale: run scripts/build-printf-fixtures.sh');
  assert.ok(cases.length > 1500);
  const bad: string[] = [];
  for (const [i, c] of cases.entries()) {
    const got = formatPrintf(c.fmt, args(caseBytes(c.arg)));
    // glibc prints %#g of 999999.5 as "1.e+06": it keeps the fraction digits of the unrounded style; C (and
    // this formatter) keep P-1 digits after rounding to an exponent: "1.00000e+06".
    const want = c.fmt === '%#g' && ref[i] === '1.e+06' ? '1.00000e+06' : ref[i];
    if (got !== want)
      bad.push(`${c.fmt} ${JSON.stringify(c.arg)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  }
  assert.deepEqual(bad, []);
});

test('printf formatter: vectors, *, %%, missing arguments and unknown conversions', () => {
  const v4 = new Uint8Array(new Float32Array([1, -2.5, 0.125, 3]).buffer);
  assert.equal(formatPrintf('%v4hlf\n', args(v4)), '1.000000,-2.500000,0.125000,3.000000\n');
  assert.equal(formatPrintf('%5.1v4hlf', args(v4)), '  1.0, -2.5,  0.1,  3.0');
  const v3 = new Uint8Array(new Int16Array([-1, 2, 300, 0]).buffer);
  assert.equal(formatPrintf('<%v3hd>', args(v3)), '<-1,2,300>');
  assert.equal(formatPrintf('%#v2hhx', args(new Uint8Array([255, 0]))), '0xff,0');
  assert.equal(
    formatPrintf('[%*d|%-*.*f]', args(i32(5), i32(42), i32(8), i32(2), f64(Math.PI))),
    '[   42|3.14    ]',
  );
  assert.equal(formatPrintf('100%% %d %d', args(i32(1))), '100% 1 %d');
  assert.equal(formatPrintf('%y %5', args()), '%y %5');
  assert.equal(formatPrintf('%f %e', args(f32(0.1), f32(-0))), '0.100000 -0.000000e+00');
});

/** An OpenCL printf buffer holding `records` (u32 words each) after the header. */
function openclBuffer(records: number[][], size = 256): Uint8Array {
  const b = newPrintfBuffer(size);
  const dv = new DataView(b.buffer);
  let at = 8;
  for (const r of records) {
    for (const w of r) {
      dv.setUint32(at, w, true);
      at += 4;
    }
  }
  dv.setUint32(0, at - 8, true);
  return b;
}
const OPENCL = new PrintfTable(['1:1:4:one %d\\n', '2:2:4:8:two\\72 %c %s\\n', '3:0:three\\n']);

test('printf buffer: OpenCL records are formatted in buffer order, with their ids and sizes', () => {
  const hi = new DataView(new ArrayBuffer(8));
  hi.setUint8(0, 104);
  hi.setUint8(1, 105);
  const out = decodePrintfBuffer(
    openclBuffer([[3], [1, 7], [2, 65, hi.getUint32(0, true), 0], [1, -5 >>> 0], [3]]),
    OPENCL,
  );
  assert.equal(out.text, 'three\none 7\ntwo: A hi\none -5\nthree\n');
  assert.deepEqual(out.notes, []);
});

test('printf buffer: bad ids, truncated records and bad headers are one-line notes, never exceptions', () => {
  const bad = decodePrintfBuffer(
    openclBuffer([
      [1, 1],
      [9, 0],
    ]),
    OPENCL,
  );
  assert.equal(bad.text, 'one 1\n');
  assert.deepEqual(bad.notes, ['printf: record at buffer offset 16: unknown printf id 9']);
  const cut = openclBuffer([[3], [2, 65]]);
  const trunc = decodePrintfBuffer(cut, OPENCL);
  assert.equal(trunc.text, 'three\n');
  assert.match(trunc.notes[0], /offset 12: printf id 2 needs 16 bytes, 8 left \(truncated\)$/);
  const header = newPrintfBuffer(64);
  new DataView(header.buffer).setUint32(0, 1000, true);
  const h = decodePrintfBuffer(header, OPENCL);
  assert.match(h.notes[0], /header says 1000 bytes used, the buffer holds 56/);
  for (const n of [...bad.notes, ...trunc.notes, ...h.notes]) assert.ok(!n.includes('\n'));
  // Random bytes: whatever they hold, the decoder returns.
  const noise = new Uint8Array(512);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  new DataView(noise.buffer).setUint32(0, 400, true);
  new DataView(noise.buffer).setUint32(4, 512, true);
  assert.doesNotThrow(() => decodePrintfBuffer(noise, OPENCL));
  assert.doesNotThrow(() => decodePrintfBuffer(noise, new PrintfTable(['0:0:1,x %s %d %f'])));
});

test('printf buffer: HIP buffered records (control dword, format hash, 8-byte arguments, inline strings)', () => {
  const table = new PrintfTable(['0:0:b428dd6bdb6e0228,hip %d %f %s!\n']);
  const b = newPrintfBuffer(256);
  const dv = new DataView(b.buffer);
  let at = 8;
  const rec = (hash: bigint | undefined, body: (p: number) => number) => {
    const start = at;
    const end = body(start + (hash !== undefined ? 12 : 4));
    dv.setUint32(start, ((end - start) << 2) | (hash !== undefined ? 2 : 0), true);
    if (hash !== undefined) dv.setBigUint64(start + 4, hash, true);
    at = end;
  };
  rec(0xb428dd6bdb6e0228n, (p) => {
    dv.setBigUint64(p, 0xfffffffdn, true); // -3 zero-extended
    dv.setFloat64(p + 8, 0.5, true);
    b.set(Buffer.from('str\0'), p + 16);
    return p + 24;
  });
  rec(undefined, (p) => {
    b.set(Buffer.from('dyn %c%c\0'), p); // a non-constant format, inline
    dv.setBigUint64(p + 16, 79n, true);
    dv.setBigUint64(p + 24, 75n, true);
    return p + 32;
  });
  rec(0x1234n, (p) => p + 8); // an unknown hash: the record is skipped by its size
  rec(0xb428dd6bdb6e0228n, (p) => p + 8); // too short for its arguments
  dv.setUint32(0, at - 8, true);
  const out = decodePrintfBuffer(b, table);
  assert.equal(out.text, 'hip -3 0.500000 str!\ndyn OK');
  assert.deepEqual(out.notes, [
    'printf: record at buffer offset 80: unknown format hash 1234',
    `printf: record at buffer offset 100: arguments of '"hip %d %f %s!\\n"' run past the record's 20 bytes`,
  ]);
});

const BASIC_ARGS = (dev: Device) => [
  dev.alloc(64),
  { value: 42, type: 'i32' as const },
  { value: 3.25, type: 'f32' as const },
  { value: Math.PI, type: 'f64' as const },
  { value: -1234567890123n, type: 'i64' as const },
];
const BASIC_OUT = [
  'int 42 -42    42|42   |00042 +42  42',
  'unsigned 42 2a 2A 52 0x2a 052',
  'neg 4294967254 ffffffd6',
  'long -1234567890123 18446742839141661493 fffffee08e04fb35',
  'short -3 -7 65535',
  'char abc|  z|',
  'float 3.250000 3.25 3.250000e+00 3.250E+00 3.25 3.25 0x1.ap+1',
  'double 3.1415926536 3.1415926535897931 3.141593e+00 0x1.921fb54442d18p+1',
  'width      3.250|3.250     |000003.250|+3.2',
  'special inf -inf INF 0.000000e+00',
  'string hello|     right|abc   |tr||',
  'vector 1.500000,-2.000000,0.250000,100.000000|-1,7|1,2,3|0xff,0x10',
  'vec 0.500000,1.000000,2.000000,4.000000 -5,5 1,2,3,250',
  'colon: a:b::c %d % done',
  'tab\there\x07',
  'no newline',
  '',
].join('\n');

for (const o of ['O0', 'O3']) {
  test(`OpenCL printf (${o}): scalars, vectors, strings and escapes through Device`, () => {
    const dev = new Device();
    const r = dev.load(hsaco('basic', o)).launch('basic', { grid: [64], block: [64], args: BASIC_ARGS(dev) });
    assert.equal(r.printf, BASIC_OUT);
    assert.equal(r.printfNotes, undefined);
  });

  test(`OpenCL printf (${o}): 300 work-items in 3 workgroups (the last partial), 5 waves`, () => {
    const dev = new Device();
    const counter = dev.upload(new Uint32Array(1));
    const r = dev.load(hsaco('waves', o)).launch('waves', { grid: [300], block: [128], args: [counter] });
    assert.equal(r.waves, 5);
    const lines = r.printf.split('\n');
    assert.equal(lines.pop(), '');
    const seen = new Set<number>();
    const tickets = new Set<number>();
    const lastLane = new Map<number, number>();
    for (const line of lines) {
      const m = /^ticket (\d+) gid (\d+) lid (\d+) group (\d+)$/.exec(line);
      assert.ok(m, line);
      const [t, gid, lid, grp] = m.slice(1).map(Number);
      assert.equal(gid, grp * 128 + lid);
      assert.ok(!seen.has(gid), `gid ${gid} twice`);
      seen.add(gid);
      tickets.add(t);
      // Within a wave the lanes allocate in lane order (the lowest active lane wins each compare-and-swap).
      const wave = grp * 2 + Math.floor(lid / 64);
      assert.ok((lastLane.get(wave) ?? -1) < lid % 64, `wave ${wave} lane ${lid % 64} out of order`);
      lastLane.set(wave, lid % 64);
    }
    assert.equal(seen.size, 300);
    assert.equal(tickets.size, 300);
    assert.equal(Math.max(...tickets), 299);
  });

  test(`OpenCL printf (${o}): a full buffer drops records as the runtime does; a bad record is a note`, () => {
    const dev = new Device();
    const mod = dev.load(hsaco('overflow', o));
    // Each "record %d\n" takes 8 bytes: 7 fit in 8 + 60 bytes.
    const r = mod.launch('many', {
      grid: [1],
      block: [1],
      args: [{ value: 20, type: 'i32' }],
      printfBufferSize: 68,
    });
    assert.equal(r.printf, [0, 1, 2, 3, 4, 5, 6].map((i) => `record ${i}\n`).join(''));
    assert.deepEqual(r.printfNotes, [
      'printf: buffer full (56 of 60 bytes used): any record that did not fit was dropped, as the runtime drops it',
    ]);
    const all = mod.launch('many', { grid: [1], block: [1], args: [{ value: 20, type: 'i32' }] });
    assert.equal(all.printf.split('\n').length, 21);
    assert.equal(all.printfNotes, undefined);
    const c = mod.launch('corrupt', { grid: [1], block: [1], args: [{ value: 77, type: 'i32' }] });
    assert.equal(c.printf, 'before\n');
    assert.deepEqual(c.printfNotes, ['printf: record at buffer offset 12: unknown printf id 77']);
  });

  test(`HIP buffered printf (${o}): -mprintf-kind=buffered records through Device`, () => {
    const dev = new Device();
    const s = dev.upload(new Uint8Array([...Buffer.from('dyn:string'), 0]));
    const r = dev.load(hsaco('hip-basic', o)).launch('hbasic', {
      grid: [2],
      block: [2],
      args: [
        dev.alloc(64),
        { value: 7, type: 'i32' },
        { value: -0.75, type: 'f32' },
        { value: 12345.678, type: 'f64' },
        s,
      ],
    });
    const hip = (i: number) => `hip ${i}: n=7 f=-0.750000 d=1.235e+04 s=dyn:string lit=literal\n`;
    const head = r.printf.slice(0, hip(0).length + hip(1).length);
    assert.ok(head === hip(0) + hip(1), head);
    assert.equal(
      r.printf.slice(head.length),
      'ints 4294967289 7 7000000000 -7 44 Q|     7|7   |\n' +
        'floats 12345.7 -0.75 1E-10 0x1p+0 12345.6780|-7.5e-01|\n' +
        'ptr (nil) |dyn|%\n',
    );
  });

  test(`HIP hostcall printf (${o}) is not modelled: the null hostcall buffer faults with a note`, () => {
    const dev = new Device();
    const mod = dev.load(hsaco('hostcall', o));
    assert.throws(
      () => mod.launch('hostcall', { grid: [1], block: [1], args: [{ value: 5, type: 'i32' }] }),
      /unmapped address 0x[0-9a-f]+ .*hostcall buffer, which is not modelled \(null\): HIP printf needs -mprintf-kind=buffered/,
    );
  });
}

function gcnkit(args: string[]) {
  return spawnSync(process.execPath, gcnkitArgv(...args), {
    encoding: 'utf8',
    cwd: root,
  });
}
function spec(name: string, s: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(s));
  return join(dir, name);
}

test('gcnkit run: printf output on stdout before the summary, and "printf" in --json', () => {
  const s = spec('basic.json', {
    kernel: 'basic',
    grid: [64],
    block: [64],
    args: [
      { buffer: { bytes: 64 } },
      { value: 42, type: 'i32' },
      { value: 3.25, type: 'f32' },
      { value: Math.PI, type: 'f64' },
      { value: '-1234567890123', type: 'i64' },
    ],
  });
  const co = join(fixtures, 'basic-gfx908-O3.hsaco');
  const r = gcnkit(['run', co, s]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.ok(r.stdout.startsWith(BASIC_OUT), r.stdout);
  const rest = r.stdout.slice(BASIC_OUT.length).split('\n');
  assert.equal(rest[0], 'kernel basic: grid 64, block 64, 1 workgroups, 1 waves');
  assert.match(rest[1], /^\d+ wave-instructions, \d+ lane-instructions, [\d.]+ ms$/);
  const j = gcnkit(['run', co, s, '--json']);
  assert.equal(j.status, 0, j.stderr);
  const o = JSON.parse(j.stdout);
  assert.equal(o.printf, BASIC_OUT);
  assert.equal(o.kernel, 'basic');
});

test('gcnkit run: a malformed printf record is a one-line note on stderr; hostcall printf is an error', () => {
  const co = join(fixtures, 'overflow-gfx908-O3.hsaco');
  const r = gcnkit([
    'run',
    co,
    spec('corrupt.json', { kernel: 'corrupt', grid: [1], args: [{ value: 77, type: 'i32' }] }),
  ]);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.startsWith('before\nkernel corrupt:'), r.stdout);
  assert.equal(
    r.stderr,
    `gcnkit run: ${join(dir, 'corrupt.json')}: printf: record at buffer offset 12: unknown printf id 77\n`,
  );
  const h = gcnkit([
    'run',
    join(fixtures, 'hostcall-gfx908-O3.hsaco'),
    spec('hostcall.json', { kernel: 'hostcall', grid: [1], args: [{ value: 5, type: 'i32' }] }),
  ]);
  assert.equal(h.status, 1);
  assert.equal(h.stdout, '');
  assert.match(
    h.stderr,
    /^gcnkit run: .*hostcall\.json: kernel 'hostcall' .*hostcall buffer, which is not modelled.*\n$/,
  );
});
