// The PM4 executor on hand-encoded packets (seed 004 bit layouts): a register-started dispatch writes
// memory, WRITE_DATA and an end-of-pipe fence, a WAIT_REG_MEM that nothing releases is reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Machine } from '../src/cp/pm4-exec/machine.js';
import { Pm4Queue } from '../src/cp/pm4-exec/queue.js';
import { QueueDeadlock, runQueues } from '../src/cp/scheduler.js';
import { DeviceMemory } from '../src/emu/memory.js';
import { assembleText } from './helpers/wave-asm.js';

const t3 = (op: number, body: number[]) => [
  ((3 << 30) | ((body.length - 1) << 16) | (op << 8)) >>> 0,
  ...body,
];
// IT opcodes (Linux soc15d.h): SET_SH_REG 0x76, DISPATCH_DIRECT 0x15, WRITE_DATA 0x37, WAIT_REG_MEM 0x3c,
// RELEASE_MEM 0x49.
const setSh = (reg: number, ...v: number[]) => t3(0x76, [reg - 0x2c00, ...v]);

function machine(mem: DeviceMemory) {
  const irq: string[] = [];
  const m = new Pm4Machine(mem, 'gfx908', {
    limits: { budget: 1e6, timeout: 0, progressInterval: 1 },
    onInterrupt: (_q, p, d) => irq.push(`${p}:${d}`),
  });
  return { m, irq };
}

function queue(mem: DeviceMemory, m: Pm4Machine, words: number[]): Pm4Queue {
  const ring = mem.alloc(4096 * 4);
  mem.upload(ring, new Uint8Array(new Uint32Array(words).buffer));
  const q = new Pm4Queue(m, { label: 'PM4 queue 0', ring, ringDwords: 4096 });
  q.ringDoorbell(words.length);
  return q;
}

test('DISPATCH_DIRECT from COMPUTE_* registers: user data, TGID, thread ids; RELEASE_MEM fence and interrupt', () => {
  const mem = new DeviceMemory();
  // s[0:1] = output, s2 = added value (user data 0-2), s3 = TGID_X; v0 = thread id x.
  const code = assembleText(
    `s_lshl_b32 s4, s3, 6
     v_add_u32 v1, s4, v0
     v_lshlrev_b32 v2, 2, v1
     v_mov_b32 v3, s1
     v_add_co_u32 v2, vcc, s0, v2
     v_addc_co_u32 v3, vcc, v3, 0, vcc
     v_add_u32 v4, s2, v1
     global_store_dword v[2:3], v4, off
     s_endpgm`,
  );
  const pgm = mem.alloc(code.length + 256, 256);
  mem.upload(pgm, code);
  const out = mem.alloc(4 * 256);
  const fence = mem.alloc(64);
  const rsrc1 = 1; // VGPRS: 2 granules of 4 (5 VGPRs used)
  const rsrc2 = (3 << 1) | (1 << 7); // USER_SGPR 3, TGID_X_EN
  const words = [
    ...setSh(0x2e0c, pgm / 256, Math.floor(pgm / 256 / 2 ** 32)),
    ...setSh(0x2e12, rsrc1, rsrc2),
    ...setSh(0x2e07, 64, 1, 1),
    ...setSh(0x2e40, out % 2 ** 32, Math.floor(out / 2 ** 32), 1000),
    ...t3(0x15, [4, 1, 1, 1]),
    // RELEASE_MEM: BOTTOM_OF_PIPE_TS (40), EOP index 5; DATA_SEL 1 (32-bit), INT_SEL 2; address; data.
    ...t3(0x49, [
      40 | (5 << 8),
      (1 << 29) | (2 << 24),
      fence % 2 ** 32,
      Math.floor(fence / 2 ** 32),
      7,
      0,
      0,
    ]),
  ];
  const { m, irq } = machine(mem);
  const q = queue(mem, m, words);
  runQueues([q]);
  for (let i = 0; i < 256; i++) assert.equal(mem.read32(out + 4 * i), 1000 + i, `item ${i}`);
  assert.equal(mem.read32(fence), 7);
  assert.deepEqual(irq, ['RELEASE_MEM:7']);
  assert.equal(q.stats.workgroups, 4);
  assert.equal(q.stats.waves, 4);
});

test('WAIT_REG_MEM on memory nobody writes: a deadlock report with the packet offset and condition', () => {
  const mem = new DeviceMemory();
  const flag = mem.alloc(64);
  const { m } = machine(mem);
  // WRITE_DATA to memory (dst_sel 5) first, then wait for flag == 1 (function 3, mem_space 1).
  const words = [
    ...t3(0x37, [5 << 8, (flag + 8) % 2 ** 32, Math.floor((flag + 8) / 2 ** 32), 0xabc]),
    ...t3(0x3c, [3 | (1 << 4), flag % 2 ** 32, Math.floor(flag / 2 ** 32), 1, 0xffffffff, 4]),
  ];
  const q = queue(mem, m, words);
  assert.throws(
    () => runQueues([q]),
    (e: unknown) =>
      e instanceof QueueDeadlock &&
      e.message.includes('PM4 queue 0 is blocked: WAIT_REG_MEM at ring offset 0x14') &&
      e.message.includes('== 0x1, last read 0x0'),
  );
  assert.equal(mem.read32(flag + 8), 0xabc);
});
