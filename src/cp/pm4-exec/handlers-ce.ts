// The constant engine and its counters (seed 004 1.3, 2.3): the CE writes its constant RAM from the
// stream (WRITE_CONST_RAM) or memory (LOAD_CONST_RAM) and dumps it to memory (DUMP_CONST_RAM) ahead of
// the DE's draws/dispatches that read the dumped tables. The two engines meet through counters: the CE
// increments CE_COUNT after its work for a dispatch (INCREMENT_CE_COUNTER), the DE increments DE_COUNT after
// each dispatch (INCREMENT_DE_COUNTER); the DE waits for CE_COUNT - DE_COUNT > 0 (WAIT_ON_CE_COUNTER) and
// the CE waits for DE_COUNT >= a value (WAIT_ON_DE_COUNTER) or CE_COUNT - DE_COUNT < DIFF
// (WAIT_ON_DE_COUNTER_DIFF), so the CE never runs more than DIFF dispatches ahead.

import { BLOCKED, DONE, type ExecPacket, type Handler } from './packet.js';
import type { Pm4Queue } from './queue.js';

function ram(q: Pm4Queue, p: ExecPacket, offset: number, dwords: number): DataView {
  const r = q.ceRam;
  if (r === null) throw q.error(p.where, `${p.name} needs a constant engine`);
  if (offset % 4 !== 0 || offset + dwords * 4 > r.length)
    throw q.error(
      p.where,
      `${p.name}: constant RAM bytes ${offset}..${offset + dwords * 4} are outside its ${r.length} bytes`,
    );
  return new DataView(r.buffer);
}

const writeConstRam: Handler = (q, _e, p) => {
  const data = p.tail;
  const off = p.get('offset');
  // The ring's CE partition base (SET_BASE CE_PARTITION_BASES): ring 0's is always 0, CS1's and CS2's
  // the indexes the packet gave (seed 004 2.2.3, 2.3.9).
  const ring = q.options.gdsPartition ?? 0;
  const partition = p.name === 'WRITE_CONST_RAM_OFFSET' && ring > 0 ? q.ceBounds[ring - 1] : 0;
  const v = ram(q, p, off, data.length);
  for (let k = 0; k < data.length; k++) v.setUint32(off + k * 4, (data[k] + partition) >>> 0, true);
  return DONE;
};

const loadConstRam: Handler = (q, _e, p) => {
  const n = p.get('num_dw');
  const off = p.get('offset');
  const addr = p.get('addr');
  const v = ram(q, p, off, n);
  for (let k = 0; k < n; k++) v.setUint32(off + k * 4, q.device.mem.read32(addr + k * 4), true);
  return DONE;
};

const dumpConstRam: Handler = (q, _e, p) => {
  const n = p.get('num_dw');
  const off = p.get('offset');
  const addr = p.get('addr');
  const v = ram(q, p, off, n);
  for (let k = 0; k < n; k++) q.device.mem.write32(addr + k * 4, v.getUint32(off + k * 4, true));
  return DONE;
};

const incrementCe: Handler = (q) => {
  q.ceCounter++;
  return DONE;
};

const incrementDe: Handler = (q) => {
  q.deCounter++;
  return DONE;
};

const waitOnCe: Handler = (q, e, p) => {
  if (q.ceCounter - q.deCounter > 0) return DONE;
  e.blocked = `WAIT_ON_CE_COUNTER at ${p.where}: waits for CE_COUNT - DE_COUNT > 0 (CE ${q.ceCounter}, DE ${q.deCounter})`;
  return BLOCKED;
};

const waitOnDe: Handler = (q, e, p) => {
  const want = p.get('counter_lo') + p.get('counter_hi') * 2 ** 32;
  if (q.deCounter >= want) return DONE;
  e.blocked = `WAIT_ON_DE_COUNTER at ${p.where}: waits for DE_COUNT >= ${want} (DE ${q.deCounter})`;
  return BLOCKED;
};

const waitOnDeDiff: Handler = (q, e, p) => {
  const diff = p.get('diff');
  if (q.ceCounter - q.deCounter < diff) return DONE;
  e.blocked = `WAIT_ON_DE_COUNTER_DIFF at ${p.where}: waits for CE_COUNT - DE_COUNT < ${diff} (CE ${q.ceCounter}, DE ${q.deCounter})`;
  return BLOCKED;
};

const setCounters: Handler = (q, _e, p) => {
  const v = p.get('counter_lo') + p.get('counter_hi') * 2 ** 32;
  q.ceCounter = v;
  q.deCounter = v;
  return DONE;
};

export const CE_HANDLERS: readonly [string, Handler][] = [
  ['WRITE_CONST_RAM', writeConstRam],
  ['WRITE_CONST_RAM_OFFSET', writeConstRam],
  ['LOAD_CONST_RAM', loadConstRam],
  ['DUMP_CONST_RAM', dumpConstRam],
  ['INCREMENT_CE_COUNTER', incrementCe],
  ['INCREMENT_DE_COUNTER', incrementDe],
  ['WAIT_ON_CE_COUNTER', waitOnCe],
  ['WAIT_ON_DE_COUNTER', waitOnDe],
  ['WAIT_ON_DE_COUNTER_DIFF', waitOnDeDiff],
  ['SET_CE_DE_COUNTERS', setCounters],
];
