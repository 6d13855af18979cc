// Test harness: a complete kernel (code, descriptor, metadata) from a few lines of assembly, assembled and
// linked by gcnkit itself, ready for Device.load.

import { assemble, formatDiagnostics } from '../../src/asm/assembler.js';
import { linkShared } from '../../src/elf/link.js';
import { ElfFile } from '../../src/elf/reader.js';
import type { Target } from '../../src/isa/targets.js';

export interface KernelAsmOptions {
  target?: Target;
  /** Kernel arguments: 'ptr' (global pointer, 8 bytes) or a by-value size in bytes. */
  args?: readonly ('ptr' | 4 | 8)[];
  /** Extra .amdhsa_* directives. */
  kd?: string;
  groupSize?: number;
  /** `.type_name` of each argument ('' for none). */
  typeNames?: readonly string[];
  /** `.max_flat_workgroup_size` (default 1024). */
  maxFlatWorkgroupSize?: number;
  /** Extra kernel metadata lines, e.g. `    .reqd_workgroup_size: [ 64, 1, 1 ]`. */
  metadata?: string;
}

export function kernelObject(name: string, body: string, o: KernelAsmOptions = {}): Uint8Array {
  return linkShared([ElfFile.parse(assembleKernel(kernelSource(name, body, o), o.target), `${name}.o`)]);
}

/** The relocatable object (ET_REL) the assembler makes of `source`, before linking. */
export function assembleKernel(source: string, target: Target = 'gfx908'): Uint8Array {
  const r = assemble(source, 'kernel.s', { mcpu: target });
  if (r.object === undefined) throw new Error(formatDiagnostics(r.diagnostics));
  return r.object;
}

/** The assembly text of a kernel: code, descriptor and metadata. */
export function kernelSource(name: string, body: string, o: KernelAsmOptions = {}): string {
  const target = o.target ?? 'gfx908';
  let off = 0;
  const args: string[] = [];
  for (const [i, a] of (o.args ?? []).entries()) {
    const size = a === 'ptr' ? 8 : a;
    off = Math.ceil(off / size) * size;
    const typeName = o.typeNames?.[i] ? `\n        .type_name: '${o.typeNames[i]}'` : '';
    args.push(
      a === 'ptr'
        ? `      - .address_space: global\n        .offset: ${off}\n        .size: 8${typeName}\n        .value_kind: global_buffer`
        : `      - .offset: ${off}\n        .size: ${size}${typeName}\n        .value_kind: by_value`,
    );
    off += size;
  }
  return `.amdgcn_target "amdgcn-amd-amdhsa--${target}"
.amdhsa_code_object_version 5
.text
.globl ${name}
.p2align 8
.type ${name},@function
${name}:
${body}
  s_endpgm
.Lend:
.size ${name}, .Lend-${name}
.rodata
.p2align 6
.amdhsa_kernel ${name}
  .amdhsa_next_free_vgpr 32
  .amdhsa_next_free_sgpr 32
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_group_segment_fixed_size ${o.groupSize ?? 0}
${o.kd ?? ''}
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.kernels:
  - .args:${args.length ? '\n' + args.join('\n') : ' []'}
    .group_segment_fixed_size: ${o.groupSize ?? 0}
    .kernarg_segment_align: 8
    .kernarg_segment_size: ${Math.max(off, 8)}
    .max_flat_workgroup_size: ${o.maxFlatWorkgroupSize ?? 1024}
    .name: ${name}
    .private_segment_fixed_size: 0
    .sgpr_count: 32
    .symbol: ${name}.kd
    .vgpr_count: 32
    .wavefront_size: 64${o.metadata ? '\n' + o.metadata : ''}
amdhsa.version:
  - 1
  - 2
...
.end_amdgpu_metadata
`;
}
