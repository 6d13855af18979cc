// Synchronisation packets (seed 004 2.8.3-2.8.6, 2.8.10, 2.8.11; gfx8+ RELEASE_MEM, gfx7+ ACQUIRE_MEM).
// gcnkit's dispatches run to completion inside DISPATCH_DIRECT, so when an event packet is reached every
// earlier dispatch's work is done and visible: partial flushes and cache actions have nothing left to
// wait for, and an end-of-pipe or end-of-shader event's fence write and interrupt happen at once.
// WAIT_REG_MEM and MEM_SEMAPHORE's wait leave the engine at the packet until their condition holds.

import { FUNCTION_TEXT, hex, passes } from './compare.js';
import { segmentByte } from './handlers-gds.js';
import { BLOCKED, DONE, type ExecPacket, type Handler, type Step } from './packet.js';
import type { Engine, Pm4Queue } from './queue.js';

const waitRegMem: Handler = (q, e, p) => {
  const op = p.has('operation') ? p.get('operation') : 0;
  if (op === 1)
    throw q.error(p.where, 'WAIT_REG_MEM operation WR_WAIT_WR_REG (a VM flush handshake) is not modelled');
  const space = p.get('mem_space');
  if (space > 1) throw q.error(p.where, `WAIT_REG_MEM mem_space ${space} is reserved`);
  const fn = p.get('function');
  const poll = p.get('poll_address');
  const addr = space === 1 ? poll - (poll % 4) : poll & 0xffff;
  const value = space === 1 ? q.device.mem.read32(addr) : q.readReg(addr);
  const mask = p.get('mask');
  const ref = p.get('reference');
  const ok = passes(fn, value, mask, ref);
  if (ok === undefined) throw q.error(p.where, 'WAIT_REG_MEM function 7 is reserved');
  if (ok) return DONE;
  const what = space === 1 ? `memory ${hex(addr)}` : `register 0x${addr.toString(16)}`;
  e.blocked =
    `WAIT_REG_MEM at ${p.where}: waits for ${what} & ${hex(mask)} ${FUNCTION_TEXT[fn]} ${hex(ref)}, ` +
    `last read ${hex(value)}`;
  return BLOCKED;
};

/** MEM_SEMAPHORE: a 64-bit count; a signal increments it (or writes 1), a wait takes one when non-zero. */
const memSemaphore: Handler = (q, e, p) => {
  const addr = p.get('address');
  const mem = q.device.mem;
  const lo = mem.read32(addr);
  const hi = mem.read32(addr + 4);
  const sel = p.get('sem_sel');
  if (sel === 6) {
    if (p.get('signal_type') === 1) mem.write64(addr, 1, 0);
    else if (lo === 0xffffffff) mem.write64(addr, 0, (hi + 1) >>> 0);
    else mem.write64(addr, lo + 1, hi);
    return DONE;
  }
  if (sel !== 7) throw q.error(p.where, `MEM_SEMAPHORE sem_sel ${sel} is neither SIGNAL (6) nor WAIT (7)`);
  if (lo === 0 && hi === 0) {
    e.blocked = `MEM_SEMAPHORE at ${p.where}: waits for the semaphore at ${hex(addr)} to be signalled (its count is 0)`;
    return BLOCKED;
  }
  if (lo === 0) mem.write64(addr, 0xffffffff, hi - 1);
  else mem.write64(addr, lo - 1, hi);
  return DONE;
};

/** EVENT_WRITE's event index classes: which events only a graphics pipeline produces data for. */
const SAMPLE_INDEX: Readonly<Record<number, string>> = {
  1: 'ZPASS_DONE',
  2: 'SAMPLE_PIPELINESTAT',
  3: 'SAMPLE_STREAMOUTSTAT',
};

const eventWrite: Handler = (q, _e, p) => {
  const index = p.get('event_index');
  const sample = SAMPLE_INDEX[index];
  if (sample !== undefined)
    throw q.error(
      p.where,
      `EVENT_WRITE ${sample} writes graphics pipeline statistics, which a compute-only model does not have`,
    );
  if (index === 5 || index === 6)
    throw q.error(
      p.where,
      `EVENT_WRITE with event_index ${index} (${index === 5 ? 'EOP' : 'EOS'}): use EVENT_WRITE_${index === 5 ? 'EOP' : 'EOS'}`,
    );
  return DONE;
};

/** The end-of-pipe data write and interrupt of EVENT_WRITE_EOP and RELEASE_MEM. */
function endOfPipe(q: Pm4Queue, p: ExecPacket): Step {
  const sel = p.get('data_sel');
  const addr = p.get('address');
  const mem = q.device.mem;
  const lo = p.get('data_lo');
  const hi = p.get('data_hi');
  let data = lo;
  switch (sel) {
    case 0:
      break;
    case 1:
      mem.write32(addr, lo);
      break;
    case 2:
    case 3: {
      if (addr % 8 !== 0)
        throw q.error(p.where, `${p.name}: a 64-bit write to ${hex(addr)}, not 8-byte aligned`);
      if (sel === 2) mem.write64(addr, lo, hi);
      else {
        const c = q.device.clock();
        data = c % 2 ** 32;
        mem.write64(addr, data, Math.floor(c / 2 ** 32));
      }
      break;
    }
    case 4:
      if (p.name === 'RELEASE_MEM') {
        const c = q.device.clock();
        mem.write64(addr, c % 2 ** 32, Math.floor(c / 2 ** 32));
        break;
      }
      throw q.error(
        p.where,
        `${p.name}: data_sel 4 (CP_PERFCOUNTER) needs performance counters, which are not modelled`,
      );
    default:
      throw q.error(p.where, `${p.name}: data_sel ${sel} is not a data source gcnkit models`);
  }
  const int = p.get('int_sel');
  if (int === 1 || int === 2) q.device.interrupt(q, p.name, data);
  else if (int !== 0 && int !== 3) throw q.error(p.where, `${p.name}: int_sel ${int} is reserved`);
  return DONE;
}

const eventWriteEop: Handler = (q, _e, p) => endOfPipe(q, p);
const releaseMem: Handler = (q, _e, p) => endOfPipe(q, p);

const eventWriteEos: Handler = (q, _e, p) => {
  const cmd = p.get('cmd');
  const addr = p.get('address');
  const mem = q.device.mem;
  if (cmd === 2) {
    mem.write32(addr, p.get('data'));
    return DONE;
  }
  if (cmd !== 1) throw q.error(p.where, `EVENT_WRITE_EOS cmd ${cmd} is reserved`);
  const index = p.get('gds_index');
  const size = p.get('size');
  if (size === 0)
    throw q.error(
      p.where,
      'EVENT_WRITE_EOS: STORE_GDS_DATA_TO_MEMORY with size 0 is not supported (seed 004 2.8.5)',
    );
  const at = segmentByte(q, p, index, size);
  const dv = new DataView(q.device.gds.buffer);
  for (let k = 0; k < size; k++) mem.write32(addr + k * 4, dv.getUint32(at + k * 4, true));
  return DONE;
};

/** Cache coherence actions: the emulator has no caches, so every write is already visible. */
const coherence: Handler = (_q: Pm4Queue, _e: Engine, _p: ExecPacket) => DONE;

export const SYNC_HANDLERS: readonly [string, Handler][] = [
  ['WAIT_REG_MEM', waitRegMem],
  ['MEM_SEMAPHORE', memSemaphore],
  ['EVENT_WRITE', eventWrite],
  ['EVENT_WRITE_EOP', eventWriteEop],
  ['RELEASE_MEM', releaseMem],
  ['EVENT_WRITE_EOS', eventWriteEos],
  ['SURFACE_SYNC', coherence],
  ['ACQUIRE_MEM', coherence],
];
