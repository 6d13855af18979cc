// `gcnkit pm4`: a stream written with the builder, printed as text and as JSON (the same content),
// register writes by name with their fields; bad input is one line on stderr and a non-zero status.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { cli, oneLineError } from './helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gcnkit-pm4-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, words: Uint32Array | number[]): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(Uint32Array.from(words).buffer));
  return path;
}

const stream = new Pm4Builder('gfx9', { compute: true })
  .setShReg('COMPUTE_PGM_RSRC1', [0x002c0041, 0x0000008c])
  .setShReg('COMPUTE_USER_DATA_0', [0x1000, 0])
  .dispatchDirect(4, 1, 1)
  .waitRegMem({
    function: '==',
    mem_space: 'register',
    poll_address: 0xc040,
    reference: 1,
    mask: 0xffffffff,
    poll_interval: 4,
  })
  .releaseMem({
    event_type: 'BOTTOM_OF_PIPE_TS',
    event_index: 'EOP',
    data_sel: 'SEND_32BIT_LOW',
    address: 0x300000,
    data_lo: 7,
  })
  .nop([0xdeadbeef])
  .finish();

test('gcnkit pm4: one block per packet, enums by name, register writes by name with their fields', () => {
  const r = cli('pm4', '--mcpu=gfx908', file('s.bin', stream));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const t = r.stdout;
  assert.match(t, /^ {5}0x0 {2}0xc0027602 {2}SET_SH_REG {2}\(opcode 0x76, 4 dwords, compute\)$/m);
  assert.match(t, /^ {10}COMPUTE_PGM_RSRC1 = 0x2c0041 {2}\(VGPRS=1 SGPRS=1 FLOAT_MODE=192 DX10_CLAMP=1\)$/m);
  assert.match(t, /^ {10}COMPUTE_PGM_RSRC2 = 0x8c {2}\(USER_SGPR=6 TGID_X_EN=1\)$/m);
  assert.match(t, /^ {10}COMPUTE_USER_DATA_0 = 0x1000$/m);
  assert.match(t, /DISPATCH_DIRECT {2}\(opcode 0x15, 5 dwords, compute\)\n {10}dim_x = 4\n/);
  assert.match(t, /^ {10}function = == \(3\)$/m);
  assert.match(t, /^ {10}poll_address = SCRATCH_REG0 \(0xc040\)$/m);
  assert.match(t, /^ {10}event_type = BOTTOM_OF_PIPE_TS \(0x28\)$/m);
  assert.match(t, /^ {10}address = 0x300000$/m);
  assert.match(t, /NOP {2}\(opcode 0x10, 2 dwords, compute, engine both\)\n {10}data\[0\] {5}0xdeadbeef$/m);
  const j = cli('pm4', '--json', '--mcpu=gfx908', file('s.bin', stream));
  assert.equal(j.status, 0, j.stderr);
  const doc = JSON.parse(j.stdout);
  assert.equal(doc.generation, 'gfx9');
  assert.deepEqual(
    doc.packets.map((p: { name: string }) => p.name),
    ['SET_SH_REG', 'SET_SH_REG', 'DISPATCH_DIRECT', 'WAIT_REG_MEM', 'RELEASE_MEM', 'NOP'],
  );
  assert.deepEqual(doc.packets[0].registers[1], {
    offset: 0x2e13,
    name: 'COMPUTE_PGM_RSRC2',
    value: 0x8c,
    fields: { USER_SGPR: 6, TGID_X_EN: 1 },
  });
  assert.equal(doc.packets[3].fields.function, 3);
  assert.equal(doc.packets[3].names.function, '==');
  assert.equal(doc.packets[3].names.poll_address, 'SCRATCH_REG0');
  assert.deepEqual(doc.packets[5].data, [0xdeadbeef]);
  assert.equal(doc.error, undefined);
});

test('gcnkit pm4 --mcpu picks the generation: 0x32 is INDIRECT_BUFFER on gfx600, unknown on gfx900', () => {
  const ib = file('ib.bin', new Pm4Builder('gfx6').indirectBuffer({ ib_base: 0x1000, ib_size: 8 }).finish());
  assert.match(
    cli('pm4', '--mcpu=gfx600', ib).stdout,
    /INDIRECT_BUFFER {2}\(opcode 0x32, 4 dwords, graphics\)\n {10}swap = 0\n {10}ib_base = 0x1000\n/,
  );
  const r = cli('pm4', '--mcpu=gfx900', ib);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /UNKNOWN_0x32 .*\n {10}problem: unknown IT opcode 0x32 on gfx9\n/);
});

test('gcnkit pm4: the packets before a malformed one are printed, then a one-line error, status 1', () => {
  const bad = file('bad.bin', [...stream.slice(0, 4), 0xc0051500, 1]);
  const r = cli('pm4', bad);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /SET_SH_REG/);
  assert.match(
    r.stderr,
    /^gcnkit pm4: .*bad\.bin: PM4 packet at dword 4 \(byte 0x10\): header 0xc0051500 announces 7 dwords, only 2 left in the stream\n$/,
  );
  const j = cli('pm4', '--json', bad);
  assert.equal(j.status, 1);
  assert.equal(JSON.parse(j.stdout).error.offset, 4);
  oneLineError(cli('pm4', file('t1.bin', [0x40000000])), 1, /type-1 packet: PM4 type 1 is not supported/);
  const empty = cli('pm4', file('empty.bin', []));
  assert.deepEqual([empty.status, empty.stdout, empty.stderr], [0, '', '']);
  writeFileSync(join(dir, 'odd3.bin'), Buffer.from([1, 2, 3]));
  oneLineError(cli('pm4', join(dir, 'odd3.bin')), 1, /odd3\.bin: 3 bytes is not a whole number of dwords$/);
  oneLineError(cli('pm4', join(dir, 'missing.bin')), 1, /missing\.bin/);
  oneLineError(cli('pm4', '--mcpu=gfx1100', bad), 2, /--mcpu: unsupported processor 'gfx1100'/);
  oneLineError(cli('pm4'), 2, /missing FILE/);
});
