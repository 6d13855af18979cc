// What a benchmark kernel is to bench/emu.ts: its code object (bench/kernels/bin/KERNEL-gfx908-O3.hsaco),
// its host C program (bench/kernels/NATIVE.c, see host.h there), and per size its launch, inputs, outputs
// and a TypeScript reference of the same computation (what --smoke and a machine without clang-22 check
// against; otherwise the native program's outputs are the reference).

import type { DeviceBuffer, KernelArg } from '../../src/runtime/types.js';

export type Data = Int32Array | Uint32Array | Float32Array | Uint16Array;

export type KernelClass = 'ALU' | 'matrix cores' | 'LDS' | 'memory/atomics';

export interface Instance {
  /** The problem size, for the table. */
  readonly size: string;
  readonly grid: readonly number[];
  readonly block: readonly number[];
  /** Uploaded in order; the native program reads them as DIR/in0.bin, in1.bin, ... */
  readonly inputs: readonly Data[];
  /**
   * What the device gets instead of `inputs`, where the kernel takes them in another type than the
   * native program (the f16 MFMA GEMM: the same small integers as f16, where the C reads f32).
   */
  readonly device?: readonly Data[];
  /** Zero-filled arrays of the outputs' types and lengths; allocated zeroed on the device. */
  readonly outputs: readonly Data[];
  /** The kernel's arguments given the device buffers of the outputs and the inputs. */
  args(out: readonly DeviceBuffer[], inp: readonly DeviceBuffer[]): KernelArg[];
  /** The native program's scalar arguments, as u32 (an f32 as its bits: f32Bits). */
  readonly scalars: readonly number[];
  /** The outputs computed in TypeScript. */
  reference(): Data[];
}

export interface BenchCase {
  readonly name: string;
  readonly cls: KernelClass;
  /** The kernel symbol and the code object's base name. */
  readonly kernel: string;
  /** The host C program's base name (several kernels may share one computation). */
  readonly native: string;
  make(smoke: boolean): Instance;
}

const bits = new Uint32Array(1);
const f32 = new Float32Array(bits.buffer);

/** The bit pattern of an f32, as host.h's arg_f32 takes it. */
export function f32Bits(x: number): number {
  f32[0] = x;
  return bits[0];
}

/** A deterministic hash of i (Knuth's multiplicative hash), the bench's source of input data. */
export function hash(i: number, seed: number): number {
  return (Math.imul(i ^ seed, 2654435761) ^ (Math.imul(i + seed, 40503) >>> 7)) >>> 0;
}

/** n small integers in [-4, 4] as f32: products and sums of up to 2^19 terms stay exact in f32. */
export function smallInts(n: number, seed: number): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => (hash(i, seed) % 9) - 4);
}

/** Scalar kernel arguments with their types (HIP metadata names no type the runtime could infer). */
export const u32 = (value: number): KernelArg => ({ value, type: 'u32' });
export const f32a = (value: number): KernelArg => ({ value, type: 'f32' });
