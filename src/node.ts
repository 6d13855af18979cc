// gcnkit/node: the library plus the few helpers that need a file system. The only library module that
// imports node:*; everything else runs in browsers as well.
import { readFileSync } from 'node:fs';
import { type AssembleOptions, type AssembleOutput, assemble } from './api/assemble.js';
import { applyJitEnv } from './cli/jit-env.js';
import { useWorkerThreads } from './cli/worker-threads.js';
import type { Device, Module } from './runtime/device.js';

export { startWorkerThreads, useWorkerThreads } from './cli/worker-threads.js';
export * from './index.js';

// In Node, dispatches split their workgroups between worker threads (LaunchOptions.workers), and
// GCNKIT_JIT_COMPILE_AFTER sets the translating engine's tiering (docs/design.md).
useWorkerThreads();
applyJitEnv();

/**
 * Reads a source file as the assembler takes it: one char per byte (latin1), so any bytes round-trip.
 * Pass it as `assemble`'s `readFile` option to let `.include` read from disk.
 */
export function readSourceFile(path: string): string {
  return readFileSync(path, 'latin1');
}

/** Assembles a file from disk; its `.include`s are read relative to it. */
export function assembleFile(
  path: string,
  options: Omit<AssembleOptions, 'fileName' | 'readFile'>,
): AssembleOutput {
  return assemble(readSourceFile(path), { ...options, fileName: path, readFile: readSourceFile });
}

/** A file's bytes as a Uint8Array (a code object, a buffer's contents). */
export function readBytes(path: string): Uint8Array {
  const b = readFileSync(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** Loads a code object file (e.g. a .hsaco from clang or `gcnkit asm -o`) into a device. */
export function loadCodeObjectFile(device: Device, path: string): Module {
  return device.load(readBytes(path), path);
}
