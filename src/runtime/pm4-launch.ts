// Module.launch with `queue: 'pm4'`: the same launch, driven as a PM4 driver drives the hardware. The
// kernel arguments, hidden arguments, printf buffer and the AQL packet the kernel's dispatch pointer
// reads are prepared as for the AQL path (Module.setup); then, instead of an AQL packet, a PM4 stream
// (src/cp/pm4-exec/driver.ts: the descriptor's registers, the firmware's user SGPRs, the scratch slots,
// DISPATCH_DIRECT and an end-of-pipe fence) goes into a compute ring, and the host waits for the fence.
// The waves start from registers, not from the descriptor, so this path checks the register path
// against the descriptor path on every kernel the AQL path runs. Dispatches run on one thread.

import { PACKET_BYTES } from '../cp/aql/layout.js';
import { writeKernelDispatch, writeQueue } from '../cp/aql/packets.js';
import { runUntil } from '../cp/aql/wait.js';
import { kernelDispatchStream, WAVESIZE_BYTES } from '../cp/pm4-exec/driver.js';
import { Pm4Machine } from '../cp/pm4-exec/machine.js';
import { Pm4Queue } from '../cp/pm4-exec/queue.js';
import { type DispatchSetup, type KernelSetup, privateBytesPerWave } from '../gpu/dispatch.js';
import { processorOf } from '../isa/processors.js';
import { LaunchError } from './errors.js';
import type { Module } from './launch.js';
import { allocateIn, QUEUE_PACKETS } from './launch-memory.js';
import type { LaunchOptions, LaunchResult } from './types.js';

/** The fence value the stream's end-of-pipe event writes. */
const FENCE_DONE = 1;

export function launchThroughPm4(mod: Module, name: string, opts: LaunchOptions): LaunchResult {
  const dev = mod.device;
  const mem = dev.mem;
  const allocs: number[] = [];
  try {
    const setup = mod.setup(name, opts, allocs);
    const k = setup.kernel;
    const p = setup.packet;
    const host = setup.host;
    if (host.trapHandler !== undefined)
      throw new LaunchError(
        'argument',
        `kernel '${k.name}': a trap handler needs the AQL queue (queue: 'aql')`,
      );
    // The HSA queue and the AQL packet the kernel's queue and dispatch pointers read, in the ring setup()
    // allocated, at the slot of the dispatch id, as the AQL path places them.
    const id = dev.nextDispatchId();
    const slot = setup.queue.ring + (id % QUEUE_PACKETS) * PACKET_BYTES;
    writeQueue(mem, {
      address: setup.queue.address,
      ring: setup.queue.ring,
      size: QUEUE_PACKETS,
      doorbell: 0,
      id,
      first: id,
    });
    writeKernelDispatch(mem, slot, { ...p, completionSignal: 0 });
    const processor = processorOf(mod.target);
    const waves = Math.ceil((p.block[0] * p.block[1] * p.block[2]) / 64);
    const waveBytes = Math.ceil(privateBytesPerWave(p.privateSegmentSize) / WAVESIZE_BYTES) * WAVESIZE_BYTES;
    const scratch =
      waveBytes > 0 ? allocateIn(dev, allocs, waveBytes * waves, `kernel '${k.name}': scratch`) : 0;
    const fence = allocateIn(dev, allocs, 8, `kernel '${k.name}': the PM4 fence`);
    const kernel: KernelSetup = {
      name: k.name,
      entry: mod.base + k.codeAddress,
      descriptor: k.descriptor,
      processor,
      privateSize: p.privateSegmentSize,
      groupSize: p.groupSegmentSize,
    };
    const dispatch: DispatchSetup = {
      grid: p.grid,
      block: p.block,
      dims: p.dims,
      kernarg: p.kernarg,
      packet: slot,
      queue: setup.queue.address,
      dispatchId: id,
      limits: host.limits,
    };
    const words = kernelDispatchStream(processor.generation, {
      kernel,
      dispatch,
      scratch: { base: scratch, waveBytes, waves },
      fence,
      fenceValue: FENCE_DONE,
    });
    let ringDwords = 64;
    while (ringDwords <= words.length) ringDwords *= 2;
    const ring = allocateIn(dev, allocs, ringDwords * 4, `kernel '${k.name}': the PM4 ring`);
    mem.upload(ring, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    const machine = new Pm4Machine(mem, mod.target, {
      limits: host.limits,
      engine: host.engine,
      messages: host.messages,
      privateBase: scratch,
      kernelName: (entry) => (entry === kernel.entry ? k.name : undefined),
    });
    const q = new Pm4Queue(machine, {
      label: `the PM4 queue of launch ${id} (kernel '${k.name}')`,
      ring,
      ringDwords,
    });
    q.ringDoorbell(words.length);
    const t0 = performance.now();
    dev.attachQueue(q);
    try {
      if (!runUntil(dev.queues, () => mem.read32(fence) === FENCE_DONE))
        throw new LaunchError('argument', `kernel '${k.name}': the PM4 stream ended without its fence`);
    } finally {
      dev.detachQueue(q);
    }
    const s = host.stats;
    s.workgroups += q.stats.workgroups;
    s.waves += q.stats.waves;
    s.waveInstructions += q.stats.waveInstructions;
    s.laneInstructions += q.stats.laneInstructions;
    return setup.result((performance.now() - t0) / 1000);
  } finally {
    for (const a of allocs) mem.free(a);
  }
}
