// An AQL queue's packet processor (HSA System Architecture and runtime specifications, "Architected
// Queuing Language"): the queue is an amd_queue_t in device memory whose packet ring, doorbell signal and
// read/write dispatch ids it reads on every turn, so whatever the host (or a kernel) wrote there is what
// runs. A packet is published when the doorbell signal's value has reached its index and its header's type
// is no longer INVALID; once processed, its header is set back to INVALID and the read index advanced,
// then its completion signal (if any) is decremented.
//
// The scheduler runs one packet at a time to completion (there is no host running concurrently), so two
// orderings of the specification hold by construction and are recorded rather than enforced: a packet
// with the barrier bit waits for every earlier packet to complete (they all have when it is reached),
// and the acquire/release fence scopes order memory around the packet (every write of a finished packet
// is visible to every later one: one memory, no caches). The scopes are still validated and counted.

import { type DeviceMemory, MemoryFault } from '../../emu/memory.js';
import { type SchedQueue, Turn } from '../scheduler.js';
import {
  type CodeLookup,
  defaultHostDispatch,
  type HostDispatch,
  PacketProblem,
  runKernelDispatch,
} from './kernel-dispatch.js';
import {
  BARRIER,
  DEP_SIGNALS,
  DISPATCH,
  HEADER_ACQUIRE_FENCE_SCOPE,
  HEADER_RELEASE_FENCE_SCOPE,
  PACKET_BYTES,
  PacketType,
  packetTypeName,
  Q,
} from './layout.js';
import { readU64, setSignalValue, signalProblem, signalValue, writeU64 } from './signal.js';

/** A packet the queue cannot process: names the queue and the packet index. */
export class AqlError extends Error {
  override readonly name = 'AqlError';
}

function hex(a: number): string {
  return `0x${a.toString(16)}`;
}

/** Per fence scope (none, agent, system): how many packets asked for it. */
export interface FenceCounts {
  readonly acquire: [number, number, number];
  readonly release: [number, number, number];
}

export class AqlQueue implements SchedQueue {
  readonly label: string;
  /** What the host said about the packets it wrote, by packet index (the side table). */
  readonly host = new Map<number, HostDispatch>();
  readonly fences: FenceCounts = { acquire: [0, 0, 0], release: [0, 0, 0] };
  /** Packets processed. */
  processed = 0;
  /** Set when a packet failed: the queue is in the error state and processes nothing more. */
  error: Error | undefined;
  /**
   * Called with each processed packet's index and the seconds it ran (before its completion signal is
   * decremented).
   */
  onProcessed: ((index: number, seconds: number) => void) | undefined;
  private waiting = '';

  /**
   * @param address the amd_queue_t in device memory (its fields already written)
   * @param name how reports name the queue, e.g. "AQL queue 1"
   */
  constructor(
    private readonly mem: DeviceMemory,
    private readonly code: CodeLookup,
    readonly address: number,
    name: string,
  ) {
    this.label = `${name} (amd_queue_t at ${hex(address)})`;
  }

  get ring(): number {
    return readU64(this.mem, this.address + Q.baseAddress);
  }
  get size(): number {
    return this.mem.read32(this.address + Q.size);
  }
  get doorbell(): number {
    return readU64(this.mem, this.address + Q.doorbellSignal);
  }
  get readIndex(): number {
    return readU64(this.mem, this.address + Q.readDispatchId);
  }
  get writeIndex(): number {
    return readU64(this.mem, this.address + Q.writeDispatchId);
  }
  /** The ring slot of packet `index`. */
  slot(index: number): number {
    return this.ring + (index % this.size) * PACKET_BYTES;
  }

  turn(budget: number): Turn {
    if (this.error !== undefined) return Turn.Idle;
    let n = 0;
    try {
      while (n < budget) {
        const t = this.step();
        if (t !== Turn.Progress) return n > 0 ? Turn.Progress : t;
        n++;
      }
    } catch (e) {
      // A ring, queue or signal outside mapped memory (a dispatch's own faults arrive as DispatchErrors).
      const err = e instanceof MemoryFault ? new AqlError(`${this.label}: ${e.message}`) : (e as Error);
      this.error = err;
      throw err;
    }
    return Turn.Progress;
  }

  blockedOn(): string {
    return this.waiting;
  }

  /** Processes the packet at the read index, if it is published and can run now. */
  private step(): Turn {
    const mem = this.mem;
    const index = this.readIndex;
    // The host stores the index of the last packet it published into the doorbell signal (HSA: the
    // doorbell is rung with the packet id); a doorbell below the read index has nothing new.
    const rung = signalValue(mem, this.doorbell);
    if (rung < index) return Turn.Idle;
    const size = this.size;
    if (rung - index >= size)
      throw this.problem(
        index,
        `the doorbell says packet ${rung} is published, more than the ring's ${size} packets past the read index`,
      );
    const slot = this.slot(index);
    const header = mem.read16(slot);
    const type = header & 0xff;
    if (type === PacketType.INVALID) {
      this.waiting = `packet ${index} is INVALID (not yet published) though the doorbell was rung for packet ${rung}`;
      return Turn.Blocked;
    }
    if (header >> 13 !== 0) throw this.problem(index, `header ${hex(header)}: reserved bits 13-15 are not 0`);
    const acquire = (header >> HEADER_ACQUIRE_FENCE_SCOPE) & 3;
    const release = (header >> HEADER_RELEASE_FENCE_SCOPE) & 3;
    if (acquire === 3 || release === 3)
      throw this.problem(
        index,
        `header ${hex(header)}: fence scope 3 is not an hsa_fence_scope_t (0 none, 1 agent, 2 system)`,
      );
    // The barrier bit (HEADER_BARRIER) needs every earlier packet completed: they have (see the top).
    let completion: number;
    const t0 = performance.now();
    switch (type) {
      case PacketType.KERNEL_DISPATCH: {
        completion = this.signalField(index, slot + DISPATCH.completionSignal);
        const host = this.host.get(index) ?? defaultHostDispatch();
        try {
          runKernelDispatch(mem, this.code, this.address, slot, index, host);
        } catch (e) {
          if (e instanceof PacketProblem) throw this.problem(index, `KERNEL_DISPATCH: ${e.message}`);
          throw e;
        }
        break;
      }
      case PacketType.BARRIER_AND:
      case PacketType.BARRIER_OR: {
        completion = this.signalField(index, slot + BARRIER.completionSignal);
        const waits = this.barrierWaits(index, slot, type === PacketType.BARRIER_AND);
        if (waits !== '') {
          this.waiting = waits;
          return Turn.Blocked;
        }
        break;
      }
      default:
        throw this.problem(
          index,
          `${packetTypeName(type)} packets are not processed by gcnkit's packet processor (KERNEL_DISPATCH, BARRIER_AND and BARRIER_OR are)`,
        );
    }
    this.fences.acquire[acquire]++;
    this.fences.release[release]++;
    // Consumed: the slot back to INVALID for the producer to reuse, then the read index.
    mem.write16(slot, PacketType.INVALID);
    writeU64(mem, this.address + Q.readDispatchId, index + 1);
    this.host.delete(index);
    this.processed++;
    this.onProcessed?.(index, (performance.now() - t0) / 1000);
    if (completion !== 0) setSignalValue(mem, completion, signalValue(mem, completion) - 1);
    this.waiting = '';
    return Turn.Progress;
  }

  /**
   * Why a barrier packet cannot complete yet ('' when it can): BARRIER_AND waits until every non-null
   * dependent signal is 0, BARRIER_OR until one of them is (hsa.h).
   */
  private barrierWaits(index: number, slot: number, all: boolean): string {
    const unmet: string[] = [];
    let any = false;
    for (let i = 0; i < DEP_SIGNALS; i++) {
      const dep = this.signalField(index, slot + BARRIER.depSignal + 8 * i);
      if (dep === 0) continue;
      any = true;
      const v = signalValue(this.mem, dep);
      if (v === 0) {
        if (!all) return '';
      } else unmet.push(`signal ${hex(dep)} (value ${v}, needs 0)`);
    }
    // A BARRIER_OR whose handles are all null could never be satisfied by a signal: gcnkit lets it pass.
    if (unmet.length === 0 || !any) return '';
    const what = all ? 'BARRIER_AND' : 'BARRIER_OR';
    const list = unmet.join(all ? ' and ' : ' or ');
    return `${what} at packet ${index} waits for ${all || unmet.length === 1 ? '' : 'any of '}${list}`;
  }

  /** A signal handle from the packet: 0 or a usable signal. */
  private signalField(index: number, at: number): number {
    const s = readU64(this.mem, at);
    if (s === 0) return 0;
    const why = signalProblem(this.mem, s);
    if (why !== undefined) throw this.problem(index, why);
    return s;
  }

  private problem(index: number, what: string): AqlError {
    return new AqlError(`${this.label} packet ${index}: ${what}`);
  }
}
