// The native yardstick: each kernel's plain C version (bench/kernels/NAME.c) compiled for this host with
// clang-22 -O2 (one thread; -ffp-contract=off, as the device code, though x86-64 without -march has no
// FMA to contract into), with the loop and SLP vectorisers' remarks kept to tell whether it vectorised,
// and run on the bench's inputs: its outputs are what the emulator's must equal, its time the ratio's
// denominator.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Data } from './case.js';

export const CLANG = process.env.CLANG ?? 'clang-22';
export const CFLAGS = ['-O2', '-ffp-contract=off'];

const kernels = join(import.meta.dirname, '..', 'kernels');

export interface NativeProgram {
  readonly file: string;
  /** 'loop (width 4, interleave 2)', 'SLP', 'loop, SLP', or 'no': what the vectorisers reported. */
  readonly vectorised: string;
}

export interface NativeRun {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly outputs: Data[];
}

/** Whether clang-22 runs here. */
export function haveClang(): boolean {
  return spawnSync(CLANG, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Compiles bench/kernels/NAME.c into DIR/NAME. */
export function compileNative(name: string, dir: string): NativeProgram {
  const src = join(kernels, `${name}.c`);
  const file = join(dir, name);
  mkdirSync(dir, { recursive: true });
  // One -Rpass with both passes: a second -Rpass replaces the first.
  const remarks = '-Rpass=loop-vectorize|slp-vectorizer';
  const r = spawnSync(CLANG, [...CFLAGS, remarks, src, '-o', file, '-lm'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${CLANG} failed on ${name}.c: ${r.stderr.trim().split('\n')[0]}`);
  // Only the remarks on the kernel's own function, above main(): host.h's helpers and the TIME loop
  // that main() expands are not the computation.
  const mainLine =
    readFileSync(src, 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith('int main(')) + 1;
  const mine = r.stderr.split('\n').filter((l) => {
    const m = /^(.*):(\d+):\d+: remark: /.exec(l);
    return m !== null && m[1] === src && Number(m[2]) < mainLine;
  });
  const kinds: string[] = [];
  const loop = mine.map((l) =>
    /vectorized loop \(vectorization width: (\d+), interleaved count: (\d+)\)/.exec(l),
  );
  const widths = [...new Set(loop.filter((m) => m !== null).map((m) => `width ${m[1]} x${m[2]}`))];
  if (widths.length > 0) kinds.push(`loop (${widths.join(', ')})`);
  if (mine.some((l) => l.includes('SLP vectorized'))) kinds.push('SLP');
  return { file, vectorised: kinds.length > 0 ? kinds.join(', ') : 'no' };
}

/** Runs a native program on `inputs` in DIR; returns its best wall and CPU times and its outputs. */
export function runNative(
  prog: NativeProgram,
  dir: string,
  inputs: readonly Data[],
  scalars: readonly number[],
  outputs: readonly Data[],
): NativeRun {
  mkdirSync(dir, { recursive: true });
  for (const [i, d] of inputs.entries())
    writeFileSync(join(dir, `in${i}.bin`), new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
  const r = spawnSync(prog.file, [dir, ...scalars.map(String)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native ${prog.file} failed: ${r.stderr.trim()}`);
  const got = outputs.map((d, i) => {
    const bytes = readFileSync(join(dir, `out${i}.bin`));
    if (bytes.length !== d.byteLength)
      throw new Error(`native ${prog.file} wrote ${bytes.length} bytes, not ${d.byteLength}`);
    const copy = new Uint8Array(d.byteLength);
    copy.set(bytes.subarray(0, d.byteLength));
    const ctor = d.constructor as new (b: ArrayBuffer) => Data;
    return new ctor(copy.buffer);
  });
  const [seconds, cpuSeconds] = r.stdout.trim().split(' ').map(Number);
  return { seconds, cpuSeconds, outputs: got };
}
