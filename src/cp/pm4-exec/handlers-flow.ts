// Packets that steer the stream (seed 004 2.3.3, 2.5.12, 2.7): INDIRECT_BUFFER calls (or, with gfx9's
// CHAIN bit, chains to) a buffer of packets; INDIRECT_BUFFER_CONST does the same for the constant
// engine; COND_EXEC and PRED_EXEC skip the next EXEC_COUNT dwords unless a boolean in memory is
// non-zero or this device is selected; SET_PREDICATION sets the state that packets with the header's
// PREDICATE bit obey.

import { hex } from './compare.js';
import { DONE, type Handler } from './packet.js';
import { MAX_IB_DEPTH } from './stream.js';

/** This device's id for PRED_EXEC's DEVICE_SELECT mask (ME_INITIALIZE gives a single GPU id 0). */
const DEVICE_BIT = 1;

const indirectBuffer: Handler = (q, e, p) => {
  const base = p.get('ib_base');
  const size = p.get('ib_size');
  const chain = p.has('chain') && p.get('chain') === 1;
  const depth = e.frames.length + (chain && e.frames.length > 0 ? 0 : 1);
  if (depth > MAX_IB_DEPTH)
    throw q.error(
      p.where,
      `${p.name} nests IBs ${depth} deep; the command processor has ${MAX_IB_DEPTH} levels (IB1, IB2)`,
    );
  if (p.name === 'INDIRECT_BUFFER_CONST' && e.kind !== 'CE')
    throw q.error(p.where, 'INDIRECT_BUFFER_CONST inside a drawing-engine IB');
  if (size === 0) return DONE;
  e.call = { frame: { base, size, pos: 0 }, chain };
  return DONE;
};

const condExec: Handler = (q, e, p) => {
  const addr = p.get('bool_addr');
  const v = q.device.mem.read32(addr);
  // 1 (any non-zero value) = continue into the packets; 0 = discard EXEC_COUNT dwords.
  if (v === 0) e.skip = p.get('exec_count');
  return DONE;
};

const predExec: Handler = (_q, e, p) => {
  if ((p.get('device_select') & DEVICE_BIT) === 0) e.skip = p.get('exec_count');
  return DONE;
};

/**
 * SET_PREDICATION: CLEAR turns predication off; BOOL64 (gfx9) reads a 64-bit boolean; ZPASS reads the
 * occlusion counts' begin/end pair of the one depth block gcnkit models (non-equal: visible). The
 * predication boolean says whether packets run when visible (1) or when not visible (0). PRIMCOUNT needs
 * streamout statistics, which a compute-only model does not produce.
 */
const setPredication: Handler = (q, _e, p) => {
  const op = p.get('pred_op');
  const mem = q.device.mem;
  if (op === 0) {
    q.predicate = true;
    return DONE;
  }
  const addr = p.get('start_addr');
  let visible: boolean;
  if (op === 3) visible = (mem.read32(addr) | mem.read32(addr + 4)) !== 0;
  else if (op === 1) {
    const begin = [mem.read32(addr), mem.read32(addr + 4)];
    const end = [mem.read32(addr + 8), mem.read32(addr + 12)];
    visible = begin[0] !== end[0] || begin[1] !== end[1];
  } else
    throw q.error(
      p.where,
      `SET_PREDICATION pred_op ${op} (${op === 2 ? 'PRIMCOUNT' : 'reserved'}) at ${hex(addr)} is graphics-only or reserved`,
    );
  q.predicate = p.get('predication_boolean') === 1 ? visible : !visible;
  return DONE;
};

export const FLOW_HANDLERS: readonly [string, Handler][] = [
  ['INDIRECT_BUFFER', indirectBuffer],
  ['INDIRECT_BUFFER_CONST', indirectBuffer],
  ['COND_EXEC', condExec],
  ['PRED_EXEC', predExec],
  ['SET_PREDICATION', setPredication],
];
