// The kernel descriptor's bit fields, once: register, position, the processors that have each, and the
// `.amdhsa_` directive that sets it (the one llvm-objdump prints for it). The reader (kdFields, the
// `.amdhsa_kernel` text), the assembler's `.amdhsa_kernel` block and the dispatcher all use this table.
// Positions: LLVM's AMDGPUUsage "Kernel Descriptor" tables (names lowercased, as the guide spells them).
import { genAtLeast, type Processor } from '../isa/processors.js';
import type { KernelDescriptor } from './kernel-descriptor.js';

/** The 32- or 16-bit word of the descriptor a field lives in. */
export type KdReg = 'rsrc1' | 'rsrc2' | 'rsrc3' | 'props' | 'preload';

export interface KdField {
  /** The guide's name, lowercase (granulated_workitem_vgpr_count, enable_sgpr_dispatch_ptr, ...). */
  readonly name: string;
  readonly reg: KdReg;
  readonly lo: number;
  readonly width: number;
  /** Whether the field exists on a processor (elsewhere its bits are reserved). */
  readonly on: (p: Processor) => boolean;
  /**
   * The `.amdhsa_` directive (without the prefix) that sets this field as is, on every processor that has
   * it, and that llvm-objdump prints for it; undefined where the assembler derives the field.
   */
  readonly directive?: string;
  /** User SGPRs the field adds when set (the user SGPR enables). */
  readonly userSgprs?: number;
}

type On = (p: Processor) => boolean;
const all: On = () => true;
const gfx9: On = (p) => genAtLeast(p.generation, 'gfx9');
const g90a: On = (p) => p.features.has('gfx90a-insts');
const scratchSgprs: On = (p) => !p.features.has('architected-flat-scratch');
const preload: On = (p) => p.features.has('kernarg-preload');

function f(
  name: string,
  reg: KdReg,
  lo: number,
  width: number,
  on: On,
  directive?: string,
  userSgprs?: number,
): KdField {
  return { name, reg, lo, width, on, directive, userSgprs };
}

/** Every named field in descriptor order (RSRC3, RSRC1, RSRC2, kernel_code_properties, kernarg_preload). */
export const KD = {
  accum_offset: f('accum_offset', 'rsrc3', 0, 6, g90a),
  tg_split: f('tg_split', 'rsrc3', 16, 1, g90a),
  granulated_workitem_vgpr_count: f('granulated_workitem_vgpr_count', 'rsrc1', 0, 6, all),
  granulated_wavefront_sgpr_count: f('granulated_wavefront_sgpr_count', 'rsrc1', 6, 4, all),
  priority: f('priority', 'rsrc1', 10, 2, all),
  float_round_mode_32: f('float_round_mode_32', 'rsrc1', 12, 2, all, 'float_round_mode_32'),
  float_round_mode_16_64: f('float_round_mode_16_64', 'rsrc1', 14, 2, all, 'float_round_mode_16_64'),
  float_denorm_mode_32: f('float_denorm_mode_32', 'rsrc1', 16, 2, all, 'float_denorm_mode_32'),
  float_denorm_mode_16_64: f('float_denorm_mode_16_64', 'rsrc1', 18, 2, all, 'float_denorm_mode_16_64'),
  priv: f('priv', 'rsrc1', 20, 1, all),
  enable_dx10_clamp: f('enable_dx10_clamp', 'rsrc1', 21, 1, all, 'dx10_clamp'),
  debug_mode: f('debug_mode', 'rsrc1', 22, 1, all),
  enable_ieee_mode: f('enable_ieee_mode', 'rsrc1', 23, 1, all, 'ieee_mode'),
  bulky: f('bulky', 'rsrc1', 24, 1, all),
  cdbg_user: f('cdbg_user', 'rsrc1', 25, 1, all),
  fp16_ovfl: f('fp16_ovfl', 'rsrc1', 26, 1, gfx9),
  enable_private_segment: f('enable_private_segment', 'rsrc2', 0, 1, all),
  user_sgpr_count: f('user_sgpr_count', 'rsrc2', 1, 5, all),
  enable_trap_handler: f('enable_trap_handler', 'rsrc2', 6, 1, all),
  enable_sgpr_workgroup_id_x: f(
    'enable_sgpr_workgroup_id_x',
    'rsrc2',
    7,
    1,
    all,
    'system_sgpr_workgroup_id_x',
  ),
  enable_sgpr_workgroup_id_y: f(
    'enable_sgpr_workgroup_id_y',
    'rsrc2',
    8,
    1,
    all,
    'system_sgpr_workgroup_id_y',
  ),
  enable_sgpr_workgroup_id_z: f(
    'enable_sgpr_workgroup_id_z',
    'rsrc2',
    9,
    1,
    all,
    'system_sgpr_workgroup_id_z',
  ),
  enable_sgpr_workgroup_info: f(
    'enable_sgpr_workgroup_info',
    'rsrc2',
    10,
    1,
    all,
    'system_sgpr_workgroup_info',
  ),
  enable_vgpr_workitem_id: f('enable_vgpr_workitem_id', 'rsrc2', 11, 2, all, 'system_vgpr_workitem_id'),
  enable_exception_address_watch: f('enable_exception_address_watch', 'rsrc2', 13, 1, all),
  enable_exception_memory: f('enable_exception_memory', 'rsrc2', 14, 1, all),
  granulated_lds_size: f('granulated_lds_size', 'rsrc2', 15, 9, all),
  enable_exception_ieee_754_fp_invalid_operation: f(
    'enable_exception_ieee_754_fp_invalid_operation',
    'rsrc2',
    24,
    1,
    all,
    'exception_fp_ieee_invalid_op',
  ),
  enable_exception_fp_denormal_source: f(
    'enable_exception_fp_denormal_source',
    'rsrc2',
    25,
    1,
    all,
    'exception_fp_denorm_src',
  ),
  enable_exception_ieee_754_fp_division_by_zero: f(
    'enable_exception_ieee_754_fp_division_by_zero',
    'rsrc2',
    26,
    1,
    all,
    'exception_fp_ieee_div_zero',
  ),
  enable_exception_ieee_754_fp_overflow: f(
    'enable_exception_ieee_754_fp_overflow',
    'rsrc2',
    27,
    1,
    all,
    'exception_fp_ieee_overflow',
  ),
  enable_exception_ieee_754_fp_underflow: f(
    'enable_exception_ieee_754_fp_underflow',
    'rsrc2',
    28,
    1,
    all,
    'exception_fp_ieee_underflow',
  ),
  enable_exception_ieee_754_fp_inexact: f(
    'enable_exception_ieee_754_fp_inexact',
    'rsrc2',
    29,
    1,
    all,
    'exception_fp_ieee_inexact',
  ),
  enable_exception_int_divide_by_zero: f(
    'enable_exception_int_divide_by_zero',
    'rsrc2',
    30,
    1,
    all,
    'exception_int_div_zero',
  ),
  enable_sgpr_private_segment_buffer: f(
    'enable_sgpr_private_segment_buffer',
    'props',
    0,
    1,
    scratchSgprs,
    'user_sgpr_private_segment_buffer',
    4,
  ),
  enable_sgpr_dispatch_ptr: f('enable_sgpr_dispatch_ptr', 'props', 1, 1, all, 'user_sgpr_dispatch_ptr', 2),
  enable_sgpr_queue_ptr: f('enable_sgpr_queue_ptr', 'props', 2, 1, all, 'user_sgpr_queue_ptr', 2),
  enable_sgpr_kernarg_segment_ptr: f(
    'enable_sgpr_kernarg_segment_ptr',
    'props',
    3,
    1,
    all,
    'user_sgpr_kernarg_segment_ptr',
    2,
  ),
  enable_sgpr_dispatch_id: f('enable_sgpr_dispatch_id', 'props', 4, 1, all, 'user_sgpr_dispatch_id', 2),
  enable_sgpr_flat_scratch_init: f(
    'enable_sgpr_flat_scratch_init',
    'props',
    5,
    1,
    scratchSgprs,
    'user_sgpr_flat_scratch_init',
    2,
  ),
  enable_sgpr_private_segment_size: f(
    'enable_sgpr_private_segment_size',
    'props',
    6,
    1,
    all,
    'user_sgpr_private_segment_size',
    1,
  ),
  uses_dynamic_stack: f('uses_dynamic_stack', 'props', 11, 1, all, 'uses_dynamic_stack'),
  kernarg_preload_spec_length: f('kernarg_preload_spec_length', 'preload', 0, 7, preload),
  kernarg_preload_spec_offset: f('kernarg_preload_spec_offset', 'preload', 7, 9, preload),
} as const satisfies Record<string, KdField>;

export const KD_FIELDS: readonly KdField[] = Object.values(KD);

/** The word of the descriptor a register name stands for. */
export function kdReg(kd: KernelDescriptor, r: KdReg): number {
  switch (r) {
    case 'rsrc1':
      return kd.computePgmRsrc1 >>> 0;
    case 'rsrc2':
      return kd.computePgmRsrc2 >>> 0;
    case 'rsrc3':
      return kd.computePgmRsrc3 >>> 0;
    case 'props':
      return kd.kernelCodeProperties & 0xffff;
    case 'preload':
      return kd.kernargPreload & 0xffff;
  }
}

/** A field's raw value in a register word. */
export function fieldOf(word: number, fl: KdField): number {
  return Math.floor(word / 2 ** fl.lo) % 2 ** fl.width;
}

/** A field's raw value in a descriptor (whether or not the processor has it). */
export function kdGet(kd: KernelDescriptor, fl: KdField): number {
  return fieldOf(kdReg(kd, fl.reg), fl);
}

/** `word` with the field replaced by `v` (which must fit). */
export function withField(word: number, fl: KdField, v: number): number {
  const mask = ((2 ** fl.width - 1) * 2 ** fl.lo) >>> 0;
  return ((word & ~mask) | (v * 2 ** fl.lo)) >>> 0;
}

/** The field a `.amdhsa_` directive (with its dot) sets directly, if any. */
const BY_DIRECTIVE = new Map(KD_FIELDS.filter((x) => x.directive).map((x) => [`.amdhsa_${x.directive}`, x]));
export function fieldOfDirective(directive: string): KdField | undefined {
  return BY_DIRECTIVE.get(directive);
}
