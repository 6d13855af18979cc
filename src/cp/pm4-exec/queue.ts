// A PM4 queue: a ring in device memory that a driver fills with packets and whose write pointer it
// bumps through a doorbell, executed by the drawing engine (DE) and, on a queue that has one, the
// constant engine (CE). Both engines walk the same ring: the DE runs every packet but the CE's
// INDIRECT_BUFFER_CONST, the CE runs only those (and packets both engines take), so the CE's constant-RAM
// work and the DE's dispatches proceed side by side, synchronised by the CE/DE counters.
// Each engine keeps its own position in the ring and its own stack of indirect buffers. A packet that
// must wait (WAIT_REG_MEM, MEM_SEMAPHORE, WAIT_ON_*_COUNTER) leaves its engine at that packet; the
// scheduler (../scheduler.ts) retries it after the other queues' turns and reports it if nothing can
// ever release it.

import { type DeviceMemory, MemoryFault } from '../../emu/memory.js';
import type { DispatchStats } from '../../gpu/dispatch.js';
import type { Generation, Processor } from '../../isa/processors.js';
import type { Target } from '../../isa/targets.js';
import { packetDwords } from '../pm4/header.js';
import type { Programs } from '../program-at.js';
import { type SchedQueue, Turn } from '../scheduler.js';
import { engineOfName, execDecoder } from './exec-decode.js';
import { HANDLERS } from './handlers.js';
import type { RegisterDispatchSetup } from './handlers-dispatch.js';
import { BLOCKED, DONE, type ExecPacket, Pm4Error, type Step } from './packet.js';
import { type IbFrame, PacketWords, where } from './stream.js';

/** The device side a PM4 queue runs on. */
export interface Pm4Device {
  readonly mem: DeviceMemory;
  readonly processor: Processor;
  readonly target: Target;
  readonly generation: Generation;
  readonly programs: Programs;
  /** The global data share, which ALLOC_GDS, WRITE_GDS_RAM, ATOMIC_GDS and EOS reach. */
  readonly gds: Uint8Array;
  /** Runs one dispatch that DISPATCH_DIRECT/INDIRECT started (the runtime's limits and engine apply). */
  runDispatch(q: Pm4Queue, d: RegisterDispatchSetup): void;
  /** An interrupt a fence packet raised (INT_SEL), delivered to the host. */
  interrupt(q: Pm4Queue, packet: string, data: number): void;
  /** The GPU clock counter EOP/RELEASE_MEM timestamps write. */
  clock(): number;
}

export type EngineKind = 'DE' | 'CE';

export class Engine {
  /** The engine's position in the ring, in dwords. */
  ringPos = 0;
  readonly frames: IbFrame[] = [];
  /** What the engine waits for, when its last turn ended blocked. */
  blocked = '';
  /** Dwords to skip after the current packet (COND_EXEC, PRED_EXEC). */
  skip = 0;
  /** An IB the current packet calls (or chains to, replacing the current IB) once it is done. */
  call: { frame: IbFrame; chain: boolean } | null = null;
  constructor(readonly kind: EngineKind) {}
}

export interface Pm4QueueOptions {
  readonly label: string;
  /** Device address of the ring. */
  readonly ring: number;
  /** Dwords in the ring: a power of two. */
  readonly ringDwords: number;
  /** Where the CP writes its read pointer back (dwords), if anywhere. */
  readonly rptrReport?: number;
  /** Whether the queue has a constant engine (the graphics ring does; compute rings do not). */
  readonly constantEngine?: boolean;
  /** Which GDS and CE RAM partition the ring uses: 0 (ring 0: graphics/CS0), 1 (CS1) or 2 (CS2). */
  readonly gdsPartition?: 0 | 1 | 2;
}

/** Bytes of the constant engine's RAM. */
export const CE_RAM_BYTES = 32768;

export class Pm4Queue implements SchedQueue {
  readonly label: string;
  /** The register file of the queue's pipe, by dword offset (type-0 offsets; SET_*_REG add their base). */
  readonly regs = new Uint32Array(0x10000);
  readonly de = new Engine('DE');
  readonly ce: Engine | null;
  readonly ceRam: Uint8Array | null;
  ceCounter = 0;
  deCounter = 0;
  /** The predication state SET_PREDICATION sets; packets with the header's PREDICATE bit run only while true. */
  predicate = true;
  /** CP_ATOMIC_PREOP_LO/HI: the pre-op value of the last ATOMIC/ATOMIC_MEM. */
  readonly atomicPreop = new Uint32Array(2);
  /** The GDS atomic return registers (ATOMIC_GDS's read data 0 and 1, low and high). */
  readonly gdsAtomicReturn = new Uint32Array(4);
  /** GDS partition bounds (CS1, CS2 first bytes; 0 = not set) and the current segment [start, size]. */
  readonly gdsBounds = new Uint32Array(2);
  readonly gdsSegment = new Uint32Array(2);
  /** SET_BASE CE_PARTITION_BASES: the CS1 and CS2 partitions' first bytes of CE RAM. */
  readonly ceBounds = new Uint32Array(2);
  /** SET_BASE's bases by BASE_INDEX. */
  readonly bases = new Map<number, number>();
  readonly stats: DispatchStats = { workgroups: 0, waves: 0, waveInstructions: 0, laneInstructions: 0 };
  /** Packets executed, by either engine. */
  packets = 0;
  private wptr = 0;
  private readonly words = new PacketWords();
  private readonly decode: (words: Uint32Array, n: number, where: string) => ExecPacket;
  private readonly engineOf: (name: string) => 'DE' | 'CE' | 'both';

  constructor(
    readonly device: Pm4Device,
    readonly options: Pm4QueueOptions,
  ) {
    const n = options.ringDwords;
    if (!Number.isSafeInteger(n) || n < 4 || (n & (n - 1)) !== 0)
      throw new Pm4Error(`${options.label}: the ring size ${n} dwords is not a power of two of at least 4`);
    this.label = options.label;
    this.decode = execDecoder(device.generation, options.label);
    this.engineOf = engineOfName(device.generation);
    this.ce = options.constantEngine ? new Engine('CE') : null;
    this.ceRam = options.constantEngine ? new Uint8Array(CE_RAM_BYTES) : null;
  }

  /** A register write by a packet (SET_*_REG, type-0, WRITE_DATA/COPY_DATA to a register). */
  writeReg(offset: number, value: number): void {
    this.regs[offset] = value;
  }

  /** A register read by a packet (WAIT_REG_MEM, COPY_DATA, COND_WRITE from a register). */
  readReg(offset: number): number {
    return this.regs[offset & 0xffff];
  }

  /** The write pointer, in dwords from the ring's start. */
  get writePointer(): number {
    return this.wptr;
  }

  /** The read pointer (the DE's position; with a CE, the engine further behind). */
  get readPointer(): number {
    const ce = this.ce;
    if (ce === null) return this.de.ringPos;
    const n = this.options.ringDwords;
    const de = (this.de.ringPos - this.wptr) & (n - 1);
    const c = (ce.ringPos - this.wptr) & (n - 1);
    // The engine with fewer dwords left before the write pointer is ahead.
    return de === 0 ? ce.ringPos : c === 0 ? this.de.ringPos : de < c ? ce.ringPos : this.de.ringPos;
  }

  /** Whether both engines have run every packet up to the write pointer (and returned from their IBs). */
  get idle(): boolean {
    if (this.failure !== undefined) return false;
    const done = (e: Engine) => e.ringPos === this.wptr && e.frames.length === 0;
    return done(this.de) && (this.ce === null || done(this.ce));
  }

  /** The doorbell: the driver wrote packets up to `wptr` (dwords, below the ring size). */
  ringDoorbell(wptr: number): void {
    if (!Number.isInteger(wptr) || wptr < 0 || wptr >= this.options.ringDwords)
      throw new Pm4Error(
        `${this.label}: write pointer ${wptr} is outside the ring of ${this.options.ringDwords} dwords`,
      );
    this.wptr = wptr;
  }

  /**
   * The error that stopped the queue: after a packet failed (malformed, a fault, a dispatch's error) the
   * queue runs nothing more, as hardware's CP halts on a bad packet, and reports idle.
   */
  failure: Error | undefined;

  turn(budget: number): Turn {
    if (this.failure !== undefined) return Turn.Idle;
    try {
      let t = this.engineTurn(this.de, budget);
      if (this.ce !== null) {
        const c = this.engineTurn(this.ce, budget);
        if (c === Turn.Progress || t === Turn.Progress) t = Turn.Progress;
        else if (c === Turn.Blocked) t = Turn.Blocked;
      }
      return t;
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error(String(err));
      throw err;
    }
  }

  blockedOn(): string {
    const parts: string[] = [];
    for (const e of [this.de, this.ce])
      if (e !== null && e.blocked !== '')
        parts.push(this.ce === null ? e.blocked : `${e.kind}: ${e.blocked}`);
    return parts.join('; ');
  }

  private engineTurn(e: Engine, budget: number): Turn {
    let done = 0;
    while (done < budget) {
      const s = this.step(e);
      if (s === Turn.Progress) {
        done++;
        continue;
      }
      return done > 0 ? Turn.Progress : s;
    }
    return Turn.Progress;
  }

  /** Runs the engine's next packet. */
  private step(e: Engine): Turn {
    const mem = this.device.mem;
    const frames = e.frames;
    while (frames.length > 0 && frames[frames.length - 1].pos >= frames[frames.length - 1].size) frames.pop();
    const frame = frames.length > 0 ? frames[frames.length - 1] : undefined;
    const ringDwords = this.options.ringDwords;
    if (frame === undefined && e.ringPos === this.wptr) {
      e.blocked = '';
      return Turn.Idle;
    }
    const at = where(frames, e.ringPos);
    const header =
      frame === undefined
        ? mem.read32(this.options.ring + e.ringPos * 4)
        : mem.read32(frame.base + frame.pos * 4);
    const type = header >>> 30;
    if (type === 1) throw this.error(at, `0x${hex(header)} is a type-1 header, which PM4 does not support`);
    const n = packetDwords(header, this.device.generation);
    const avail = frame === undefined ? (this.wptr - e.ringPos) & (ringDwords - 1) : frame.size - frame.pos;
    if (n > avail)
      throw this.error(
        at,
        `the packet (header 0x${hex(header)}) is ${n} dwords, but only ${avail} are left before ${frame === undefined ? 'the write pointer' : 'the end of the IB'}`,
      );
    const w = this.words;
    if (frame === undefined) w.fromRing(mem, this.options.ring, ringDwords, e.ringPos, n);
    else w.fromMemory(mem, frame.base + frame.pos * 4, n);
    let step: Step = DONE;
    if (type === 3 || type === 0) {
      const p = this.decode(w.words, n, at);
      if (this.runs(e, p, frame !== undefined)) {
        if (p.predicate && !this.predicate) {
          // Skipped: predicated off (SET_PREDICATION).
        } else {
          const h = HANDLERS.get(p.name);
          if (h === undefined)
            throw this.error(at, `${p.name} is not executed by gcnkit's command processor`);
          e.skip = 0;
          e.call = null;
          try {
            step = h(this, e, p);
          } catch (err) {
            // A packet's own memory access (an address field pointing nowhere): name the packet.
            if (err instanceof MemoryFault) throw this.error(at, `${p.name}: ${err.message}`);
            throw err;
          }
          this.packets++;
        }
      }
    }
    if (step === BLOCKED) return Turn.Blocked;
    e.blocked = '';
    const advance = n + e.skip;
    e.skip = 0;
    if (frame === undefined) {
      e.ringPos = (e.ringPos + advance) & (ringDwords - 1);
      if (this.options.rptrReport !== undefined) mem.write32(this.options.rptrReport, this.readPointer);
    } else frame.pos = Math.min(frame.pos + advance, frame.size);
    const call = e.call;
    if (call !== null) {
      e.call = null;
      if (call.chain && frames.length > 0) frames[frames.length - 1] = call.frame;
      else frames.push(call.frame);
    }
    return Turn.Progress;
  }

  /**
   * Whether engine `e` runs packet `p` where it stands: on the ring the DE leaves the CE's indirect
   * buffers to the CE and the CE runs nothing else but the packets both engines take.
   */
  private runs(e: Engine, p: ExecPacket, inIb: boolean): boolean {
    const engine = this.engineOf(p.name);
    if (e.kind === 'DE') {
      if (p.name === 'INDIRECT_BUFFER_CONST') {
        if (this.ce === null)
          throw this.error(
            p.where,
            `INDIRECT_BUFFER_CONST needs a constant engine, which ${this.label} does not have`,
          );
        return false;
      }
      if (engine === 'CE')
        throw this.error(
          p.where,
          `${p.name} is a constant-engine packet; it runs only in an INDIRECT_BUFFER_CONST`,
        );
      return true;
    }
    if (!inIb) return p.name === 'INDIRECT_BUFFER_CONST' || engine === 'both';
    if (engine === 'DE')
      throw this.error(
        p.where,
        `${p.name} is a drawing-engine packet; it cannot run in the constant engine's IB`,
      );
    return true;
  }

  /** An error naming the queue, the packet's place and the problem. */
  error(at: string, problem: string): Pm4Error {
    return new Pm4Error(`${this.label}: ${at}: ${problem}`);
  }
}

function hex(v: number): string {
  return (v >>> 0).toString(16).padStart(8, '0');
}
