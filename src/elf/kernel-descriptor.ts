// The 64-byte HSA kernel descriptor (code object v3+): raw decode/encode that round-trips any bytes, the
// named bit fields per processor, and the `.amdhsa_kernel` text llvm-objdump-22 prints for a `NAME.kd`
// symbol. Bit positions follow the LLVM AMDGPU usage guide; the printing order, the values printed for
// fields the assembler derives (VGPR/SGPR counts, accum_offset) and the reserved-bit diagnostics follow
// llvm-objdump-22, which is the oracle.

import { findProcessor, genAtLeast, type Processor } from '../isa/processors.js';
import { ElfError } from './errors.js';
import { fieldOf, KD, KD_FIELDS, type KdField, kdReg } from './kd-fields.js';

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

/** The record of a processor whose descriptor layout is known (a target-id suffix is ignored). */
export function kdProcessor(processor: string): Processor {
  const r = findProcessor(processor);
  if (r === undefined) {
    throw new Error(`kernel descriptor: processor '${processor}' is not supported (GFX6-GFX9 only)`);
  }
  return r;
}

/**
 * Every named field of the descriptor that exists on `processor`, in descriptor order: the four whole
 * fields, then the bit fields of COMPUTE_PGM_RSRC3/1/2, kernel_code_properties and kernarg_preload as
 * raw encoded values (e.g. granulated_workitem_vgpr_count, not a VGPR count).
 */
export function kdFields(kd: KernelDescriptor, processor: string): Record<string, number | bigint> {
  const t = kdProcessor(processor);
  const out: Record<string, number | bigint> = {
    group_segment_fixed_size: kd.groupSegmentFixedSize,
    private_segment_fixed_size: kd.privateSegmentFixedSize,
    kernarg_size: kd.kernargSize,
    kernel_code_entry_byte_offset: kd.kernelCodeEntryByteOffset,
  };
  for (const fl of KD_FIELDS) if (fl.on(t)) out[fl.name] = fieldOf(kdReg(kd, fl.reg), fl);
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
  const t = kdProcessor(processor);
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
  t: Processor,
  cov: number,
  opts: KdDirectiveOptions,
  lines: string[],
): void {
  let word = 0;
  const get = (lo: number, width: number) => Math.floor(word / 2 ** lo) % 2 ** width;
  const put = (directive: string, value: number | string) => lines.push(`\t.amdhsa_${directive} ${value}`);
  // A field printed under its own directive, or under `directive` where that differs by processor.
  const dir = (fl: KdField, directive = fl.directive as string) => put(directive, fieldOf(word, fl));
  const afs = t.features.has('architected-flat-scratch');
  const g90a = t.features.has('gfx90a-insts');
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

  word = kdReg(kd, 'rsrc3');
  if (g90a) {
    put('accum_offset', (fieldOf(word, KD.accum_offset) + 1) * 4);
    dir(KD.tg_split, 'tg_split');
    reserved('COMPUTE_PGM_RSRC3', 6, 10, ', must be zero on gfx90a');
    reserved('COMPUTE_PGM_RSRC3', 17, 15, ', must be zero on gfx90a');
  } else if (word !== 0) {
    // objdump's wording, although gfx9 before gfx90a is included.
    throw new KdReserved('kernel descriptor COMPUTE_PGM_RSRC3 must be all zero before gfx9');
  }

  word = kdReg(kd, 'rsrc1');
  // The counts cannot be inverted exactly; objdump prints the smallest values that re-encode to the same field,
  // as if no VCC, flat scratch or XNACK mask SGPRs were reserved.
  put('next_free_vgpr', (fieldOf(word, KD.granulated_workitem_vgpr_count) + 1) * t.vgprEncodingGranule);
  put('reserve_vcc', 0);
  // llvm-objdump prints these two on every processor it disassembles (gfx8+). It cannot disassemble for
  // gfx6/gfx7, where llvm-mc rejects them ("directive requires gfx7+/gfx8+"): they are left out there so
  // that the text assembles back to the same descriptor.
  if (!afs && genAtLeast(t.generation, 'gfx7')) put('reserve_flat_scratch', 0);
  if (genAtLeast(t.generation, 'gfx8')) put('reserve_xnack_mask', opts.xnack ? 1 : 0);
  // gfx6 cannot say `.amdhsa_reserve_flat_scratch 0`, so the assembler always adds its 4 SGPRs there:
  // the printed count leaves them out, for the text to assemble back to the same granule.
  const alwaysReserved = genAtLeast(t.generation, 'gfx7') ? 0 : 4;
  put(
    'next_free_sgpr',
    (fieldOf(word, KD.granulated_wavefront_sgpr_count) + 1) * t.sgprEncodingGranule - alwaysReserved,
  );
  reserved('COMPUTE_PGM_RSRC1_PRIORITY', 10, 2);
  dir(KD.float_round_mode_32);
  dir(KD.float_round_mode_16_64);
  dir(KD.float_denorm_mode_32);
  dir(KD.float_denorm_mode_16_64);
  reserved('COMPUTE_PGM_RSRC1_PRIV', 20, 1);
  dir(KD.enable_dx10_clamp);
  reserved('COMPUTE_PGM_RSRC1_DEBUG_MODE', 22, 1);
  dir(KD.enable_ieee_mode);
  reserved('COMPUTE_PGM_RSRC1_BULKY', 24, 1);
  reserved('COMPUTE_PGM_RSRC1_CDBG_USER', 25, 1);
  if (KD.fp16_ovfl.on(t)) dir(KD.fp16_ovfl, 'fp16_overflow');
  else reserved('COMPUTE_PGM_RSRC1', 26, 1, ', must be zero pre-gfx9');
  reserved('COMPUTE_PGM_RSRC1', 27, 1);
  reserved('COMPUTE_PGM_RSRC1', 28, 1);
  reserved('COMPUTE_PGM_RSRC1', 29, 3);

  word = kdReg(kd, 'rsrc2');
  dir(
    KD.enable_private_segment,
    afs ? 'enable_private_segment' : 'system_sgpr_private_segment_wavefront_offset',
  );
  dir(KD.enable_sgpr_workgroup_id_x);
  dir(KD.enable_sgpr_workgroup_id_y);
  dir(KD.enable_sgpr_workgroup_id_z);
  dir(KD.enable_sgpr_workgroup_info);
  dir(KD.enable_vgpr_workitem_id);
  reserved('COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_ADDRESS_WATCH', 13, 1);
  reserved('COMPUTE_PGM_RSRC2_ENABLE_EXCEPTION_MEMORY', 14, 1);
  reserved('COMPUTE_PGM_RSRC2_GRANULATED_LDS_SIZE', 15, 9);
  dir(KD.enable_exception_ieee_754_fp_invalid_operation);
  dir(KD.enable_exception_fp_denormal_source);
  dir(KD.enable_exception_ieee_754_fp_division_by_zero);
  dir(KD.enable_exception_ieee_754_fp_overflow);
  dir(KD.enable_exception_ieee_754_fp_underflow);
  dir(KD.enable_exception_ieee_754_fp_inexact);
  dir(KD.enable_exception_int_divide_by_zero);
  reserved('COMPUTE_PGM_RSRC2', 31, 1);

  // kernel_code_properties: messages give bit positions within the whole descriptor.
  word = kdReg(kd, 'props');
  const propsReserved = (lo: number, width: number, msg = '') => {
    if (get(lo, width) !== 0) {
      throw new KdReserved(`kernel descriptor reserved ${bitRange(lo, width, 56 * 8)} set${msg}`);
    }
  };
  if (KD.enable_sgpr_private_segment_buffer.on(t)) dir(KD.enable_sgpr_private_segment_buffer);
  dir(KD.enable_sgpr_dispatch_ptr);
  dir(KD.enable_sgpr_queue_ptr);
  dir(KD.enable_sgpr_kernarg_segment_ptr);
  dir(KD.enable_sgpr_dispatch_id);
  if (KD.enable_sgpr_flat_scratch_init.on(t)) dir(KD.enable_sgpr_flat_scratch_init);
  dir(KD.enable_sgpr_private_segment_size);
  propsReserved(7, 3);
  // ENABLE_WAVEFRONT_SIZE32 is only rejected on gfx9; GFX6-GFX8 ignore it silently.
  if (t.generation === 'gfx9') propsReserved(10, 1, ', must be zero on gfx9');
  if (cov >= 5) dir(KD.uses_dynamic_stack);
  propsReserved(12, 4);

  // Printed on every processor, but only when non-zero.
  word = kdReg(kd, 'preload');
  const preloadLength = KD.kernarg_preload_spec_length;
  const preloadOffset = KD.kernarg_preload_spec_offset;
  if (fieldOf(word, preloadLength) !== 0) dir(preloadLength, 'user_sgpr_kernarg_preload_length');
  if (fieldOf(word, preloadOffset) !== 0) dir(preloadOffset, 'user_sgpr_kernarg_preload_offset');
  reservedBytes(kd.reserved3, 60);
}
