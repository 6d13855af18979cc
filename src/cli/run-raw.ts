// `gcnkit run SPEC.json` with a raw-device spec (run-raw-spec.ts): maps the spec's bytes at their device
// addresses, puts the PM4 stream in a compute ring and runs it through the command processor, then writes
// the output regions. Errors of the stream (malformed or unsupported packets, faults, a queue that can
// never go on) are one-line reports naming the packet's place.

import { dirname } from 'node:path';
import { Pm4Machine } from '../cp/pm4-exec/machine.js';
import { Pm4Error } from '../cp/pm4-exec/packet.js';
import { Pm4Queue } from '../cp/pm4-exec/queue.js';
import { QueueDeadlock, runQueues } from '../cp/scheduler.js';
import type { Engine } from '../emu/jit/engine.js';
import { DeviceMemory, MemoryFault, MemoryLimitError } from '../emu/memory.js';
import { DispatchError } from '../gpu/dispatch-error.js';
import { DEFAULT_BUDGET } from '../runtime/launch.js';
import { CliError, EXIT_INPUT, inputError } from './errors.js';
import { formatBytes, LIMITS, nameOf, readInput, writeOutput } from './io.js';
import { parseRawSpec, type RawSpec } from './run-raw-spec.js';
import { SpecError } from './run-spec.js';
import { SpecPaths } from './spec-paths.js';

export interface RawFlags {
  readonly json: boolean;
  readonly budget: number | undefined;
  readonly engine: Engine | undefined;
  readonly timeout: number;
  readonly memory: number;
  readonly allowOutside: boolean;
}

/** Runs a raw-device spec already parsed from JSON; returns the exit code. */
export function runRaw(specFile: string, json: unknown, f: RawFlags): number {
  const specName = nameOf(specFile);
  let spec: RawSpec;
  const paths = new SpecPaths(specFile === '-' ? '.' : dirname(specFile), f.allowOutside, {
    'spec file': specFile === '-' ? undefined : specFile,
  });
  const inputs: { address: number; bytes: number; data?: Uint8Array; field: string }[] = [];
  let stream: Uint8Array;
  const outputs: { address: number; bytes: number; path: string; field: string }[] = [];
  try {
    spec = parseRawSpec(json);
    let total = 0;
    for (const m of spec.memory) {
      const data =
        m.file === undefined
          ? undefined
          : readInput(paths.input(`${m.field}.file`, m.file), f.memory, 'a memory file');
      const bytes = m.bytes ?? data?.length ?? 0;
      if (data !== undefined && data.length > bytes)
        throw new SpecError(
          `${m.field}.bytes`,
          `${bytes} is less than the size of its file (${data.length} bytes)`,
        );
      if (bytes === 0)
        throw new SpecError(`${m.field}.file`, 'the file is empty; give "bytes" to map zeroed memory');
      total += bytes;
      inputs.push({ address: m.address, bytes, data, field: m.field });
    }
    if (total > f.memory)
      throw new SpecError(
        'memory',
        `${total} bytes, more than the device memory cap of ${formatBytes(f.memory)} (--memory=BYTES raises it)`,
      );
    stream = readInput(paths.input('pm4', spec.pm4), LIMITS.spec, 'a PM4 stream');
    if (stream.length % 4 !== 0)
      throw new SpecError('pm4', `${spec.pm4}: ${stream.length} bytes, not whole dwords`);
    for (const o of spec.outputs)
      outputs.push({
        address: o.address,
        bytes: o.bytes,
        path: paths.output(`${o.field}.file`, o.file),
        field: o.field,
      });
  } catch (e) {
    if (e instanceof SpecError) throw inputError(specName, e.message);
    throw e;
  }
  const mem = new DeviceMemory(f.memory);
  for (const m of inputs) {
    try {
      mem.mapAt(m.address, m.bytes);
    } catch (e) {
      if (e instanceof RangeError || e instanceof MemoryLimitError)
        throw inputError(specName, `${m.field}: ${e.message}`);
      throw e;
    }
    if (m.data !== undefined) mem.upload(m.address, m.data);
  }
  // The ring: the stream plus one free dword (a full ring would read as empty), a power of two.
  const dwords = stream.length / 4;
  let ringDwords = 4;
  while (ringDwords <= dwords) ringDwords *= 2;
  const ring = mem.alloc(ringDwords * 4, 4096);
  mem.upload(ring, stream);
  const interrupts: { queue: string; packet: string; data: number }[] = [];
  const machine = new Pm4Machine(mem, spec.mcpu, {
    limits: { budget: f.budget ?? DEFAULT_BUDGET, timeout: f.timeout, progressInterval: 0.5 },
    engine: f.engine,
    onInterrupt: (queue, packet, data) => interrupts.push({ queue, packet, data }),
  });
  const q = new Pm4Queue(machine, {
    label: spec.constantEngine ? 'PM4 queue 0 (graphics ring)' : 'PM4 queue 0 (compute ring)',
    ring,
    ringDwords,
    constantEngine: spec.constantEngine,
  });
  q.ringDoorbell(dwords % ringDwords);
  const t0 = performance.now();
  try {
    runQueues([q]);
  } catch (e) {
    if (
      e instanceof Pm4Error ||
      e instanceof QueueDeadlock ||
      e instanceof DispatchError ||
      e instanceof MemoryFault
    )
      throw new CliError(e.message, EXIT_INPUT, specName);
    throw e;
  }
  const seconds = (performance.now() - t0) / 1000;
  for (const o of outputs) {
    let bytes: Uint8Array;
    try {
      bytes = mem.download(o.address, o.bytes);
    } catch (e) {
      if (e instanceof MemoryFault) throw inputError(specName, `${o.field}: ${e.message}`);
      throw e;
    }
    writeOutput(o.path, bytes);
  }
  const s = q.stats;
  const summary = {
    mcpu: spec.mcpu,
    packets: q.packets,
    workgroups: s.workgroups,
    waves: s.waves,
    waveInstructions: s.waveInstructions,
    laneInstructions: s.laneInstructions,
    seconds,
    interrupts,
    outputs: outputs.map((o) => o.path),
  };
  if (f.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    process.stdout.write(
      `${specName}: ${spec.mcpu}: ${q.packets} packets, ${s.workgroups} workgroups, ${s.waves} waves, ` +
        `${s.waveInstructions} wave-instructions in ${seconds.toFixed(3)} s\n`,
    );
    for (const i of interrupts)
      process.stdout.write(`interrupt: ${i.packet} data 0x${(i.data >>> 0).toString(16)}\n`);
    for (const o of outputs)
      process.stdout.write(`wrote ${o.bytes} bytes from 0x${o.address.toString(16)} to ${o.path}\n`);
  }
  return 0;
}
