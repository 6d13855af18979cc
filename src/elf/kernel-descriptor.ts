// The 64-byte HSA kernel descriptor (code object v3+): raw decode/encode that round-trips any bytes, the
// named bit fields per processor, and the `.amdhsa_kernel` text llvm-objdump-22 prints for a `NAME.kd`
// symbol. Bit positions follow the LLVM AMDGPU usage guide; the printing order, the values printed for
// fields the assembler derives (VGPR/SGPR counts, accum_offset) and the reserved-bit diagnostics follow
// llvm-objdump-22, which is the oracle.
import { ElfError } from './errors.js';
import { type KdTarget, kdTarget } from './kd-targets.js';

export const KD_SIZE = 64;

export interface KernelDescriptor {
  groupSegmentFixedSize: number;
  privateSegmentFixedSize: number;
  kernargSize: number;
  /** Bytes 12-15, must be zero. */
  reserved0: Uint8Array;
  /** Signed: the entry point may precede the descriptor. */
  kernelCodeEntryByteOffset: bigint;
  /** Bytes 24-43, must be zero. */
  reserved1: Uint8Array;
  computePgmRsrc3: number;
  computePgmRsrc1: number;
  computePgmRsrc2: number;
  /** 16 bits (bytes 56-57). */
  kernelCodeProperties: number;
  /** 16 bits (bytes 58-59): KERNARG_PRELOAD_SPEC_LENGTH (6:0) and _OFFSET (15:7). */
  kernargPreload: number;
  /** Bytes 60-63, must be zero. */
  reserved3: Uint8Array;
}

export function decodeKernelDescriptor(
  bytes: Uint8Array,
  offset = 0,
  file = '<kernel descriptor>',
): KernelDescriptor {
  if (offset < 0 || bytes.length - offset < KD_SIZE) {
    throw new ElfError(
      file,
      'kernel descriptor',
      `needs ${KD_SIZE} bytes at offset ${offset}, only ${Math.max(0, bytes.length - offset)} available`,
    );
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset + offset, KD_SIZE);
  const copy = (at: number, n: number) => bytes.slice(offset + at, offset + at + n);
  return {
    groupSegmentFixedSize: dv.getUint32(0, true),
    privateSegmentFixedSize: dv.getUint32(4, true),
    kernargSize: dv.getUint32(8, true),
    reserved0: copy(12, 4),
    kernelCodeEntryByteOffset: dv.getBigInt64(16, true),
    reserved1: copy(24, 20),
    computePgmRsrc3: dv.getUint32(44, true),
    computePgmRsrc1: dv.getUint32(48, true),
    computePgmRsrc2: dv.getUint32(52, true),
    kernelCodeProperties: dv.getUint16(56, true),
    kernargPreload: dv.getUint16(58, true),
    reserved3: copy(60, 4),
  };
}

export function encodeKernelDescriptor(kd: KernelDescriptor): Uint8Array {
  const out = new Uint8Array(KD_SIZE);
  const dv = new DataView(out.buffer);
  const put = (at: number, b: Uint8Array, n: number, field: string) => {
    if (b.length !== n) throw new RangeError(`kernel descriptor ${field}: ${b.length} bytes, expected ${n}`);
    out.set(b, at);
  };
  dv.setUint32(0, kd.groupSegmentFixedSize, true);
  dv.setUint32(4, kd.privateSegmentFixedSize, true);
  dv.setUint32(8, kd.kernargSize, true);
  put(12, kd.reserved0, 4, 'reserved0');
  dv.setBigInt64(16, BigInt.asIntN(64, kd.kernelCodeEntryByteOffset), true);
  put(24, kd.reserved1, 20, 'reserved1');
  dv.setUint32(44, kd.computePgmRsrc3 >>> 0, true);
  dv.setUint32(48, kd.computePgmRsrc1 >>> 0, true);
  dv.setUint32(52, kd.computePgmRsrc2 >>> 0, true);
  dv.setUint16(56, kd.kernelCodeProperties & 0xffff, true);
  dv.setUint16(58, kd.kernargPreload & 0xffff, true);
  put(60, kd.reserved3, 4, 'reserved3');
  return out;
}

type Reg = 'rsrc1' | 'rsrc2' | 'rsrc3' | 'props' | 'preload';

const regValue = (kd: KernelDescriptor, r: Reg): number =>
  r === 'rsrc1'
    ? kd.computePgmRsrc1
    : r === 'rsrc2'
      ? kd.computePgmRsrc2
      : r === 'rsrc3'
        ? kd.computePgmRsrc3
        : r === 'props'
          ? kd.kernelCodeProperties
          : kd.kernargPreload;

const field = (v: number, lo: number, width: number): number => Math.floor(v / 2 ** lo) % 2 ** width;

type Applies = (t: KdTarget) => boolean;
const all: Applies = () => true;
const gfx9: Applies = (t) => t.gen >= 9;
const g90a: Applies = (t) => t.gfx90aInsts;
const scratchSgprs: Applies = (t) => !t.architectedFlatScratch;

/** [guide name (lowercase), register, low bit, width, where it exists]. Reserved bits are left out. */
const FIELDS: readonly [string, Reg, number, number, Applies][] = [
  ['accum_offset', 'rsrc3', 0, 6, g90a],
  ['tg_split', 'rsrc3', 16, 1, g90a],
  ['granulated_workitem_vgpr_count', 'rsrc1', 0, 6, all],
  ['granulated_wavefront_sgpr_count', 'rsrc1', 6, 4, all],
  ['priority', 'rsrc1', 10, 2, all],
  ['float_round_mode_32', 'rsrc1', 12, 2, all],
  ['float_round_mode_16_64', 'rsrc1', 14, 2, all],
  ['float_denorm_mode_32', 'rsrc1', 16, 2, all],
  ['float_denorm_mode_16_64', 'rsrc1', 18, 2, all],
  ['priv', 'rsrc1', 20, 1, all],
  ['enable_dx10_clamp', 'rsrc1', 21, 1, all],
  ['debug_mode', 'rsrc1', 22, 1, all],
  ['enable_ieee_mode', 'rsrc1', 23, 1, all],
  ['bulky', 'rsrc1', 24, 1, all],
  ['cdbg_user', 'rsrc1', 25, 1, all],
  ['fp16_ovfl', 'rsrc1', 26, 1, gfx9],
  ['enable_private_segment', 'rsrc2', 0, 1, all],
  ['user_sgpr_count', 'rsrc2', 1, 5, all],
  ['enable_trap_handler', 'rsrc2', 6, 1, all],
  ['enable_sgpr_workgroup_id_x', 'rsrc2', 7, 1, all],
  ['enable_sgpr_workgroup_id_y', 'rsrc2', 8, 1, all],
  ['enable_sgpr_workgroup_id_z', 'rsrc2', 9, 1, all],
  ['enable_sgpr_workgroup_info', 'rsrc2', 10, 1, all],
  ['enable_vgpr_workitem_id', 'rsrc2', 11, 2, all],
  ['enable_exception_address_watch', 'rsrc2', 13, 1, all],
  ['enable_exception_memory', 'rsrc2', 14, 1, all],
  ['granulated_lds_size', 'rsrc2', 15, 9, all],
  ['enable_exception_ieee_754_fp_invalid_operation', 'rsrc2', 24, 1, all],
  ['enable_exception_fp_denormal_source', 'rsrc2', 25, 1, all],
  ['enable_exception_ieee_754_fp_division_by_zero', 'rsrc2', 26, 1, all],
  ['enable_exception_ieee_754_fp_overflow', 'rsrc2', 27, 1, all],
  ['enable_exception_ieee_754_fp_underflow', 'rsrc2', 28, 1, all],
  ['enable_exception_ieee_754_fp_inexact', 'rsrc2', 29, 1, all],
  ['enable_exception_int_divide_by_zero', 'rsrc2', 30, 1, all],
  ['enable_sgpr_private_segment_buffer', 'props', 0, 1, scratchSgprs],
  ['enable_sgpr_dispatch_ptr', 'props', 1, 1, all],
  ['enable_sgpr_queue_ptr', 'props', 2, 1, all],
  ['enable_sgpr_kernarg_segment_ptr', 'props', 3, 1, all],
  ['enable_sgpr_dispatch_id', 'props', 4, 1, all],
  ['enable_sgpr_flat_scratch_init', 'props', 5, 1, scratchSgprs],
  ['enable_sgpr_private_segment_size', 'props', 6, 1, all],
  ['uses_dynamic_stack', 'props', 11, 1, all],
  ['kernarg_preload_spec_length', 'preload', 0, 7, g90a],
  ['kernarg_preload_spec_offset', 'preload', 7, 9, g90a],
];

/**
 * Every named field of the descriptor that exists on `processor`, in descriptor order: the four whole
 * fields, then the bit fields of COMPUTE_PGM_RSRC3/1/2, kernel_code_properties and kernarg_preload as
 * raw encoded values (e.g. granulated_workitem_vgpr_count, not a VGPR count).
 */
export function kdFields(kd: KernelDescriptor, processor: string): Record<string, number | bigint> {
  const t = kdTarget(processor);
  const out: Record<string, number | bigint> = {
    group_segment_fixed_size: kd.groupSegmentFixedSize,
    private_segment_fixed_size: kd.privateSegmentFixedSize,
    kernarg_size: kd.kernargSize,
    kernel_code_entry_byte_offset: kd.kernelCodeEntryByteOffset,
  };
  for (const [name, reg, lo, width, applies] of FIELDS) {
    if (applies(t)) out[name] = field(regValue(kd, reg), lo, width);
  }
  return out;
}

/** The reason llvm-objdump gives up on a descriptor; it then dumps the 64 bytes instead. */
class KdReserved extends Error {}

/** llvm-objdump's wording for a set mask: `bit (N)` or `bits in range (HI:LO)`, LO/HI offset by `base`. */
function bitRange(lo: number, width: number, base = 0): string {
  return width === 1 ? `bit (${lo + base})` : `bits in range (${lo + width - 1 + base}:${lo + base})`;
}

export interface KdDirectiveOptions {
  /** llvm-objdump's `--mattr=+xnack`: prints `.amdhsa_reserve_xnack_mask 1`. Off by default, as in objdump. */
  xnack?: boolean;
  /**
   * The first 64 bytes of the section holding the descriptor. After a decode failure llvm-objdump-22 dumps
   * those rather than the descriptor's own bytes (it indexes the section from 0); without them the
   * descriptor's bytes are dumped, which is what objdump prints when the descriptor starts its section.
   */
  sectionHead?: Uint8Array;
}

/**
 * The text llvm-objdump-22 -D prints under the `<NAME.kd>:` label: `.amdhsa_kernel NAME` ...
 * `.end_amdhsa_kernel`, or, when a reserved bit is set, its error comment and the 64 bytes as `.byte` lines.
 * Every line ends in a newline.
 */
export function kdDirectives(
  kd: KernelDescriptor,
  name: string,
  processor: string,
  codeObjectVersion: number,
  opts: KdDirectiveOptions = {},
): string {
  const t = kdTarget(processor);
  const lines: string[] = [`.amdhsa_kernel ${name}`];
  try {
    emitDirectives(kd, t, codeObjectVersion, opts, lines);
  } catch (e) {
    if (!(e instanceof KdReserved)) throw e;
    const out = [`; error decoding ${name}.kd: ${e.message}`, '; decoding failed region as bytes'];
    const dumped = opts.sectionHead ?? encodeKernelDescriptor(kd);
    if (dumped.length < KD_SIZE) throw new RangeError(`sectionHead: ${dumped.length} bytes, need ${KD_SIZE}`);
    for (const b of dumped.subarray(0, KD_SIZE)) out.push(`\t.byte\t 0x${b.toString(16).toUpperCase()}`);
    return out.join('\n') + '\n';
  }
  lines.push('.end_amdhsa_kernel');
  return lines.join('\n') + '\n';
}

function emitDirectives(
  kd: KernelDescriptor,
  t: KdTarget,
  cov: number,
  opts: KdDirectiveOptions,
  lines: string[],
): void {
  let word = 0;
  const get = (lo: number, width: number) => field(word, lo, width);
  const put = (directive: string, value: number | string) => lines.push(`\t.amdhsa_${directive} ${value}`);
  const dir = (directive: string, lo: number, width = 1) => put(directive, get(lo, width));
  // Reserved fields inside a register are named after LLVM's mask macro (or the register) in the message.
  const reserved = (desc: string, lo: number, width: number, msg = '') => {
    if (get(lo, width) !== 0)
      throw new KdReserved(`kernel descriptor ${desc} reserved ${bitRange(lo, width)} set${msg}`);
  };
  const reservedBytes = (b: Uint8Array, at: number) => {
    if (b.some((x) => x !== 0)) {
      throw new KdReserved(
        `kernel descriptor reserved bits in range (${(at + b.length) * 8 - 1}:${at * 8}) set`,
      );
    }
  };

  put('group_segment_fixed_size', kd.groupSegmentFixedSize);
  put('private_segment_fixed_size', kd.privateSegmentFixedSize);
  put('kernarg_size', kd.kernargSize);
  reservedBytes(kd.reserved0, 12);
  reservedBytes(kd.reserved1, 24);

  word = kd.computePgmRsrc3 >>> 0;
  if (t.gfx90aInsts) {
    put('accum_offset', (get(0, 6) + 1) * 4);
    dir('tg_split', 16);
    reserved('COMPUTE_PGM_RSRC3', 6, 10, ', must be zero on gfx90a');
    reserved('COMPUTE_PGM_RSRC3', 17, 15, ', must be zero on gfx90a');
  } else if (word !== 0) {
    // objdump's wording, although gfx9 before gfx90a is included.
    throw new KdReserved('kernel descriptor COMPUTE_PGM_RSRC3 must be all zero before gfx9');
  }

  word = kd.computePgmRsrc1 >>> 0;
  // The counts cannot be inverted exactly; objdump prints the smallest values that re-encode to the same field,
  // as if no VCC, flat scratch or XNACK mask SGPRs were reserved.
  put('next_free_vgpr', (get(0, 6) + 1) * t.vgprEncodingGranule);
  put('reserve_vcc', 0);
  if (!t.architectedFlatScratch) put('reserve_flat_scratch', 0);
  put('reserve_xnack_mask', opts.xnack ? 1 : 0);
  put('next_free_sgpr', (get(6, 4) + 1) * t.sgprEncodingGranule);
  reserved('COMPUTE_PGM_RSRC1_PRIORITY', 10, 2);
  dir('float_round_mode_32', 12, 2);
  dir('float_round_mode_16_64', 14, 2);
  dir('float_denorm_mode_32', 16, 2);
  dir('float_denorm_mode_16_64', 18, 2);
  reserved('COMPUTE_PGM_RSRC1_PRIV', 20, 1);
  dir('dx10_clamp', 21);
  reserved('COMPUTE_PGM_RSRC1_DEBUG_MODE', 22, 1);
  dir('ieee_mode', 23);
  reserved('COMPUTE_PGM_RSRC1_BULKY', 24, 1);
  reserved('COMPUTE_PGM_RSRC1_CDBG_USER', 25, 1);
  if (t.gen >= 9) dir('fp16_overflow', 26);
  else reserved('COMPUTE_PGM_RSRC1', 26, 1, ', must be zero pre-gfx9');
  reserved('COMPUTE_PGM_RSRC1', 27, 1);
  reserved('COMPUTE_PGM_RSRC1', 28, 1);
  reserved('COMPUTE_PGM_RSRC1', 29, 3);

  word = kd.computePgmRsrc2 >>> 0;
  dir(
    t.architectedFlatScratch ? 'enable_private_segment' : 'system_sgpr_private_segment_wavefront_offset',
    0,
  );
  dir('system_sgpr_workgroup_id_x', 7);
  dir('system_sgpr_workgroup_id_y', 8);
  dir('system_sgpr_workgroup_id_z', 9);
  dir('system_sgpr_workgroup_info', 10);
  dir('system_vgpr_workitem_id', 11, 2);
  reserved('COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_ADDRESS_WATCH', 13, 1);
  reserved('COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_MEMORY', 14, 1);
  reserved('COMPUTE_PGM_RSRC2_GRANULATED_LDS_SIZE', 15, 9);
  dir('exception_fp_ieee_invalid_op', 24);
  dir('exception_fp_denorm_src', 25);
  dir('exception_fp_ieee_div_zero', 26);
  dir('exception_fp_ieee_overflow', 27);
  dir('exception_fp_ieee_underflow', 28);
  dir('exception_fp_ieee_inexact', 29);
  dir('exception_int_div_zero', 30);
  reserved('COMPUTE_PGM_RSRC2', 31, 1);

  // kernel_code_properties: messages give bit positions within the whole descriptor.
  word = kd.kernelCodeProperties & 0xffff;
  const propsReserved = (lo: number, width: number, msg = '') => {
    if (get(lo, width) !== 0) {
      throw new KdReserved(`kernel descriptor reserved ${bitRange(lo, width, 56 * 8)} set${msg}`);
    }
  };
  if (!t.architectedFlatScratch) dir('user_sgpr_private_segment_buffer', 0);
  dir('user_sgpr_dispatch_ptr', 1);
  dir('user_sgpr_queue_ptr', 2);
  dir('user_sgpr_kernarg_segment_ptr', 3);
  dir('user_sgpr_dispatch_id', 4);
  if (!t.architectedFlatScratch) dir('user_sgpr_flat_scratch_init', 5);
  dir('user_sgpr_private_segment_size', 6);
  propsReserved(7, 3);
  // ENABLE_WAVEFRONT_SIZE32 is only rejected on gfx9; GFX6-GFX8 ignore it silently.
  if (t.gen === 9) propsReserved(10, 1, ', must be zero on gfx9');
  if (cov >= 5) dir('uses_dynamic_stack', 11);
  propsReserved(12, 4);

  // Printed on every processor, but only when non-zero.
  word = kd.kernargPreload & 0xffff;
  if (get(0, 7) !== 0) dir('user_sgpr_kernarg_preload_length', 0, 7);
  if (get(7, 9) !== 0) dir('user_sgpr_kernarg_preload_offset', 7, 9);
  reservedBytes(kd.reserved3, 60);
}
