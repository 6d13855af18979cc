// The LaunchOptions.trapHandler option: a trap handler for one dispatch, given as machine code (loaded
// next to the kernel for the launch) or as the address of code already in the loaded code object. The
// dispatcher sets TBA/TMA and STATUS.TRAP_EN of every wave from it (emu/trap.ts).

import { Program } from '../emu/program.js';
import type { TrapHandler } from '../emu/trap.js';
import type { Target } from '../isa/targets.js';
import { LaunchError } from './errors.js';
import { isBuffer } from './kernargs.js';
import type { TrapHandlerOptions } from './types.js';

export type ResolvedTrapHandler = TrapHandler & { readonly program?: Program };

/**
 * Validates the option and, for code, loads it with `allocate` (freed with the launch's other
 * allocations). `kernelProgram` holds the code object's image, where an address must point.
 */
export function resolveTrapHandler(
  opt: TrapHandlerOptions | undefined,
  kernelProgram: Program,
  target: Target,
  allocate: (bytes: number, what: string) => number,
  upload: (addr: number, bytes: Uint8Array) => void,
): ResolvedTrapHandler | undefined {
  if (opt === undefined) return undefined;
  if (typeof opt !== 'object' || opt === null)
    throw new LaunchError('argument', 'trapHandler must be an object { code } or { address }');
  const tma = tmaOf(opt.tma);
  if ((opt.code === undefined) === (opt.address === undefined))
    throw new LaunchError('argument', 'trapHandler needs exactly one of code (machine code) and address');
  if (opt.code !== undefined) {
    const code = opt.code;
    if (!(code instanceof Uint8Array) || code.length === 0 || code.length % 4 !== 0)
      throw new LaunchError(
        'argument',
        'trapHandler.code must be a Uint8Array of whole instruction dwords (the .text of an assembled handler)',
      );
    const base = allocate(code.length, 'the trap handler code');
    upload(base, code);
    return { tba: base, tma, program: new Program(code, base, target) };
  }
  const address = opt.address;
  if (typeof address !== 'number' || !Number.isSafeInteger(address) || address % 4 !== 0)
    throw new LaunchError(
      'argument',
      `trapHandler.address = ${String(address)} is not a dword-aligned address`,
    );
  if (!kernelProgram.contains(address))
    throw new LaunchError(
      'argument',
      `trapHandler.address 0x${address.toString(16)} is not in the loaded code object's image ` +
        `(from 0x${kernelProgram.base.toString(16)}); pass the handler's machine code as trapHandler.code instead`,
    );
  return { tba: address, tma };
}

function tmaOf(v: unknown): number {
  if (v === undefined) return 0;
  if (isBuffer(v)) return v.address;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  throw new LaunchError('argument', 'trapHandler.tma must be a device buffer or an address');
}
