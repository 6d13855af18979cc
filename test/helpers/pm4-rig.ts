// A device for the PM4 executor tests: device memory, a machine for one processor, rings filled from
// Pm4Builder streams, indirect buffers placed in memory, interrupts recorded.
import type { Pm4Builder } from '../../src/cp/pm4/builder.js';
import { Pm4Machine } from '../../src/cp/pm4-exec/machine.js';
import { Pm4Queue, type Pm4QueueOptions } from '../../src/cp/pm4-exec/queue.js';
import { DeviceMemory } from '../../src/emu/memory.js';
import type { Target } from '../../src/isa/targets.js';

export class Rig {
  readonly mem = new DeviceMemory();
  readonly irq: string[] = [];
  readonly m: Pm4Machine;
  private queues = 0;

  constructor(readonly target: Target = 'gfx908') {
    this.m = new Pm4Machine(this.mem, target, {
      limits: { budget: 1e6, timeout: 0, progressInterval: 1 },
      onInterrupt: (q, p, d) => this.irq.push(`${q}:${p}:${d}`),
    });
  }

  /** Zeroed device memory: `bytes`, 256-byte aligned. */
  buffer(bytes = 256): number {
    return this.mem.alloc(bytes);
  }

  /** A stream placed in memory (an indirect buffer): its address and its size in dwords. */
  place(b: Pm4Builder | Uint32Array): { ib_base: number; ib_size: number } {
    const words = b instanceof Uint32Array ? b : b.finish();
    const at = this.mem.alloc(Math.max(words.length * 4, 4));
    this.mem.upload(at, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    return { ib_base: at, ib_size: words.length };
  }

  /** A queue whose ring holds the stream, its write pointer past it. */
  queue(b: Pm4Builder | Uint32Array, opts: Partial<Pm4QueueOptions> = {}): Pm4Queue {
    const words = b instanceof Uint32Array ? b : b.finish();
    const ringDwords = opts.ringDwords ?? 1024;
    const ring = this.mem.alloc(ringDwords * 4);
    this.mem.upload(ring, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const q = new Pm4Queue(this.m, { label: `queue ${this.queues++}`, ring, ringDwords, ...opts });
    q.ringDoorbell(words.length);
    return q;
  }

  words(addr: number, n: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < n; k++) out.push(this.mem.read32(addr + 4 * k));
    return out;
  }
}
