// The `.amdhsa_kernel NAME` ... `.end_amdhsa_kernel` block: each `.amdhsa_*` directive is checked as llvm-mc-22
// checks it, and `.end_amdhsa_kernel` produces the 64-byte kernel descriptor llvm-mc-22 emits, or its errors.
// Facts follow the AMDGPU usage guide's "AMDHSA Kernel Assembler Directives" table; where LLVM 22 differs from
// it (wording, check order, which SGPRs count), llvm-mc-22 is the oracle and the fixtures in
// test/fixtures/amdhsa/ record what it does. GFX6-GFX9 only (the processor records in src/isa/processors.ts);
// the fields are those of src/elf/kd-fields.ts. The code object
// version changes nothing here in LLVM 22 (`.amdhsa_uses_dynamic_stack` is accepted and encoded in v4 too).
import { fieldOfDirective, KD, type KdField, type KdReg, withField } from '../elf/kd-fields.js';
import { type KernelDescriptor, kdProcessor } from '../elf/kernel-descriptor.js';
import { genAtLeast, type Processor } from '../isa/processors.js';

/** A diagnostic at a 1-based line and column, as llvm-mc prints it (`file:line:col: error: message`). */
export interface AmdhsaDiag {
  line: number;
  col: number;
  message: string;
}

export type TargetIdSetting = 'on' | 'off' | 'any';

export interface AmdhsaFeatures {
  /** llvm-mc's `-mattr=+xnack` / `-xnack`; unset means the target id's default, `any` where XNACK exists. */
  xnack?: TargetIdSetting;
  /** Accepted for symmetry with the target id; it changes nothing in the descriptor. */
  sramecc?: TargetIdSetting;
  /** `-mattr=+tgsplit`: the default of `.amdhsa_tg_split` on gfx90a and later. */
  tgsplit?: boolean;
}

export interface AmdhsaKernelOk {
  /** The descriptor with kernelCodeEntryByteOffset 0n: the assembler fills it (or emits a relocation). */
  kd: KernelDescriptor;
  /**
   * KERNEL_CODE_ENTRY_BYTE_OFFSET is `entrySymbol - NAME.kd`. llvm-mc-22 leaves the field zero and emits an
   * R_AMDGPU_REL64 at descriptor offset 16, even when both symbols share a section: against the symbol with
   * addend 16 when it is global, else against its section with addend (its offset + 16).
   */
  entrySymbol: string;
}

export type AmdhsaKernelResult = AmdhsaKernelOk | { errors: AmdhsaDiag[] };

/** Every directive llvm-mc-22 recognises inside `.amdhsa_kernel`, on any target. */
export const AMDHSA_DIRECTIVES: readonly string[] = [
  '.amdhsa_group_segment_fixed_size',
  '.amdhsa_private_segment_fixed_size',
  '.amdhsa_kernarg_size',
  '.amdhsa_user_sgpr_count',
  '.amdhsa_user_sgpr_private_segment_buffer',
  '.amdhsa_user_sgpr_kernarg_preload_length',
  '.amdhsa_user_sgpr_kernarg_preload_offset',
  '.amdhsa_user_sgpr_dispatch_ptr',
  '.amdhsa_user_sgpr_queue_ptr',
  '.amdhsa_user_sgpr_kernarg_segment_ptr',
  '.amdhsa_user_sgpr_dispatch_id',
  '.amdhsa_user_sgpr_flat_scratch_init',
  '.amdhsa_user_sgpr_private_segment_size',
  '.amdhsa_wavefront_size32',
  '.amdhsa_uses_dynamic_stack',
  '.amdhsa_system_sgpr_private_segment_wavefront_offset',
  '.amdhsa_enable_private_segment',
  '.amdhsa_system_sgpr_workgroup_id_x',
  '.amdhsa_system_sgpr_workgroup_id_y',
  '.amdhsa_system_sgpr_workgroup_id_z',
  '.amdhsa_system_sgpr_workgroup_info',
  '.amdhsa_system_vgpr_workitem_id',
  '.amdhsa_next_free_vgpr',
  '.amdhsa_next_free_sgpr',
  '.amdhsa_accum_offset',
  '.amdhsa_reserve_vcc',
  '.amdhsa_reserve_flat_scratch',
  '.amdhsa_reserve_xnack_mask',
  '.amdhsa_float_round_mode_32',
  '.amdhsa_float_round_mode_16_64',
  '.amdhsa_float_denorm_mode_32',
  '.amdhsa_float_denorm_mode_16_64',
  '.amdhsa_dx10_clamp',
  '.amdhsa_ieee_mode',
  '.amdhsa_fp16_overflow',
  '.amdhsa_tg_split',
  '.amdhsa_workgroup_processor_mode',
  '.amdhsa_memory_ordered',
  '.amdhsa_forward_progress',
  '.amdhsa_shared_vgpr_count',
  '.amdhsa_inst_pref_size',
  '.amdhsa_named_barrier_count',
  '.amdhsa_round_robin_scheduling',
  '.amdhsa_exception_fp_ieee_invalid_op',
  '.amdhsa_exception_fp_denorm_src',
  '.amdhsa_exception_fp_ieee_div_zero',
  '.amdhsa_exception_fp_ieee_overflow',
  '.amdhsa_exception_fp_ieee_underflow',
  '.amdhsa_exception_fp_ieee_inexact',
  '.amdhsa_exception_int_div_zero',
];

/** LLVM's getMaxNumUserSGPRs before GFX11. */
const MAX_USER_SGPRS = 16n;

/** GFX10+ directives: on GFX6-GFX9 each is rejected before its value is looked at, with this message. */
const LATER_GFX: Record<string, string> = {
  '.amdhsa_wavefront_size32': 'directive requires gfx10+',
  '.amdhsa_memory_ordered': 'directive requires gfx10+',
  '.amdhsa_forward_progress': 'directive requires gfx10+',
  '.amdhsa_shared_vgpr_count': 'directive requires gfx10 or gfx11',
  '.amdhsa_inst_pref_size': 'directive requires gfx11+',
  '.amdhsa_named_barrier_count': 'directive requires gfx1250+',
  '.amdhsa_round_robin_scheduling': 'directive requires gfx12+',
};

const OUT_OF_RANGE = 'value out of range';
const WITH_AFS = 'directive is not supported with architected flat scratch';
const WITHOUT_AFS = 'directive is not supported without architected flat scratch';
const REQ_GFX90A = 'directive requires gfx90a+';

const fits = (v: bigint, width: number): boolean => v < 1n << BigInt(width);

/** LLVM's getNumGPRBlocks: alignTo(max(1, n), granule) / granule - 1. */
const blocks = (n: bigint, granule: bigint): bigint => ((n > 1n ? n : 1n) + granule - 1n) / granule - 1n;

interface Located {
  value: bigint;
  line: number;
  col: number;
}

/**
 * One `.amdhsa_kernel` block. Feed each directive with its evaluated value; the first diagnostic ends the block
 * (llvm-mc stops parsing it there, so the lines that follow, `.end_amdhsa_kernel` included, are ordinary
 * statements to the assembler and each is an "unknown directive"). Then call finish at `.end_amdhsa_kernel`.
 * llvm-mc emits the 64 bytes at the current position without aligning it, as `NAME.kd` (STT_OBJECT, size 64,
 * NAME's binding), and gives NAME protected visibility.
 */
export class AmdhsaKernelBlock {
  /** The symbol the descriptor's entry offset points at: the kernel name. */
  readonly entrySymbol: string;
  private readonly t: Processor;
  private readonly cpu: string;
  private readonly xnackOnOrAny: boolean;
  private readonly initBug: boolean;
  private readonly seen = new Set<string>();
  private readonly regs: Record<KdReg, number>;
  private sizes = { group: 0, priv: 0, kernarg: 0 };
  private explicitUserSgprs: bigint | undefined;
  private impliedUserSgprs = 0n;
  private preloadLength = 0n;
  private preloadOffset = 0n;
  private reserveVcc = true;
  private reserveFlatScratch = true;
  private nextFreeVgpr: Located | undefined;
  private nextFreeSgpr: Located | undefined;
  private accumOffset = 0n;
  private state: 'open' | 'failed' | 'finished' = 'open';

  constructor(
    readonly name: string,
    processor: string,
    readonly codeObjectVersion: number,
    features: AmdhsaFeatures,
    readonly startLine: number,
    readonly startCol: number,
  ) {
    const [cpu, ...suffixes] = processor.split(':');
    this.t = kdProcessor(cpu);
    if (!this.t.inLlvm22) throw new Error(`.amdhsa_kernel: '${cpu}' is not a processor llvm-mc-22 knows`);
    this.cpu = cpu;
    this.entrySymbol = name;
    // A target-id suffix (`gfx90a:xnack+`) says the same as -mattr; an explicit feature wins.
    const fromId = suffixes.includes('xnack+') ? 'on' : suffixes.includes('xnack-') ? 'off' : 'any';
    const xnack = features.xnack ?? fromId;
    this.xnackOnOrAny = this.t.features.has('xnack') && xnack !== 'off';
    this.initBug = this.t.features.has('sgpr-init-bug');
    // LLVM's getDefaultAmdhsaKernelDescriptor for GFX6-GFX9: FLOAT_DENORM_MODE_16_64 = 3 (no flushing),
    // DX10_CLAMP and IEEE_MODE on, ENABLE_SGPR_WORKGROUP_ID_X on, TG_SPLIT from the tgsplit feature.
    this.regs = { rsrc1: 0, rsrc2: 0, rsrc3: 0, props: 0, preload: 0 };
    this.set(KD.float_denorm_mode_16_64, 3n);
    this.set(KD.enable_dx10_clamp, 1n);
    this.set(KD.enable_ieee_mode, 1n);
    this.set(KD.enable_sgpr_workgroup_id_x, 1n);
    if (KD.tg_split.on(this.t) && features.tgsplit) this.set(KD.tg_split, 1n);
  }

  private set(fl: KdField, v: bigint): void {
    this.regs[fl.reg] = withField(this.regs[fl.reg], fl, Number(v));
  }

  /**
   * One `.amdhsa_*` directive (`name` as written, with its dot) and its value, already evaluated as llvm-mc's
   * 64-bit signed expression value. `col` is the directive's column, `valueCol` the column of the value's
   * first token. Returns the diagnostic that ends the block, or null.
   */
  directive(name: string, value: bigint, line: number, col: number, valueCol: number): AmdhsaDiag | null {
    if (this.state !== 'open')
      throw new Error(`.amdhsa_kernel ${this.name}: directive after the block ended`);
    const d = this.check(name, BigInt.asIntN(64, value), line, col, valueCol);
    if (d) this.state = 'failed';
    return d;
  }

  private check(name: string, v: bigint, line: number, col: number, valueCol: number): AmdhsaDiag | null {
    const at = (message: string): AmdhsaDiag => ({ line, col, message });
    const range = (): AmdhsaDiag => ({ line, col: valueCol, message: OUT_OF_RANGE });
    const bits = (fl: KdField): AmdhsaDiag | null => {
      if (!fits(v, fl.width)) return range();
      this.set(fl, v);
      return null;
    };
    const t = this.t;
    const afs = t.features.has('architected-flat-scratch');

    if (this.seen.has(name))
      return { line, col: valueCol, message: '.amdhsa_ directives cannot be repeated' };
    this.seen.add(name);
    if (v < 0n) return range();

    const later = LATER_GFX[name];
    if (later) return at(later);
    const plain = fieldOfDirective(name);
    if (plain) {
      // The fields that exist only without architected flat scratch are the scratch user SGPRs.
      if (!plain.on(t)) return at(WITH_AFS);
      const d = bits(plain);
      if (!d && v && plain.userSgprs) this.impliedUserSgprs += BigInt(plain.userSgprs);
      return d;
    }

    switch (name) {
      case '.amdhsa_group_segment_fixed_size':
      case '.amdhsa_private_segment_fixed_size':
      case '.amdhsa_kernarg_size': {
        if (!fits(v, 32)) return range();
        const key = name === '.amdhsa_kernarg_size' ? 'kernarg' : name.includes('group') ? 'group' : 'priv';
        this.sizes[key] = Number(v);
        return null;
      }
      case '.amdhsa_user_sgpr_count':
        // Kept in an `unsigned`: the value is truncated to 32 bits, not range-checked.
        this.explicitUserSgprs = v & 0xffffffffn;
        return null;
      case '.amdhsa_user_sgpr_kernarg_preload_length': {
        if (!KD.kernarg_preload_spec_length.on(t)) return at(REQ_GFX90A);
        if (v > MAX_USER_SGPRS) return range();
        const d = bits(KD.kernarg_preload_spec_length);
        if (!d && v) {
          this.impliedUserSgprs += v;
          this.preloadLength = v;
        }
        return d;
      }
      case '.amdhsa_user_sgpr_kernarg_preload_offset': {
        if (!KD.kernarg_preload_spec_offset.on(t)) return at(REQ_GFX90A);
        if (v >= 1024n) return range();
        const d = bits(KD.kernarg_preload_spec_offset);
        if (!d && v) this.preloadOffset = v;
        return d;
      }
      case '.amdhsa_system_sgpr_private_segment_wavefront_offset':
        return afs ? at(WITH_AFS) : bits(KD.enable_private_segment);
      case '.amdhsa_enable_private_segment':
        return afs ? bits(KD.enable_private_segment) : at(WITHOUT_AFS);
      case '.amdhsa_next_free_vgpr':
        this.nextFreeVgpr = { value: v, line, col: valueCol };
        return null;
      case '.amdhsa_next_free_sgpr':
        this.nextFreeSgpr = { value: v, line, col: valueCol };
        return null;
      case '.amdhsa_accum_offset':
        if (!KD.accum_offset.on(t)) return at(REQ_GFX90A);
        this.accumOffset = v;
        return null;
      case '.amdhsa_reserve_vcc':
        if (!fits(v, 1)) return range();
        this.reserveVcc = v === 1n;
        return null;
      case '.amdhsa_reserve_flat_scratch':
        if (!genAtLeast(t.generation, 'gfx7')) return at('directive requires gfx7+');
        if (afs) return at(WITH_AFS);
        if (!fits(v, 1)) return range();
        this.reserveFlatScratch = v === 1n;
        return null;
      case '.amdhsa_reserve_xnack_mask':
        // Not a setting: it may only restate what the target id implies.
        if (!genAtLeast(t.generation, 'gfx8')) return at('directive requires gfx8+');
        if (!fits(v, 1)) return range();
        if ((v === 1n) !== this.xnackOnOrAny)
          return at('.amdhsa_reserve_xnack_mask does not match target id');
        return null;
      case '.amdhsa_fp16_overflow':
        return KD.fp16_ovfl.on(t) ? bits(KD.fp16_ovfl) : at('directive requires gfx9+');
      case '.amdhsa_tg_split':
        return KD.tg_split.on(t) ? bits(KD.tg_split) : at(REQ_GFX90A);
      case '.amdhsa_workgroup_processor_mode':
        return at(`directive unsupported on ${this.cpu}`);
      default:
        return at('unknown .amdhsa_kernel directive');
    }
  }

  /** SGPRs the hardware reserves past next_free_sgpr: VCC, FLAT_SCRATCH and the XNACK mask (IsaInfo::getNumExtraSGPRs). */
  private extraSgprs(): bigint {
    let extra = this.reserveVcc ? 2n : 0n;
    if (!genAtLeast(this.t.generation, 'gfx8')) {
      if (this.reserveFlatScratch) extra = 4n;
    } else {
      if (this.xnackOnOrAny) extra = 4n;
      // Architected flat scratch still occupies the FLAT_SCRATCH SGPRs.
      if (this.reserveFlatScratch || this.t.features.has('architected-flat-scratch')) extra = 6n;
    }
    return extra;
  }

  /**
   * `.end_amdhsa_kernel`: `endLine`/`endCol` locate the token after it, where llvm-mc reports the errors found
   * only at the end (the first non-blank character after `.end_amdhsa_kernel`, a comment's start, or the end of
   * the line). Returns the descriptor or the diagnostic (llvm-mc stops at the first).
   */
  finish(endLine: number, endCol: number): AmdhsaKernelResult {
    if (this.state !== 'open') throw new Error(`.amdhsa_kernel ${this.name}: finish after the block ended`);
    const res = this.build(endLine, endCol);
    this.state = 'errors' in res ? 'failed' : 'finished';
    return res;
  }

  private build(endLine: number, endCol: number): AmdhsaKernelResult {
    const t = this.t;
    const fail = (message: string, line = endLine, col = endCol): AmdhsaKernelResult => ({
      errors: [{ line, col, message }],
    });
    const vgpr = this.nextFreeVgpr;
    const sgpr = this.nextFreeSgpr;
    if (!vgpr) return fail('.amdhsa_next_free_vgpr directive is required');
    if (!sgpr) return fail('.amdhsa_next_free_sgpr directive is required');

    // GFX8+ without the init bug limit next_free_sgpr itself; GFX6-GFX7 and the init bug limit the total
    // with the reserved SGPRs. The wording is always "value out of range", at the value.
    const addressable = BigInt(t.sgprs);
    const gfx8Plus = genAtLeast(t.generation, 'gfx8');
    if (gfx8Plus && !this.initBug && sgpr.value > addressable) return fail(OUT_OF_RANGE, sgpr.line, sgpr.col);
    const extra = this.extraSgprs();
    if ((!gfx8Plus || this.initBug) && sgpr.value + extra > addressable) {
      return fail(OUT_OF_RANGE, sgpr.line, sgpr.col);
    }
    const vgprBlocks = blocks(vgpr.value, BigInt(t.vgprEncodingGranule));
    if (!fits(vgprBlocks, 6)) return fail(OUT_OF_RANGE, vgpr.line, vgpr.col);

    const explicit = this.explicitUserSgprs;
    if (explicit !== undefined && this.impliedUserSgprs > explicit) {
      return fail('amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs');
    }
    const userSgprs = explicit ?? this.impliedUserSgprs;
    if (!fits(userSgprs, 5)) return fail('too many user SGPRs enabled');

    const kernarg = BigInt(this.sizes.kernarg);
    if (this.preloadLength && kernarg && (this.preloadLength + this.preloadOffset) * 4n > kernarg) {
      return fail('Kernarg preload length + offset is larger than the kernarg segment size');
    }

    if (KD.accum_offset.on(t)) {
      if (!this.seen.has('.amdhsa_accum_offset')) return fail('.amdhsa_accum_offset directive is required');
      const acc = this.accumOffset;
      if (acc < 4n || acc > 256n || acc % 4n !== 0n) {
        return fail('accum_offset should be in range [4..256] in increments of 4');
      }
      const total = vgpr.value > 1n ? vgpr.value : 1n;
      if (acc > ((total + 3n) / 4n) * 4n) return fail('accum_offset exceeds total VGPR allocation');
      this.set(KD.accum_offset, acc / 4n - 1n);
    }

    // Preloaded kernel arguments arrive in user SGPRs the code need not name, so with preloading the SGPR
    // count covers all user SGPRs.
    let numSgprs = sgpr.value;
    if (this.preloadLength && userSgprs > numSgprs) numSgprs = userSgprs;
    // FeatureSGPRInitBug: the hardware is always given the fixed count (the record's sgprs), so that is encoded.
    numSgprs = this.initBug ? BigInt(t.sgprs) : numSgprs + extra;
    this.set(KD.granulated_workitem_vgpr_count, vgprBlocks);
    this.set(KD.granulated_wavefront_sgpr_count, blocks(numSgprs, BigInt(t.sgprEncodingGranule)));
    this.set(KD.user_sgpr_count, userSgprs);

    const zeros = (n: number) => new Uint8Array(n);
    const kd: KernelDescriptor = {
      groupSegmentFixedSize: this.sizes.group,
      privateSegmentFixedSize: this.sizes.priv,
      kernargSize: this.sizes.kernarg,
      reserved0: zeros(4),
      kernelCodeEntryByteOffset: 0n,
      reserved1: zeros(20),
      computePgmRsrc3: this.regs.rsrc3,
      computePgmRsrc1: this.regs.rsrc1,
      computePgmRsrc2: this.regs.rsrc2,
      kernelCodeProperties: this.regs.props,
      kernargPreload: this.regs.preload,
      reserved3: zeros(4),
    };
    return { kd, entrySymbol: this.entrySymbol };
  }
}
