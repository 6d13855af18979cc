// Register state packets (seed 004 2.2, 2.4): SET_*_REG and type-0 packets write the queue's register file;
// LOAD_*_REG read register values from memory; CLEAR_STATE resets the context registers; the packets
// that only configure engines gcnkit does not model separately (CONTEXT_CONTROL's shadowing,
// ME_INITIALIZE, PREAMBLE_CNTL, PFP_SYNC_ME: the prefetch parser and micro engine are one here, so they are
// always in sync) are checked and recorded in the register file where they carry state.

import { setGdsBounds } from './handlers-gds.js';
import { DONE, type ExecPacket, type Handler } from './packet.js';
import type { Engine, Pm4Queue } from './queue.js';

/** Writes the tail's values to consecutive registers from the packet's register base. */
export function writeRegs(q: Pm4Queue, p: ExecPacket, base: number): void {
  const data = p.tail;
  if (base + data.length > q.regs.length)
    throw q.error(
      p.where,
      `${p.name} writes registers up to 0x${(base + data.length - 1).toString(16)}, past 0xffff`,
    );
  for (let k = 0; k < data.length; k++) q.writeReg(base + k, data[k]);
}

const setReg: Handler = (q, _e, p) => {
  writeRegs(q, p, p.regBase);
  return DONE;
};

/** LOAD_*_REG: (register offset, dword count) pairs in the tail, the values consecutive in memory. */
function loadReg(space: number): Handler {
  return (q, _e, p) => {
    const base = p.get('base_addr');
    const pairs = p.tail;
    if (pairs.length % 2 !== 0)
      throw q.error(p.where, `${p.name}: the register ranges come in (offset, count) pairs`);
    let addr = base;
    for (let k = 0; k < pairs.length; k += 2) {
      const off = space + (pairs[k] & 0xffff);
      const n = pairs[k + 1] & 0x3fff;
      for (let r = 0; r < n; r++) {
        q.writeReg(off + r, q.device.mem.read32(addr));
        addr += 4;
      }
    }
    return DONE;
  };
}

/** The context registers (graphics state) CLEAR_STATE returns to zero: dword offsets 0xa000-0xafff. */
const clearState: Handler = (q) => {
  q.regs.fill(0, 0xa000, 0xb000);
  return DONE;
};

const accept: Handler = () => DONE;

/** SET_BASE: a base address by index (the GDS/CE partitions, the indirect dispatch/draw tables). */
const setBase: Handler = (q, _e: Engine, p) => {
  const index = p.get('base_index');
  const a0 = p.get('address0');
  const a1 = p.get('address1');
  if (index === 2) setGdsBounds(q, a0, a1);
  else if (index === 3) {
    q.ceBounds[0] = a0 & 0xffff;
    q.ceBounds[1] = a1 & 0xffff;
  } else if (index <= 1) q.bases.set(index, a0 - (a0 % 8) + a1 * 2 ** 32);
  else throw q.error(p.where, `SET_BASE base_index ${index} is reserved`);
  return DONE;
};

export const STATE_HANDLERS: readonly [string, Handler][] = [
  ['TYPE0', setReg],
  ['SET_CONFIG_REG', setReg],
  ['SET_SH_REG', setReg],
  ['SET_SH_REG_INDEX', setReg],
  ['SET_UCONFIG_REG', setReg],
  ['SET_UCONFIG_REG_INDEX', setReg],
  ['LOAD_SH_REG', loadReg(0x2c00)],
  ['LOAD_CONFIG_REG', loadReg(0x2000)],
  ['CLEAR_STATE', clearState],
  ['SET_BASE', setBase],
  ['NOP', accept],
  ['CONTEXT_CONTROL', accept],
  ['ME_INITIALIZE', accept],
  ['PREAMBLE_CNTL', accept],
  ['PFP_SYNC_ME', accept],
];
