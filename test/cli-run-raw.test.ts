// `gcnkit run RAW-SPEC.json`: bytes placed at device addresses, a PM4 stream on a compute ring, regions
// written out (docs/run-spec.md "Raw device"); errors are one line naming the field or the packet.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseRawSpec } from '../src/cli/run-raw-spec.js';
import { SpecError } from '../src/cli/run-spec.js';
import { cliIn } from './helpers/cli.js';
import { assembleText } from './helpers/wave-asm.js';

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-raw-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const t3 = (op: number, body: number[]) => [
  ((3 << 30) | ((body.length - 1) << 16) | (op << 8)) >>> 0,
  ...body,
];
const setSh = (reg: number, ...v: number[]) => t3(0x76, [reg - 0x2c00, ...v]);
const bytes = (words: number[]) => new Uint8Array(new Uint32Array(words).buffer);

const CODE = 0x100000;
const OUT = 0x200000;
// out[tid] = tid * 3 for 128 work-items: s[0:1] = OUT (user data), v0 = thread id, TGID_X in s2.
const code = assembleText(`
  s_lshl_b32 s3, s2, 6
  v_add_u32 v1, s3, v0
  v_mul_u32_u24 v4, 3, v1
  v_lshlrev_b32 v2, 2, v1
  v_mov_b32 v3, s1
  v_add_co_u32 v2, vcc, s0, v2
  v_addc_co_u32 v3, vcc, v3, 0, vcc
  global_store_dword v[2:3], v4, off
  s_endpgm`);
const stream = [
  ...setSh(0x2e0c, CODE / 256, 0),
  ...setSh(0x2e12, 1, (2 << 1) | (1 << 7)),
  ...setSh(0x2e07, 64, 1, 1),
  ...setSh(0x2e40, OUT, 0),
  ...t3(0x15, [2, 1, 1, 1]),
];

function spec(name: string, s: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(s));
  return p;
}

writeFileSync(join(dir, 'code.bin'), code);
writeFileSync(join(dir, 'ring.bin'), bytes(stream));

const GOOD = {
  mcpu: 'gfx908',
  memory: [
    { address: '0x100000', file: 'code.bin' },
    { address: '0x200000', bytes: 4096 },
  ],
  pm4: 'ring.bin',
  outputs: [{ address: '0x200000', bytes: 512, file: 'out.bin' }],
};

test('a raw-device spec runs its PM4 stream and writes the output region', () => {
  const r = cliIn(dir, 'run', spec('good.json', GOOD));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /gfx908: 5 packets, 2 workgroups, 2 waves, 18 wave-instructions/);
  const out = new Uint32Array(new Uint8Array(readFileSync(join(dir, 'out.bin'))).buffer);
  assert.equal(out.length, 128);
  for (let i = 0; i < 128; i++) assert.equal(out[i], i * 3, `out[${i}]`);
  const j = cliIn(dir, 'run', '--json', spec('good.json', GOOD));
  assert.equal(JSON.parse(j.stdout).workgroups, 2);
});

test('spec errors name the field; stream errors name the packet and offset; deadlocks the wait', () => {
  const bad = (name: string, s: unknown, re: RegExp) => {
    const r = cliIn(dir, 'run', spec(name, s));
    assert.equal(r.status, 1, `${name}: ${r.stdout}`);
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  };
  bad(
    'addr.json',
    { ...GOOD, memory: [{ address: 4096, bytes: 4 }] },
    /memory\[0\]\.address: must be an address as a hex string/,
  );
  bad(
    'overlap.json',
    { ...GOOD, memory: [...GOOD.memory, { address: '0x100010', bytes: 4 }] },
    /memory\[2\]: .* overlaps/,
  );
  bad('mcpu.json', { ...GOOD, mcpu: 'gfx1100' }, /mcpu: must be one of/);
  writeFileSync(join(dir, 'gfx.bin'), bytes(t3(0x2d, [3, 2])));
  bad('gfx.json', { ...GOOD, pm4: 'gfx.bin' }, /ring offset 0x0: DRAW_INDEX_AUTO is a graphics packet/);
  // WAIT_REG_MEM: memory 0x200000 == 1, which nothing writes.
  writeFileSync(join(dir, 'wait.bin'), bytes(t3(0x3c, [3 | (1 << 4), OUT, 0, 1, 0xffffffff, 4])));
  bad(
    'wait.json',
    { ...GOOD, pm4: 'wait.bin' },
    /cannot make progress: PM4 queue 0 \(compute ring\) is blocked: WAIT_REG_MEM at ring offset 0x0: waits for memory 0x200000 & 0xffffffff == 0x1, last read 0x0/,
  );
  writeFileSync(join(dir, 'fault.bin'), bytes(t3(0x37, [5 << 8, 0x300000, 0, 1])));
  bad('fault.json', { ...GOOD, pm4: 'fault.bin' }, /unmapped address 0x300000/);
});

test('parseRawSpec: unknown fields and missing sizes are errors naming the field', () => {
  const fails = (s: unknown, re: RegExp) =>
    assert.throws(
      () => parseRawSpec(s),
      (e: unknown) => e instanceof SpecError && re.test(e.message),
      String(re),
    );
  fails({ ...GOOD, extra: 1 }, /^extra: unknown field/);
  fails({ ...GOOD, memory: [{ address: '0x1000' }] }, /memory\[0\]: needs a file, bytes or both/);
  fails({ ...GOOD, outputs: [{ address: '0x1000', file: 'x' }] }, /outputs\[0\]\.bytes: must be a positive/);
  fails({ ...GOOD, memory: [{ address: '0x1001', bytes: 4 }] }, /not 4-byte aligned/);
});
