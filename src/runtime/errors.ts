// Errors of bad input to the host API. Each has a code so that a tool built on the API (the CLI) can add
// its own advice, such as its flag names, without parsing the message, which uses the API's words.

import { MemoryLimitError } from '../emu/memory.js';

/**
 * What was wrong with the input:
 * - 'argument': a bad value passed to a Device or Module method (a size, range, buffer or kernel argument);
 * - 'memory-limit': an allocation past DeviceOptions.memoryLimit; 'host-memory': within it, but the host
 *   could not allocate it;
 * - 'block-size': a block the kernel cannot run with (over 1024 work-items, .max_flat_workgroup_size or
 *   not its .reqd_workgroup_size);
 * - 'grid': a grid the AQL packet cannot describe; 'lds': more group memory than a workgroup has;
 * - 'object-kind': a relocatable (ET_REL) object instead of a linked code object; 'no-metadata': a code
 *   object without AMDGPU metadata; 'no-kernel': no kernel of that name; 'target': an unsupported target.
 */
export type LaunchErrorCode =
  | 'argument'
  | 'memory-limit'
  | 'host-memory'
  | 'block-size'
  | 'grid'
  | 'lds'
  | 'object-kind'
  | 'no-metadata'
  | 'no-kernel'
  | 'target';

/** Bad input to the host API: the message names the argument or field and what to do. */
export class LaunchError extends Error {
  override readonly name = 'LaunchError';
  constructor(
    readonly code: LaunchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Turns a failed device allocation into the LaunchError an API caller can act on; other errors pass. */
export function memoryError(e: unknown, what: string): unknown {
  if (e instanceof MemoryLimitError)
    return new LaunchError(
      'memory-limit',
      `${what}: ${e.requested} bytes would exceed the device's memoryLimit of ${e.limit} bytes ` +
        `(${e.used} in use): free buffers or raise the memoryLimit option`,
    );
  // Within the limit, but the host (V8) cannot back a typed array that large.
  if (e instanceof RangeError)
    return new LaunchError(
      'host-memory',
      `${what}: the host cannot allocate that much memory (${e.message})`,
    );
  return e;
}
