// Signals in device memory: an amd_signal_t (ROCR amd_hsa_signal.h) whose signed 64-bit value at +8 the
// packet processor and the host read and change, as hsa_signal_load/store/add/subtract do. Values are
// JavaScript numbers: a value outside the safe-integer range is refused with a clear error rather than
// rounded. Conditions are hsa_signal_condition_t's (HSA runtime specification, hsa_signal_wait_scacquire).

import type { DeviceMemory } from '../../emu/memory.js';
import { SIG, SIGNAL_BYTES, type SignalCondition, SignalKind } from './layout.js';

/** An unsigned 64-bit field as a number (addresses, packet indices: all below 2^53 in gcnkit). */
export function readU64(mem: DeviceMemory, addr: number): number {
  return mem.read32(addr) + mem.read32(addr + 4) * 2 ** 32;
}

/** Writes a non-negative safe integer as an unsigned 64-bit field. */
export function writeU64(mem: DeviceMemory, addr: number, v: number): void {
  mem.write64(addr, v >>> 0, Math.floor(v / 2 ** 32) >>> 0);
}

function hex(a: number): string {
  return `0x${a.toString(16)}`;
}

/** The value of the signal at `addr` (a signed 64-bit integer that must be a safe integer). */
export function signalValue(mem: DeviceMemory, addr: number): number {
  const lo = mem.read32(addr + SIG.value);
  const hi = mem.readI32(addr + SIG.value + 4);
  const v = hi * 2 ** 32 + lo;
  if (!Number.isSafeInteger(v))
    throw new RangeError(
      `signal ${hex(addr)}: value 0x${(hi >>> 0).toString(16)}${lo.toString(16).padStart(8, '0')} is outside the safe-integer range the host API handles`,
    );
  return v;
}

/** Sets the value of the signal at `addr`; a change notifies its event mailbox, as the packet processor does. */
export function setSignalValue(mem: DeviceMemory, addr: number, v: number): void {
  if (!Number.isSafeInteger(v)) throw new RangeError(`signal ${hex(addr)}: value ${v} is not a safe integer`);
  mem.write64(addr + SIG.value, v >>> 0, Math.floor(v / 2 ** 32) >>> 0);
  // ROCR: a signal with an event mailbox gets its event_id written there (and an interrupt raised) when
  // the packet processor changes it; the host is synchronous, so the mailbox write is the whole effect.
  const mailbox = readU64(mem, addr + SIG.eventMailboxPtr);
  if (mailbox !== 0) writeU64(mem, mailbox, mem.read32(addr + SIG.eventId));
}

/** Writes a new amd_signal_t of kind USER with `value` at `addr` (SIGNAL_BYTES, 64-byte aligned). */
export function initSignal(mem: DeviceMemory, addr: number, value: number): void {
  mem.fill(addr, SIGNAL_BYTES, 0);
  mem.write64(addr + SIG.kind, SignalKind.USER, 0);
  setSignalValue(mem, addr, value);
}

/**
 * Checks that `addr` holds a signal the packet processor can use (64-byte aligned, mapped, kind USER);
 * returns why not, or undefined.
 */
export function signalProblem(mem: DeviceMemory, addr: number): string | undefined {
  if (addr % SIGNAL_BYTES !== 0) return `signal ${hex(addr)} is not 64-byte aligned (amd_signal_t)`;
  if (mem.regionOf(addr, SIGNAL_BYTES) === null) return `signal ${hex(addr)} is not in mapped device memory`;
  const kind = mem.readI32(addr + SIG.kind + 4) * 2 ** 32 + mem.read32(addr + SIG.kind);
  if (kind !== SignalKind.USER) return `signal ${hex(addr)} has amd_signal_kind ${kind}, not USER (1)`;
  return undefined;
}

/** hsa_signal_condition_t: whether `value` satisfies `cond` against `ref`. */
export function conditionHolds(cond: SignalCondition, value: number, ref: number): boolean {
  switch (cond) {
    case 'eq':
      return value === ref;
    case 'ne':
      return value !== ref;
    case 'lt':
      return value < ref;
    case 'gte':
      return value >= ref;
  }
}

/** The condition as an operator, for messages. */
export const CONDITION_TEXT: Record<SignalCondition, string> = { eq: '==', ne: '!=', lt: '<', gte: '>=' };
