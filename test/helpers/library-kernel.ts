// One small kernel and the JavaScript that runs it through gcnkit's public names, shared by the tests
// of the library as users get it: the packed package (JS and TS), the browser bundle in a context
// without Node globals, and headless Chromium. The JavaScript is text because it runs in those places.

/** `.include`d by the kernel: the include goes through the caller's readFile hook. */
export const SCALE_INCLUDE = 'SCALE_SHIFT = 1\n';

/** out[i] = (in[i] << SCALE_SHIFT) + 1 for 64 work-items per group (gfx908). */
export const SCALE_SOURCE = `.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
.amdhsa_code_object_version 5
.include "inc/scale.inc"
.text
.globl scale
.p2align 8
.type scale,@function
scale:
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_lshl_b32 s3, s2, 6
  v_add_u32 v1, s3, v0
  v_lshlrev_b32 v1, 2, v1
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  s_waitcnt vmcnt(0)
  v_lshlrev_b32 v2, SCALE_SHIFT, v2
  v_add_u32 v2, 1, v2
  global_store_dword v1, v2, s[6:7]
  s_endpgm
.Lend:
.size scale, .Lend-scale
.rodata
.p2align 6
.amdhsa_kernel scale
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 8
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space: global
        .name: in
        .offset: 0
        .size: 8
        .value_kind: global_buffer
      - .address_space: global
        .name: out
        .offset: 8
        .size: 8
        .value_kind: global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name: scale
    .private_segment_fixed_size: 0
    .sgpr_count: 8
    .symbol: scale.kd
    .vgpr_count: 4
    .wavefront_size: 64
amdhsa.version:
  - 1
  - 2
...
.end_amdgpu_metadata
`;

/**
 * JavaScript (an async function body) with `gcnkit` (the module's namespace) and `source`/`include` in
 * scope: assembles, loads, runs 256 work-items and returns what the checks compare.
 */
export const SCALE_RUN_JS = `
  const { Device, assemble, disassemble, readCodeObject } = gcnkit;
  const includes = [];
  const asm = assemble(source, {
    mcpu: 'gfx908',
    fileName: 'scale.s',
    readFile: (path) => { includes.push(path); return include; },
  });
  if (!asm.ok) throw new Error(asm.messages);
  const info = readCodeObject(asm.codeObject);
  const dev = new Device();
  const mod = dev.load(asm.codeObject, 'scale.hsaco');
  const input = new Uint32Array(256).map((_, i) => i * 7);
  const inBuf = dev.upload(input);
  const outBuf = dev.alloc(input.byteLength);
  const r = mod.launch('scale', { grid: [256], block: [64], args: [inBuf, outBuf] });
  const out = dev.download(outBuf, Uint32Array);
  let wrong = 0;
  for (let i = 0; i < 256; i++) if (out[i] !== ((i * 7) << 1) + 1) wrong++;
  return {
    includes,
    kernels: asm.kernels,
    waves: r.waves,
    wrong,
    first: Array.from(out.slice(0, 4)),
    hasStore: disassemble(asm.codeObject).includes('global_store_dword v1, v2, s[6:7]'),
    target: info.target ? info.target.processor ?? null : null,
  };
`;

/** What SCALE_RUN_JS returns when everything works. */
export const SCALE_EXPECTED = {
  includes: ['inc/scale.inc'],
  kernels: ['scale'],
  waves: 4,
  wrong: 0,
  first: [1, 15, 29, 43],
  hasStore: true,
  target: 'gfx908',
};
