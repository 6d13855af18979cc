// Records what llvm-mc-22 makes of one `.amdhsa_kernel` source on every processor gcnkit describes, into
// test/fixtures/targets/objects.json.gz: the -show-encoding listing (whole lines, the descriptor block
// included) and the relocatable object (e_flags, the descriptors) for code object versions 4-6 and the
// xnack settings. The code is data words (`.long`), so the fixture is about the target and code object
// facts, not any instruction family. Also `.size f, .-f`, which llvm-mc accepts.
// And clang-22's code objects of test/fixtures/targets/kernel.cl for gfx600, gfx700 and gfx803
// (kernel-<cpu>.hsaco), with llvm-objdump-22's descriptor text where it has one (gfx8: kernel-gfx803.kd.txt;
// it cannot disassemble for gfx6/gfx7).
// Usage: node --import tsx scripts/gen-target-fixtures.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PROCESSORS } from '../src/isa/processors.js';
import { splitObjdump } from './gen-kd-fixtures.js';
import { LLVM_MC, LLVM_OBJDUMP } from './lib/llvm.js';

const CLANG = process.env.CLANG ?? 'clang-22';

export interface TargetObjectCase {
  mcpu: string;
  cov: number;
  /** llvm-mc's -mattr ('' for none). */
  mattr: string;
  listing: string;
  /** The relocatable object, hex. */
  object: string;
}

/** Two kernels: one with the defaults, one setting every user/system SGPR and mode directive. */
export function targetSource(cov: number): string {
  return `.amdhsa_code_object_version ${cov}
.text
.globl k0
.p2align 8
.type k0,@function
k0:
  .long 0xbf810000
.size k0, .-k0
.globl k1
.p2align 8
.type k1,@function
k1:
  .long 0xbf800000, 0xbf810000
.Lend:
.size k1, .Lend-k1
.rodata
.p2align 6
.amdhsa_kernel k0
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel k1
  .amdhsa_group_segment_fixed_size 4096
  .amdhsa_private_segment_fixed_size 272
  .amdhsa_kernarg_size 40
  .amdhsa_user_sgpr_private_segment_buffer 1
  .amdhsa_user_sgpr_dispatch_ptr 1
  .amdhsa_user_sgpr_queue_ptr 1
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_user_sgpr_dispatch_id 1
  .amdhsa_user_sgpr_flat_scratch_init 1
  .amdhsa_user_sgpr_private_segment_size 1
  .amdhsa_system_sgpr_private_segment_wavefront_offset 1
  .amdhsa_system_sgpr_workgroup_id_y 1
  .amdhsa_system_sgpr_workgroup_id_z 1
  .amdhsa_system_sgpr_workgroup_info 1
  .amdhsa_system_vgpr_workitem_id 2
  .amdhsa_next_free_vgpr 77
  .amdhsa_next_free_sgpr 41
  .amdhsa_reserve_vcc 0
  .amdhsa_float_round_mode_32 1
  .amdhsa_float_denorm_mode_32 3
  .amdhsa_dx10_clamp 0
  .amdhsa_ieee_mode 0
  .amdhsa_exception_fp_ieee_div_zero 1
  .amdhsa_exception_int_div_zero 1
.end_amdhsa_kernel
`;
}

export const COVS = [4, 5, 6] as const;
export const MATTRS = ['', '+xnack', '-xnack'] as const;

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-targets-'));
  const cases: TargetObjectCase[] = [];
  try {
    for (const p of PROCESSORS) {
      if (!p.described) continue;
      for (const cov of COVS) {
        const s = join(dir, `k${cov}.s`);
        writeFileSync(s, targetSource(cov));
        for (const mattr of MATTRS) {
          // Feature settings only where the target id has the feature (elsewhere llvm-mc warns and ignores).
          if (mattr !== '' && !p.features.has('xnack')) continue;
          const args = [
            '-triple=amdgcn-amd-amdhsa',
            `-mcpu=${p.name}`,
            ...(mattr ? [`-mattr=${mattr}`] : []),
          ];
          const lst = spawnSync(LLVM_MC, [...args, '-show-encoding', s], { encoding: 'latin1' });
          const o = join(dir, 'k.o');
          const obj = spawnSync(LLVM_MC, [...args, '-filetype=obj', s, '-o', o], { encoding: 'latin1' });
          if (lst.status !== 0 || obj.status !== 0 || lst.stderr !== '' || obj.stderr !== '')
            throw new Error(`llvm-mc ${p.name} cov${cov} ${mattr}: ${lst.stderr}${obj.stderr}`);
          cases.push({
            mcpu: p.name,
            cov,
            mattr,
            listing: lst.stdout,
            object: readFileSync(o).toString('hex'),
          });
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const out = fileURLToPath(new URL('../test/fixtures/targets/objects.json.gz', import.meta.url));
  writeFileSync(out, gzipSync(JSON.stringify(cases) + '\n', { level: 9 }));
  console.log(`${cases.length} cases`);
  clangObjects();
}

/** The processors clang-22 compiles the OpenCL kernel for (one per older generation). */
export const CLANG_TARGETS = ['gfx600', 'gfx700', 'gfx803'] as const;

function clangObjects(): void {
  const at = (f: string) => fileURLToPath(new URL(`../test/fixtures/targets/${f}`, import.meta.url));
  for (const cpu of CLANG_TARGETS) {
    // -nogpulib: the kernel uses builtins only, so no device library is linked and the object is small.
    const args = ['-target', 'amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-O2', '-nogpulib', '-cl-std=CL2.0'];
    const cc = spawnSync(CLANG, [...args, at('kernel.cl'), '-o', at(`kernel-${cpu}.hsaco`)], {
      encoding: 'utf8',
    });
    if (cc.status !== 0) throw new Error(`clang ${cpu}: ${cc.stderr}`);
    const dump = spawnSync(LLVM_OBJDUMP, ['-D', '--section=.rodata', at(`kernel-${cpu}.hsaco`)], {
      encoding: 'utf8',
    });
    if (dump.status === 0) {
      const text = splitObjdump(dump.stdout).get('k.kd');
      if (text === undefined) throw new Error(`${cpu}: no k.kd in objdump's output`);
      writeFileSync(at(`kernel-${cpu}.kd.txt`), text);
    }
    console.log(`kernel-${cpu}.hsaco${dump.status === 0 ? ' + kd text' : ''}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
