// The host API's public shapes: what a caller passes to Module.launch and gets back. Kept apart from the
// implementation so that tools (the CLI, the conformance suite, a browser playground) depend on a small,
// stable surface.

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
 * - a DeviceBuffer for a global (or constant) pointer argument;
 * - { value, type } for a scalar, or an array of values for a vector (int4, float2, ...): each element
 *   is stored with `type` at consecutive positions;
 * - { bytes } for a by-value struct: the raw bytes as the kernel's ABI lays them out;
 * - { lds } for an OpenCL `__local` pointer: bytes of dynamic group memory to reserve for it.
 */
export type KernelArg =
  | DeviceBuffer
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
  /** Maximum wave-instructions for the whole dispatch before it is stopped (default 1e9). */
  readonly budget?: number;
  /** Bytes of the printf buffer of a kernel that calls printf, header included (default 1 MiB). */
  readonly printfBufferSize?: number;
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
}
