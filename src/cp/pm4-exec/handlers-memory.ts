// Packets that move data (seed 004 2.7.2, 2.8.1, 2.9.2-2.9.4; gfx7+ DMA_DATA): WRITE_DATA writes its data
// words to registers, memory or GDS; COPY_DATA copies one or two dwords between registers, memory, GDS,
// immediate data, the atomic return registers and the GPU clock; ATOMIC / ATOMIC_MEM run a TC atomic
// (a compare-swap loop waits, like WAIT_REG_MEM, until it succeeds); COND_WRITE writes when a polled
// value passes a compare; DMA_DATA copies or fills a byte range.

import { type AtomicOp, atomicOp, runAtomic } from './atomic-op.js';
import { hex, passes } from './compare.js';
import { BLOCKED, DONE, type ExecPacket, type Handler } from './packet.js';
import type { Pm4Queue } from './queue.js';

/** DST_SEL / SRC_SEL values (seed 004 2.9.2, 2.9.4; gfx9 MEC headers). */
const REG = 0;
const MEMORY_SYNC = 1;
const TC_L2 = 2;
const GDS = 3;
const PERFCOUNTERS = 4;
const MEMORY = 5;
const MEM_MAPPED_REG_DC = 6;
const IMMEDIATE = 5;
const ATOMIC_RETURN = 6;
const GDS_ATOMIC_RETURN0 = 7;
const GDS_ATOMIC_RETURN1 = 8;
const GPU_CLOCK = 9;

function aligned(q: Pm4Queue, p: ExecPacket, addr: number, what: string): number {
  if (addr % 4 !== 0) throw q.error(p.where, `${p.name}: ${what} ${hex(addr)} is not dword-aligned`);
  return addr;
}

function gdsIndex(q: Pm4Queue, p: ExecPacket, byte: number, n: number): number {
  if (byte % 4 !== 0 || byte + n * 4 > q.device.gds.length)
    throw q.error(
      p.where,
      `${p.name}: GDS bytes ${byte}..${byte + n * 4} are outside the ${q.device.gds.length}-byte GDS`,
    );
  return byte;
}

/** Writes `v` to destination `sel` at dword `k` from `addr` (registers count in dwords, the rest in bytes). */
function put(q: Pm4Queue, p: ExecPacket, sel: number, addr: number, k: number, v: number): void {
  switch (sel) {
    case REG:
    case MEM_MAPPED_REG_DC:
      q.writeReg((addr & 0x3ffff) + k, v);
      return;
    case MEMORY_SYNC:
    case TC_L2:
    case MEMORY:
      q.device.mem.write32(aligned(q, p, addr, 'destination') + k * 4, v);
      return;
    case GDS:
      new DataView(q.device.gds.buffer).setUint32(gdsIndex(q, p, (addr & 0xffff) + k * 4, 1), v, true);
      return;
    case PERFCOUNTERS:
      throw q.error(p.where, `${p.name}: performance counters are not modelled`);
    default:
      throw q.error(p.where, `${p.name}: dst_sel ${sel} is reserved`);
  }
}

const writeData: Handler = (q, _e, p) => {
  const sel = p.get('dst_sel');
  const addr = p.get('dst_addr');
  const one = p.get('wr_one_addr') === 1;
  const data = p.tail;
  for (let k = 0; k < data.length; k++) put(q, p, sel, addr, one ? 0 : k, data[k]);
  return DONE;
};

const copyData: Handler = (q, _e, p) => {
  const src = p.get('src_sel');
  const dst = p.get('dst_sel');
  const n = p.get('count_sel') === 1 ? 2 : 1;
  const sa = p.get('src_addr');
  const mem = q.device.mem;
  const gds = new DataView(q.device.gds.buffer);
  for (let k = 0; k < n; k++) {
    let v: number;
    switch (src) {
      case REG:
        v = q.readReg((sa & 0x3ffff) + k);
        break;
      case MEMORY_SYNC:
      case TC_L2:
        v = mem.read32(aligned(q, p, sa, 'source') + k * 4);
        break;
      case GDS:
        v = gds.getUint32(gdsIndex(q, p, (sa & 0xffff) + k * 4, 1), true);
        break;
      case IMMEDIATE:
        // The immediate data is the source address dwords themselves.
        v = k === 0 ? sa % 2 ** 32 : Math.floor(sa / 2 ** 32);
        break;
      case ATOMIC_RETURN:
        v = q.atomicPreop[k];
        break;
      case GDS_ATOMIC_RETURN0:
      case GDS_ATOMIC_RETURN1:
        v = q.gdsAtomicReturn[(src - GDS_ATOMIC_RETURN0) * 2 + k];
        break;
      case GPU_CLOCK: {
        const c = q.device.clock();
        v = k === 0 ? c % 2 ** 32 : Math.floor(c / 2 ** 32);
        break;
      }
      case PERFCOUNTERS:
        throw q.error(p.where, `${p.name}: performance counters are not modelled`);
      default:
        throw q.error(p.where, `${p.name}: src_sel ${src} is reserved`);
    }
    put(q, p, dst, p.get('dst_addr'), k, v >>> 0);
  }
  return DONE;
};

function bigOf(lo: number, hi: number, wide: boolean): bigint {
  return wide ? (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0) : BigInt(lo >>> 0);
}

const atomic: Handler = (q, e, p) => {
  const op = p.get('op');
  const a: AtomicOp | undefined = atomicOp(op);
  if (a === undefined) throw q.error(p.where, `${p.name}: op ${hex(op)} is not a TC atomic operation`);
  const addr = p.get('addr');
  if (addr % (a.wide ? 8 : 4) !== 0)
    throw q.error(p.where, `${p.name}: address ${hex(addr)} is not ${a.wide ? 8 : 4}-byte aligned`);
  const src = bigOf(p.get('src_data_lo'), p.get('src_data_hi'), a.wide);
  const cmp = bigOf(p.get('cmp_data_lo'), p.get('cmp_data_hi'), a.wide);
  const loop = p.get('cmd') === 1;
  if (loop && a.name !== 'cmpswap' && a.name !== 'fcmpswap')
    throw q.error(p.where, `${p.name}: only compare-swap atomics can loop (op ${a.name})`);
  const old = runAtomic(q.device.mem, a, addr, src, cmp);
  q.atomicPreop[0] = Number(old & 0xffffffffn);
  q.atomicPreop[1] = Number(old >> 32n);
  if (loop && old !== cmp) {
    e.blocked = `${p.name} at ${p.where}: a compare-swap loop on ${hex(addr)} waits for the value 0x${cmp.toString(16)}, last read 0x${old.toString(16)}`;
    return BLOCKED;
  }
  return DONE;
};

const condWrite: Handler = (q, _e, p) => {
  const polled =
    p.get('poll_space') === 1
      ? q.device.mem.read32(
          aligned(q, p, p.get('poll_address') - (p.get('poll_address') % 4), 'poll address'),
        )
      : q.readReg(p.get('poll_address') & 0xffff);
  const ok = passes(p.get('function'), polled, p.get('mask'), p.get('reference'));
  if (ok === undefined) throw q.error(p.where, 'COND_WRITE: function 7 is reserved');
  if (!ok) return DONE;
  const wa = p.get('write_address');
  if (p.get('write_space') === 1) q.device.mem.write32(wa - (wa % 4), p.get('write_data'));
  else q.writeReg(wa & 0xffff, p.get('write_data'));
  return DONE;
};

/** DMA_DATA: SRC_SEL 0/3 address, 1 GDS, 2 the data dword; DST_SEL 0/3 address, 1 GDS; SAS/DAS = register space. */
const dmaData: Handler = (q, _e, p) => {
  const n = p.get('byte_count');
  const src = p.get('src_sel');
  const dst = p.get('dst_sel');
  if (n % 4 !== 0) throw q.error(p.where, `DMA_DATA: byte_count ${n} is not a multiple of 4`);
  if (dst === 2) throw q.error(p.where, 'DMA_DATA: dst_sel 2 is reserved');
  const sa = p.get('src_addr');
  const da = p.get('dst_addr');
  const sInc = p.get('saic') === 0;
  const dInc = p.get('daic') === 0;
  const sReg = p.get('sas') === 1;
  const dReg = p.get('das') === 1;
  const mem = q.device.mem;
  const gds = new DataView(q.device.gds.buffer);
  for (let k = 0; k < n / 4; k++) {
    let v: number;
    const si = sInc ? k : 0;
    if (src === 2) v = sa % 2 ** 32;
    else if (src === 1) v = gds.getUint32(gdsIndex(q, p, (sa & 0xffff) + si * 4, 1), true);
    else if (sReg) v = q.readReg((sa >>> 2) + si);
    else v = mem.read32(aligned(q, p, sa, 'source') + si * 4);
    const di = dInc ? k : 0;
    if (dst === 1) gds.setUint32(gdsIndex(q, p, (da & 0xffff) + di * 4, 1), v, true);
    else if (dReg) q.writeReg((da >>> 2) + di, v);
    else mem.write32(aligned(q, p, da, 'destination') + di * 4, v);
  }
  return DONE;
};

export const MEMORY_HANDLERS: readonly [string, Handler][] = [
  ['WRITE_DATA', writeData],
  ['COPY_DATA', copyData],
  ['ATOMIC', atomic],
  ['ATOMIC_MEM', atomic],
  ['COND_WRITE', condWrite],
  ['DMA_DATA', dmaData],
];
