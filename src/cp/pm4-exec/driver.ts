// What a driver writes to run a kernel of a code object through a PM4 queue, as ROCm's PM4 paths and
// kfdtest do: the kernel descriptor's COMPUTE_PGM_RSRC1/2 as registers (LDS_SIZE from the dispatch's group
// segment size), the entry point, the workgroup size with the last group partial, the scratch slots, and
// the user SGPRs the AQL firmware would make of the descriptor's enables (firmwareUserSgprs), then
// DISPATCH_DIRECT and an end-of-pipe fence (RELEASE_MEM from gfx8, EVENT_WRITE_EOP before).

import { type DispatchSetup, firmwareUserSgprs, type KernelSetup } from '../../gpu/dispatch.js';
import { planOfDescriptor } from '../../gpu/wave-plan.js';
import { type Generation, genAtLeast } from '../../isa/processors.js';
import { Pm4Builder } from '../pm4/builder.js';
import { FIELDS as F } from '../pm4/register-fields.js';

/** Bytes of scratch per wave slot in COMPUTE_TMPRING_SIZE.WAVESIZE units (1 KiB: 256 dwords). */
export const WAVESIZE_BYTES = 1024;

export interface DriverDispatch {
  readonly kernel: KernelSetup;
  readonly dispatch: DispatchSetup;
  /** The dispatch's scratch: `waves` slots of `waveBytes` (a multiple of WAVESIZE_BYTES) from `base`. */
  readonly scratch: { readonly base: number; readonly waveBytes: number; readonly waves: number };
  /** Where the end-of-pipe fence writes `fenceValue` (8-byte aligned). */
  readonly fence: number;
  readonly fenceValue: number;
}

const bits = (v: number, f: { lo: number; width: number }) => ((v & ((1 << f.width) - 1)) << f.lo) >>> 0;

/** The PM4 stream of one kernel dispatch and its fence. */
export function kernelDispatchStream(gen: Generation, x: DriverDispatch): Uint32Array {
  const { kernel: k, dispatch: d } = x;
  const kd = k.descriptor;
  if (kd === undefined) throw new Error('kernelDispatchStream: the kernel has no descriptor');
  const user: number[] = new Array(16).fill(0);
  firmwareUserSgprs(planOfDescriptor(kd), k, d, x.scratch.base, user);
  const rsrc2Fields = F.COMPUTE_PGM_RSRC2;
  const ldsGranule = genAtLeast(gen, 'gfx7') ? 512 : 256;
  const lds = Math.ceil(k.groupSize / ldsGranule);
  const ldsMask = ((1 << rsrc2Fields.LDS_SIZE.width) - 1) << rsrc2Fields.LDS_SIZE.lo;
  const rsrc2 = ((kd.computePgmRsrc2 & ~ldsMask) | bits(lds, rsrc2Fields.LDS_SIZE)) >>> 0;
  const pgm = k.entry / 256;
  const dims: number[] = [];
  const threads: number[] = [];
  for (let a = 0; a < 3; a++) {
    dims.push(Math.ceil(d.grid[a] / d.block[a]));
    const part = d.grid[a] % d.block[a];
    threads.push(
      bits(d.block[a], F.COMPUTE_NUM_THREAD.NUM_THREAD_FULL) |
        bits(part, F.COMPUTE_NUM_THREAD.NUM_THREAD_PARTIAL),
    );
  }
  const tmpring =
    bits(x.scratch.waves, F.COMPUTE_TMPRING_SIZE.WAVES) |
    bits(x.scratch.waveBytes / WAVESIZE_BYTES, F.COMPUTE_TMPRING_SIZE.WAVESIZE);
  const I = F.COMPUTE_DISPATCH_INITIATOR;
  const initiator = bits(1, I.COMPUTE_SHADER_EN) | bits(1, I.PARTIAL_TG_EN) | bits(1, I.FORCE_START_AT_000);
  const b = new Pm4Builder(gen, { compute: true })
    .setShReg('COMPUTE_PGM_LO', [pgm % 2 ** 32, Math.floor(pgm / 2 ** 32)])
    .setShReg('COMPUTE_PGM_RSRC1', [kd.computePgmRsrc1, rsrc2])
    .setShReg('COMPUTE_TMPRING_SIZE', tmpring >>> 0)
    .setShReg('COMPUTE_NUM_THREAD_X', threads)
    .setShReg('COMPUTE_USER_DATA_0', user)
    .dispatchDirect(dims[0], dims[1], dims[2], initiator);
  const fence = { address: x.fence, data_lo: x.fenceValue, data_hi: 0 };
  if (genAtLeast(gen, 'gfx8'))
    b.releaseMem({
      event_type: 'BOTTOM_OF_PIPE_TS',
      event_index: 'EOP',
      data_sel: 'SEND_32BIT_LOW',
      int_sel: 'NONE',
      ...fence,
    });
  else
    b.eventWriteEop({
      event_type: 'BOTTOM_OF_PIPE_TS',
      event_index: 'EOP',
      data_sel: 'SEND_32BIT_LOW',
      int_sel: 'NONE',
      ...fence,
    });
  return b.finish();
}
