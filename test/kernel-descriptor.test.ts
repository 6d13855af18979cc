// Kernel descriptors against llvm-objdump-22 fixtures (scripts/gen-kd-fixtures.ts), plus known answers
// worked out by hand from the bit layout in the AMDGPU usage guide.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { KdFixture } from '../scripts/gen-kd-fixtures.js';
import { ElfError } from '../src/elf/errors.js';
import {
  decodeKernelDescriptor,
  encodeKernelDescriptor,
  type KernelDescriptor,
  kdDirectives,
  kdFields,
} from '../src/elf/kernel-descriptor.js';

const DIR = new URL('./fixtures/kd/', import.meta.url);
const fixtures: KdFixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as KdFixture);

const fromHex = (h: string): Uint8Array => new Uint8Array(Buffer.from(h, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

test('kernel descriptor fixtures exist for every target and code object version', () => {
  const keys = fixtures.map((f) => `${f.target}/${f.cov}`);
  for (const t of [
    'gfx801',
    'gfx802',
    'gfx803',
    'gfx805',
    'gfx810',
    'gfx900',
    'gfx906',
    'gfx908',
    'gfx90a',
    'gfx942',
  ]) {
    for (const cov of [4, 5, 6]) assert.ok(keys.includes(`${t}/${cov}`), `${t} cov${cov} fixture`);
  }
});

for (const fx of fixtures) {
  test(`kdDirectives matches llvm-objdump-22: ${fx.target} cov${fx.cov}`, (t) => {
    const bad: string[] = [];
    for (const c of fx.cases) {
      const opts = c.head === undefined ? {} : { sectionHead: fromHex(c.head) };
      const got = kdDirectives(decodeKernelDescriptor(fromHex(c.hex)), c.name, fx.target, fx.cov, opts);
      if (got !== c.text) bad.push(`${c.name} ${c.hex}\n--- objdump\n${c.text}--- gcnkit\n${got}`);
    }
    t.diagnostic(`${fx.cases.length - bad.length}/${fx.cases.length} identical`);
    assert.equal(bad.length, 0, bad.slice(0, 3).join('\n'));
  });

  test(`encode(decode(bytes)) is byte-identical: ${fx.target} cov${fx.cov}`, () => {
    for (const c of fx.cases)
      assert.equal(toHex(encodeKernelDescriptor(decodeKernelDescriptor(fromHex(c.hex)))), c.hex);
  });

  test(`kdFields agrees with every directive objdump prints: ${fx.target} cov${fx.cov}`, () => {
    // The directives that are a field as is (not derived like next_free_vgpr), by field name.
    const same: Record<string, string> = {
      group_segment_fixed_size: 'group_segment_fixed_size',
      private_segment_fixed_size: 'private_segment_fixed_size',
      kernarg_size: 'kernarg_size',
      tg_split: 'tg_split',
      float_round_mode_32: 'float_round_mode_32',
      float_round_mode_16_64: 'float_round_mode_16_64',
      float_denorm_mode_32: 'float_denorm_mode_32',
      float_denorm_mode_16_64: 'float_denorm_mode_16_64',
      dx10_clamp: 'enable_dx10_clamp',
      ieee_mode: 'enable_ieee_mode',
      fp16_overflow: 'fp16_ovfl',
      system_sgpr_private_segment_wavefront_offset: 'enable_private_segment',
      enable_private_segment: 'enable_private_segment',
      system_sgpr_workgroup_id_x: 'enable_sgpr_workgroup_id_x',
      system_sgpr_workgroup_id_y: 'enable_sgpr_workgroup_id_y',
      system_sgpr_workgroup_id_z: 'enable_sgpr_workgroup_id_z',
      system_sgpr_workgroup_info: 'enable_sgpr_workgroup_info',
      system_vgpr_workitem_id: 'enable_vgpr_workitem_id',
      exception_fp_ieee_invalid_op: 'enable_exception_ieee_754_fp_invalid_operation',
      exception_fp_denorm_src: 'enable_exception_fp_denormal_source',
      exception_fp_ieee_div_zero: 'enable_exception_ieee_754_fp_division_by_zero',
      exception_fp_ieee_overflow: 'enable_exception_ieee_754_fp_overflow',
      exception_fp_ieee_underflow: 'enable_exception_ieee_754_fp_underflow',
      exception_fp_ieee_inexact: 'enable_exception_ieee_754_fp_inexact',
      exception_int_div_zero: 'enable_exception_int_divide_by_zero',
      user_sgpr_private_segment_buffer: 'enable_sgpr_private_segment_buffer',
      user_sgpr_dispatch_ptr: 'enable_sgpr_dispatch_ptr',
      user_sgpr_queue_ptr: 'enable_sgpr_queue_ptr',
      user_sgpr_kernarg_segment_ptr: 'enable_sgpr_kernarg_segment_ptr',
      user_sgpr_dispatch_id: 'enable_sgpr_dispatch_id',
      user_sgpr_flat_scratch_init: 'enable_sgpr_flat_scratch_init',
      user_sgpr_private_segment_size: 'enable_sgpr_private_segment_size',
      uses_dynamic_stack: 'uses_dynamic_stack',
      user_sgpr_kernarg_preload_length: 'kernarg_preload_spec_length',
      user_sgpr_kernarg_preload_offset: 'kernarg_preload_spec_offset',
    };
    let checked = 0;
    for (const c of fx.cases) {
      if (!c.text.startsWith('.amdhsa_kernel')) continue;
      const f = kdFields(decodeKernelDescriptor(fromHex(c.hex)), fx.target);
      for (const m of c.text.matchAll(/^\t\.amdhsa_(\w+) (\d+)$/gm)) {
        const v = Number(m[2]);
        const name = same[m[1]];
        // objdump prints a non-zero kernarg preload on every processor; only gfx90a+ has the field.
        if (name?.startsWith('kernarg_preload') && !(name in f)) assert.ok(!/gfx90a|gfx942/.test(fx.target));
        else if (name !== undefined) assert.equal(f[name], v, `${c.name} ${m[1]} vs ${name}`);
        else if (m[1] === 'accum_offset') assert.equal(((f.accum_offset as number) + 1) * 4, v);
        else if (m[1] === 'next_free_vgpr') {
          assert.equal(
            ((f.granulated_workitem_vgpr_count as number) + 1) *
              (fx.target === 'gfx90a' || fx.target === 'gfx942' ? 8 : 4),
            v,
          );
        } else if (m[1] === 'next_free_sgpr')
          assert.equal(((f.granulated_wavefront_sgpr_count as number) + 1) * 8, v);
        else if (!m[1].startsWith('reserve_')) assert.fail(`${c.name}: directive ${m[1]} has no field`);
        checked++;
      }
    }
    assert.ok(checked > 100, `only ${checked} directives checked`);
  });
}

test('kdFields names exactly the fields that exist on each processor', () => {
  const kd = decodeKernelDescriptor(new Uint8Array(64));
  const keys = (p: string) => Object.keys(kdFields(kd, p));
  assert.deepEqual(keys('gfx803'), [
    'group_segment_fixed_size',
    'private_segment_fixed_size',
    'kernarg_size',
    'kernel_code_entry_byte_offset',
    'granulated_workitem_vgpr_count',
    'granulated_wavefront_sgpr_count',
    'priority',
    'float_round_mode_32',
    'float_round_mode_16_64',
    'float_denorm_mode_32',
    'float_denorm_mode_16_64',
    'priv',
    'enable_dx10_clamp',
    'debug_mode',
    'enable_ieee_mode',
    'bulky',
    'cdbg_user',
    'enable_private_segment',
    'user_sgpr_count',
    'enable_trap_handler',
    'enable_sgpr_workgroup_id_x',
    'enable_sgpr_workgroup_id_y',
    'enable_sgpr_workgroup_id_z',
    'enable_sgpr_workgroup_info',
    'enable_vgpr_workitem_id',
    'enable_exception_address_watch',
    'enable_exception_memory',
    'granulated_lds_size',
    'enable_exception_ieee_754_fp_invalid_operation',
    'enable_exception_fp_denormal_source',
    'enable_exception_ieee_754_fp_division_by_zero',
    'enable_exception_ieee_754_fp_overflow',
    'enable_exception_ieee_754_fp_underflow',
    'enable_exception_ieee_754_fp_inexact',
    'enable_exception_int_divide_by_zero',
    'enable_sgpr_private_segment_buffer',
    'enable_sgpr_dispatch_ptr',
    'enable_sgpr_queue_ptr',
    'enable_sgpr_kernarg_segment_ptr',
    'enable_sgpr_dispatch_id',
    'enable_sgpr_flat_scratch_init',
    'enable_sgpr_private_segment_size',
    'uses_dynamic_stack',
  ]);
  assert.ok(keys('gfx900').includes('fp16_ovfl') && !keys('gfx900').includes('accum_offset'));
  assert.ok(!keys('gfx908').includes('kernarg_preload_spec_length'));
  for (const f of [
    'accum_offset',
    'tg_split',
    'kernarg_preload_spec_length',
    'kernarg_preload_spec_offset',
  ]) {
    assert.ok(keys('gfx90a').includes(f), f);
  }
  // Architected flat scratch: no scratch-setup user SGPRs.
  assert.ok(keys('gfx90a').includes('enable_sgpr_flat_scratch_init'));
  assert.ok(!keys('gfx942').includes('enable_sgpr_flat_scratch_init'));
  assert.ok(!keys('gfx942').includes('enable_sgpr_private_segment_buffer'));
  assert.deepEqual(keys('gfx600'), keys('gfx803'));
  assert.throws(() => kdFields(kd, 'gfx1030'), /not supported/);
});

/** A descriptor from its parts, all else zero. */
function kdOf(p: Partial<KernelDescriptor>): KernelDescriptor {
  return { ...decodeKernelDescriptor(new Uint8Array(64)), ...p };
}

test('known answers from the guide bit layout', () => {
  // Bytes: group 0x100, private 0x20, kernarg 0x18, entry offset -0x40 (entry point precedes the KD),
  // rsrc1 = 0x00ac0041, rsrc2 = 0x0000108d, kernel_code_properties = 0x000b.
  const b = new Uint8Array(64);
  const dv = new DataView(b.buffer);
  dv.setUint32(0, 0x100, true);
  dv.setUint32(4, 0x20, true);
  dv.setUint32(8, 0x18, true);
  dv.setBigInt64(16, -0x40n, true);
  dv.setUint32(48, 0x00ac0041, true);
  dv.setUint32(52, 0x0000108d, true);
  dv.setUint16(56, 0x000b, true);
  const kd = decodeKernelDescriptor(b);
  assert.equal(kd.kernelCodeEntryByteOffset, -64n);
  const f = kdFields(kd, 'gfx908');
  // rsrc1 0x00ac0041: VGPR blocks 1 (bits 5:0), SGPR blocks 1 (9:6), denorm 32 = 0, denorm 16/64 = 3 (19:18),
  // dx10 clamp (21), ieee (23).
  assert.equal(f.granulated_workitem_vgpr_count, 1);
  assert.equal(f.granulated_wavefront_sgpr_count, 1);
  assert.equal(f.float_denorm_mode_16_64, 3);
  assert.equal(f.float_denorm_mode_32, 0);
  assert.equal(f.enable_dx10_clamp, 1);
  assert.equal(f.enable_ieee_mode, 1);
  assert.equal(f.priv, 0);
  // rsrc2 0x108d: private segment (0), user SGPR count 6 (5:1), workgroup id x (7), workitem id 2 (12:11).
  assert.equal(f.enable_private_segment, 1);
  assert.equal(f.user_sgpr_count, 6);
  assert.equal(f.enable_sgpr_workgroup_id_x, 1);
  assert.equal(f.enable_sgpr_workgroup_id_y, 0);
  assert.equal(f.enable_vgpr_workitem_id, 2);
  // kernel_code_properties 0xb: private segment buffer (448), dispatch ptr (449), kernarg segment ptr (451).
  assert.equal(f.enable_sgpr_private_segment_buffer, 1);
  assert.equal(f.enable_sgpr_dispatch_ptr, 1);
  assert.equal(f.enable_sgpr_queue_ptr, 0);
  assert.equal(f.enable_sgpr_kernarg_segment_ptr, 1);
  assert.equal(f.kernel_code_entry_byte_offset, -64n);
  const text = kdDirectives(kd, 'k', 'gfx908', 5);
  assert.match(text, /^\t\.amdhsa_next_free_vgpr 8$/m);
  assert.match(text, /^\t\.amdhsa_next_free_sgpr 16$/m);
  assert.match(text, /^\t\.amdhsa_system_vgpr_workitem_id 2$/m);
  // gfx90a: 8-VGPR granule; accum_offset field 2 is an offset of 12 registers.
  const g = kdOf({ computePgmRsrc1: 0x3, computePgmRsrc3: 0x10002 });
  const t90a = kdDirectives(g, 'k', 'gfx90a', 4);
  assert.match(t90a, /\t\.amdhsa_accum_offset 12\n\t\.amdhsa_tg_split 1\n\t\.amdhsa_next_free_vgpr 32\n/);
  assert.doesNotMatch(t90a, /uses_dynamic_stack/);
});

test('reserved bits: objdump gives up and dumps the bytes', () => {
  const text = kdDirectives(kdOf({ computePgmRsrc2: 0x80000000 }), 'bad', 'gfx900', 4);
  const lines = text.split('\n');
  assert.equal(
    lines[0],
    '; error decoding bad.kd: kernel descriptor COMPUTE_PGM_RSRC2 reserved bit (31) set',
  );
  assert.equal(lines[1], '; decoding failed region as bytes');
  assert.equal(lines.length, 2 + 64 + 1);
  assert.equal(lines[2 + 55], '\t.byte\t 0x80');
  assert.equal(lines[2], '\t.byte\t 0x0');
  // RSRC3 is reserved before gfx90a; the same bits are accum_offset on gfx90a.
  assert.match(kdDirectives(kdOf({ computePgmRsrc3: 1 }), 'k', 'gfx908', 4), /RSRC3 must be all zero/);
  assert.match(kdDirectives(kdOf({ computePgmRsrc3: 1 }), 'k', 'gfx90a', 4), /accum_offset 8\n/);
  // FP16_OVFL is reserved before gfx9.
  assert.match(
    kdDirectives(kdOf({ computePgmRsrc1: 1 << 26 }), 'k', 'gfx803', 4),
    /bit \(26\) set, must be zero pre-gfx9/,
  );
  const r1 = new Uint8Array(20);
  r1[19] = 1;
  assert.match(
    kdDirectives(kdOf({ reserved1: r1 }), 'k', 'gfx942', 6),
    /reserved bits in range \(351:192\) set/,
  );
});

test('xnack option mirrors objdump --mattr=+xnack', () => {
  const kd = kdOf({});
  assert.match(kdDirectives(kd, 'k', 'gfx900', 4, { xnack: true }), /reserve_xnack_mask 1\n/);
  assert.match(kdDirectives(kd, 'k', 'gfx900', 4), /reserve_xnack_mask 0\n/);
});

test('decode rejects short input with ElfError; encode round-trips arbitrary bytes', () => {
  assert.throws(
    () => decodeKernelDescriptor(new Uint8Array(70), 10, 'a.o'),
    (e: unknown) =>
      e instanceof ElfError &&
      e.message === 'a.o: kernel descriptor: needs 64 bytes at offset 10, only 60 available',
  );
  let s = 12345;
  for (let n = 0; n < 200; n++) {
    const b = new Uint8Array(64).map(() => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s >>> 24;
    });
    const big = new Uint8Array(80);
    big.set(b, 16);
    assert.equal(toHex(encodeKernelDescriptor(decodeKernelDescriptor(big, 16))), toHex(b));
  }
});
