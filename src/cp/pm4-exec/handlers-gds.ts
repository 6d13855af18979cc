// The global data share as the command processor reaches it (seed 004 2.2.3, 2.8.2, 2.9.1, 2.9.3): the GDS
// is split into partitions, one per ring (ring 0 from byte 0, CS1 and CS2 from the indexes SET_BASE's
// GDS_PARTITION_BASES gives); ALLOC_GDS allocates the ring's current segment inside its partition,
// WRITE_GDS_RAM and EVENT_WRITE_EOS index from that segment, ATOMIC_GDS runs a DS atomic at an address
// relative to the partition. The DS opcode numbers ATOMIC_GDS takes are the DS encoding's (seed 002 /
// CLRX's DS table, gfx6-gfx8): ds_add_u32 0 ... ds_xor_b32 11, ds_write_b32 13, ds_cmpst_b32 16, and the
// returning forms at +32.

import { DONE, type ExecPacket, type Handler } from './packet.js';
import type { Pm4Queue } from './queue.js';

/** Byte range [start, end) of the queue's GDS partition. */
export function partition(q: Pm4Queue): [number, number] {
  const size = q.device.gds.length;
  const bounds = q.gdsBounds;
  const starts = [0, bounds[0] || size, bounds[1] || size];
  const i = q.options.gdsPartition ?? 0;
  return [starts[i], i < 2 ? Math.max(starts[i], starts[i + 1]) : size];
}

/** Byte offset of the current segment's GDS dword `index`, checked against the segment. */
export function segmentByte(q: Pm4Queue, p: ExecPacket, index: number, dwords: number): number {
  const [start] = partition(q);
  const seg = q.gdsSegment;
  const at = start + seg[0] + index * 4;
  if (index * 4 + dwords * 4 > seg[1])
    throw q.error(
      p.where,
      `${p.name}: GDS dwords ${index}..${index + dwords} are outside the segment of ${seg[1]} bytes (ALLOC_GDS sets it)`,
    );
  return at;
}

const allocGds: Handler = (q, _e, p) => {
  const size = p.get('segment_size');
  const [start, end] = partition(q);
  if (size > end - start)
    throw q.error(
      p.where,
      `ALLOC_GDS: a segment of ${size} bytes does not fit the ring's GDS partition of ${end - start} bytes`,
    );
  const seg = q.gdsSegment;
  let next = seg[0] + seg[1];
  if (next + size > end - start) next = 0;
  seg[0] = next;
  seg[1] = size;
  return DONE;
};

const writeGdsRam: Handler = (q, _e, p) => {
  const data = p.tail;
  const at = segmentByte(q, p, p.get('gds_index') >>> 2, data.length);
  const dv = new DataView(q.device.gds.buffer);
  for (let k = 0; k < data.length; k++) dv.setUint32(at + k * 4, data[k], true);
  return DONE;
};

/** ATOMIC_GDS's 32-bit DS operations: the new value from the old one and the two sources. */
function dsOp(op: number, old: number, a: number, b: number): number | undefined {
  const s = (v: number) => v | 0;
  switch (op) {
    case 0:
      return old + a;
    case 1:
      return old - a;
    case 2:
      return a - old;
    case 3:
      return old >>> 0 >= a >>> 0 ? 0 : old + 1;
    case 4:
      return old === 0 || old >>> 0 > a >>> 0 ? a : old - 1;
    case 5:
      return s(a) < s(old) ? a : old;
    case 6:
      return s(a) > s(old) ? a : old;
    case 7:
      return a >>> 0 < old >>> 0 ? a : old;
    case 8:
      return a >>> 0 > old >>> 0 ? a : old;
    case 9:
      return old & a;
    case 10:
      return old | a;
    case 11:
      return old ^ a;
    case 12:
      return (old & ~a) | b;
    case 13:
      return a;
    case 16:
      return old === a ? b : old;
    default:
      return undefined;
  }
}

const atomicGds: Handler = (q, _e, p) => {
  const raw = p.get('atom_op');
  const op = raw >= 32 ? raw - 32 : raw;
  const [start, end] = partition(q);
  const addr = start + p.get('atom_base') + p.get('atom_dst');
  const limit = p.get('atom_size');
  const dv = new DataView(q.device.gds.buffer);
  if (addr % 4 !== 0) throw q.error(p.where, `ATOMIC_GDS: GDS address ${addr} is not dword-aligned`);
  // Past ATOM_SIZE (or the partition) the operation is clamped away, as a DS atomic out of range.
  const inRange = addr + 4 <= end && p.get('atom_dst') + 4 <= (limit || end - start);
  const old = inRange ? dv.getUint32(addr, true) : 0;
  const v = dsOp(op, old, p.get('atom_src0'), p.get('atom_src1'));
  if (v === undefined)
    throw q.error(p.where, `ATOMIC_GDS: DS opcode ${raw} is not a 32-bit GDS atomic gcnkit models`);
  if (inRange) dv.setUint32(addr, v >>> 0, true);
  if (p.get('atom_read') === 1) {
    q.gdsAtomicReturn[0] = old;
    q.gdsAtomicReturn[1] = 0;
  }
  return DONE;
};

/** SET_BASE GDS_PARTITION_BASES: the CS1 and CS2 partitions' first bytes. */
export function setGdsBounds(q: Pm4Queue, cs1: number, cs2: number): void {
  q.gdsBounds[0] = cs1 & 0xffff;
  q.gdsBounds[1] = cs2 & 0xffff;
}

export const GDS_HANDLERS: readonly [string, Handler][] = [
  ['ALLOC_GDS', allocGds],
  ['WRITE_GDS_RAM', writeGdsRam],
  ['ATOMIC_GDS', atomicGds],
];
