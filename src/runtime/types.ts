// The host API's public shapes: what a caller passes to Module.launch and gets back. Kept apart from the
// implementation so that tools (the CLI, the conformance suite, a browser playground) depend on a small,
// stable surface.

export type { Engine } from '../emu/jit/engine.js';
export type { DispatchErrorKind, WaveState } from '../gpu/dispatch-error.js';
export type { DispatchProgress as LaunchProgress } from '../gpu/watchdog.js';

import type { Engine } from '../emu/jit/engine.js';
import type { DispatchProgress as LaunchProgress } from '../gpu/watchdog.js';
import type { DeviceImage, DeviceSampler } from './image.js';

/** A device allocation as the host sees it. */
export interface DeviceBuffer {
  /** Device virtual address of the first byte. */
  readonly address: number;
  readonly size: number;
}

/** Scalar types a by-value kernel argument can have (the run-spec names). */
export type ValueType = 'i8' | 'i16' | 'i32' | 'i64' | 'u8' | 'u16' | 'u32' | 'u64' | 'f16' | 'f32' | 'f64';

/**
 * One explicit kernel argument, in the order of the kernel's metadata:
 * - a plain number or bigint for a scalar whose metadata `.type_name` names a scalar type (int, uint,
 *   float, size_t, uint32_t, unsigned int, ...): it is stored as that type;
 * - a DeviceBuffer for a global (or constant) pointer argument;
 * - { value, type } for a scalar, or an array of values for a vector (int4, float2, ...): each element
 *   is stored with `type` at consecutive positions;
 * - { bytes } for a by-value struct: the raw bytes as the kernel's ABI lays them out;
 * - { lds } for an OpenCL `__local` pointer: bytes of dynamic group memory to reserve for it;
 * - a DeviceImage (Device.createImage) for an image argument, a DeviceSampler (Device.createSampler)
 *   for a sampler_t argument.
 */
export type KernelArg =
  | number
  | bigint
  | DeviceBuffer
  | DeviceImage
  | DeviceSampler
  | { readonly value: number | bigint | readonly (number | bigint)[]; readonly type: ValueType }
  | { readonly bytes: Uint8Array }
  | { readonly lds: number };

export interface LaunchOptions {
  /** Total work-items per dimension (HSA/OpenCL convention); missing dimensions are 1. */
  readonly grid: readonly number[];
  /** Work-group size per dimension; missing dimensions are 1. */
  readonly block: readonly number[];
  readonly args: readonly KernelArg[];
  /**
   * Bytes of dynamic group memory beyond the kernel's static LDS and its `__local` pointer arguments:
   * HIP's `extern __shared__` arrays (the sharedMemBytes of a HIP launch). Default 0.
   */
  readonly dynamicLds?: number;
  /**
   * Maximum wave-instructions for the whole dispatch before it is stopped (a positive safe integer,
   * default 1e9): a DispatchError of kind 'budget'.
   */
  readonly budget?: number;
  /**
   * Wall-clock seconds the dispatch may run before it is stopped (a DispatchError of kind 'timeout');
   * 0 or absent: no limit. Checked between scheduling slices, so it costs nothing per instruction.
   */
  readonly timeout?: number;
  /** Called during the dispatch, at most every `progressInterval` seconds (not at all for short runs). */
  readonly onProgress?: (p: LaunchProgress) => void;
  /** Seconds between two onProgress calls (default 0.5). */
  readonly progressInterval?: number;
  /** Bytes of the printf buffer of a kernel that calls printf, header included (default 1 MiB). */
  readonly printfBufferSize?: number;
  /**
   * A trap handler for this dispatch: s_trap, and memory violations with MODE.EXCP_EN.mem_viol set, enter
   * it (TBA), and s_rfe_b64 returns. Without one, s_trap stops the dispatch as the ROCm runtime's handler
   * does. docs/api.md: "Trap handlers".
   */
  readonly trapHandler?: TrapHandlerOptions;
  /**
   * Threads the dispatch's workgroups are split between (a positive integer; 1: all on the calling
   * thread). Default: the number of cores where worker threads are installed (gcnkit/node, the gcnkit
   * command), else 1. Results and counts are the same as with 1 for a kernel without races between
   * workgroups; dispatches whose workgroups share state run on one thread (docs/api.md, "Workers").
   */
  readonly workers?: number;
  /**
   * The execution engine: 'jit' (the default), which compiles basic blocks into JavaScript, or
   * 'interpreter', which runs one instruction at a time (the reference; both give identical results).
   */
  readonly engine?: Engine;
  /**
   * How the launch reaches the device: 'aql' (default) writes a kernel dispatch packet into an AQL queue,
   * as the ROCm runtime does; 'pm4' writes a PM4 stream into a compute ring, as a driver does (the waves
   * then start from COMPUTE_* registers; one thread; no trap handler).
   */
  readonly queue?: 'aql' | 'pm4';
}

/** LaunchOptions.trapHandler: exactly one of `code` and `address`. */
export interface TrapHandlerOptions {
  /** The handler's machine code (e.g. the .text of an assembled handler), loaded for the launch. */
  readonly code?: Uint8Array;
  /** Or the device address of the handler in the loaded code object (Module.base + its offset). */
  readonly address?: number;
  /** TMA, the trap memory address the handler reads with s_getreg: a buffer or an address (default 0). */
  readonly tma?: DeviceBuffer | number;
}

/** A message a wave sent with s_sendmsg (LaunchResult.messages). */
export interface LaunchMessage {
  /** LLVM's name of the message, e.g. MSG_INTERRUPT. */
  readonly name: string;
  /** The instruction's SIMM16 and M0 when it was sent (the payload). */
  readonly simm16: number;
  readonly m0: number;
  /** Wave index within the dispatch and pc of the s_sendmsg. */
  readonly wave: number;
  readonly pc: number;
}

export interface LaunchResult {
  readonly kernel: string;
  readonly workgroups: number;
  readonly waves: number;
  /** Instructions executed, counted once per wave. */
  readonly waveInstructions: number;
  /** Vector instructions weighted by their active lanes. */
  readonly laneInstructions: number;
  /** Execution time in seconds, excluding loading. */
  readonly seconds: number;
  /** The kernel's printf output, records in the order they appear in the printf buffer ('' if none). */
  readonly printf: string;
  /** One line each when printf records were dropped (buffer full) or malformed; absent otherwise. */
  readonly printfNotes?: readonly string[];
  /** Likely mistakes found before the kernel ran (also passed to DeviceOptions.onWarning); [] if none. */
  readonly warnings: readonly string[];
  /** Messages the waves sent to the host (s_sendmsg), in order; absent when none. */
  readonly messages?: readonly LaunchMessage[];
}

export interface DeviceOptions {
  /**
   * Cap in bytes on the sum of live device allocations (code, buffers, kernel arguments, scratch, the
   * printf buffer); default DEFAULT_MEMORY_LIMIT (4 GiB). An allocation past it is refused before any
   * host memory is taken.
   */
  readonly memoryLimit?: number;
  /** Called with each warning as it occurs (the warnings are also in LaunchResult.warnings). */
  readonly onWarning?: (message: string) => void;
}
