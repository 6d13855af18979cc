// Checks of a launch against what the kernel's metadata declares, made before it runs: the ones the ROCm
// runtime refuses (errors) and likely mistakes that still run (warnings).

import type { LoadedKernel } from '../elf/code-object.js';
import { LaunchError } from './errors.js';

/** Refuses a block the kernel was not compiled for, as the ROCm runtime does. */
export function checkBlock(k: LoadedKernel, block: readonly [number, number, number]): void {
  const md = k.metadata;
  const items = block[0] * block[1] * block[2];
  const shape = block.join('x');
  // The compiler sized registers and LDS for at most this many work-items per workgroup: HIP's
  // __launch_bounds__, OpenCL's reqd_work_group_size, else 1024 (HIP) or 256 (OpenCL).
  const max = md.maxFlatWorkgroupSize;
  if (max > 0 && items > max)
    throw new LaunchError(
      'block-size',
      `kernel '${k.name}': block ${shape} has ${items} work-items, more than its .max_flat_workgroup_size of ${max} ` +
        '(set by __launch_bounds__ or reqd_work_group_size, 256 by default for OpenCL): launch smaller blocks',
    );
  const reqd = md.reqdWorkgroupSize;
  if (reqd !== undefined && reqd.length === 3 && reqd.some((n, i) => n !== block[i]))
    throw new LaunchError(
      'block-size',
      `kernel '${k.name}' requires a block of ${reqd.join('x')} (.reqd_workgroup_size, from reqd_work_group_size); ${shape} given`,
    );
}

/**
 * A warning when the kernel uses dynamic group memory that the launch does not give. clang marks a kernel
 * whose code uses HIP `extern __shared__` memory with a hidden_dynamic_lds_size argument (nothing else in
 * its metadata or descriptor differs); a kernel without hidden arguments carries no mark, so this cannot
 * catch every case. OpenCL `__local` pointer arguments give their size explicitly ({ lds }), so kernels
 * with those are left alone.
 */
export function dynamicLdsWarning(k: LoadedKernel, dynamicLds: number): string | undefined {
  const args = k.metadata.args ?? [];
  if (dynamicLds > 0 || args.some((a) => a.valueKind === 'dynamic_shared_pointer')) return undefined;
  if (!args.some((a) => a.valueKind === 'hidden_dynamic_lds_size')) return undefined;
  return (
    `kernel '${k.name}' uses dynamic group memory (HIP extern __shared__: its metadata has hidden_dynamic_lds_size) ` +
    'but the launch gives 0 bytes: pass its size as the dynamicLds option'
  );
}
