// What a dispatch's waves start with, read once per dispatch: from a kernel descriptor (the AQL path,
// where the command processor's firmware turns the descriptor's enables into user SGPRs: pointers to
// the packet, queue and kernel arguments, the private segment buffer, flat scratch init) or from the
// COMPUTE_* registers a PM4 stream wrote (the hardware path: user SGPRs are COMPUTE_USER_DATA_0..15 as
// written, the system SGPRs and VGPR thread-id components follow COMPUTE_PGM_RSRC2's enables, MODE
// follows COMPUTE_PGM_RSRC1's float controls, and scratch is the driver's: each wave's offset is its
// slot times COMPUTE_TMPRING_SIZE.WAVESIZE).

import { KD, type KdField, kdGet } from '../elf/kd-fields.js';
import type { KernelDescriptor } from '../elf/kernel-descriptor.js';

/**
 * A dispatch started from registers, with the fields the wave set-up uses already extracted from the
 * register words (the PM4 executor does that through the register tables of src/cp/pm4/registers.ts).
 */
export interface ComputeRegisters {
  /** COMPUTE_USER_DATA_0..15. */
  readonly userData: readonly number[];
  /** COMPUTE_PGM_RSRC2.USER_SGPR: how many of them the waves get. */
  readonly userSgprs: number;
  /** COMPUTE_PGM_RSRC2.TGID_X_EN, TGID_Y_EN, TGID_Z_EN. */
  readonly tgid: readonly [boolean, boolean, boolean];
  /** COMPUTE_PGM_RSRC2.TG_SIZE_EN. */
  readonly tgSize: boolean;
  /** COMPUTE_PGM_RSRC2.SCRATCH_EN: the wave's scratch offset follows the other system SGPRs. */
  readonly scratch: boolean;
  /** COMPUTE_PGM_RSRC2.TIDIG_COMP_CNT: thread-id components in VGPRs 0-2 beyond x. */
  readonly tidigCompCnt: number;
  /** COMPUTE_PGM_RSRC1.VGPRS: VGPR granules minus one. */
  readonly vgprGranules: number;
  /** COMPUTE_PGM_RSRC1's FLOAT_MODE, DX10_CLAMP and IEEE_MODE as the MODE register's bits 0-9. */
  readonly mode: number;
  /** COMPUTE_TMPRING_SIZE.WAVESIZE in bytes: a wave slot's scratch. */
  readonly waveScratchBytes: number;
  /** COMPUTE_TMPRING_SIZE.WAVES: scratch wave slots. */
  readonly scratchWaves: number;
  /**
   * gfx7/gfx8 flat scratch: the private base the kernel driver programs per VMID
   * (SH_HIDDEN_PRIVATE_BASE_VMID), which FLAT_SCRATCH_HI's offsets count from.
   */
  readonly privateBase?: number;
}

export interface WavePlan {
  readonly privateSegmentBuffer: boolean;
  readonly dispatchPtr: boolean;
  readonly queuePtr: boolean;
  readonly kernargPtr: boolean;
  readonly dispatchId: boolean;
  readonly flatScratchInit: boolean;
  readonly privateSegmentSize: boolean;
  readonly userSgprCount: number;
  readonly wgX: boolean;
  readonly wgY: boolean;
  readonly wgZ: boolean;
  readonly wgInfo: boolean;
  readonly privateSegment: boolean;
  readonly workitemIds: number;
  readonly mode: number;
  /** VGPR granules minus one (compute_pgm_rsrc1.VGPRS). */
  readonly vgprGranules: number;
  /** Registers path: the user SGPRs' values as written, and the scratch wave slots. */
  readonly userData?: readonly number[];
  readonly waveScratchBytes?: number;
  readonly scratchWaves?: number;
  readonly privateBase?: number;
}

/** The MODE register a wave starts with, from compute_pgm_rsrc1's float controls. */
export function initialMode(kd: KernelDescriptor): number {
  return (
    (kdGet(kd, KD.float_round_mode_32) |
      (kdGet(kd, KD.float_round_mode_16_64) << 2) |
      (kdGet(kd, KD.float_denorm_mode_32) << 4) |
      (kdGet(kd, KD.float_denorm_mode_16_64) << 6) |
      (kdGet(kd, KD.enable_dx10_clamp) << 8) |
      (kdGet(kd, KD.enable_ieee_mode) << 9)) >>>
    0
  );
}

// Cached per descriptor or register set: each kdGet divides a register word, and a dispatch sets up
// thousands of waves.
const PLANS = new WeakMap<object, WavePlan>();

/** The plan of a kernel descriptor (the AQL path). */
export function planOfDescriptor(kd: KernelDescriptor): WavePlan {
  let plan = PLANS.get(kd);
  if (plan === undefined) {
    const on = (fl: KdField) => kdGet(kd, fl) !== 0;
    plan = {
      privateSegmentBuffer: on(KD.enable_sgpr_private_segment_buffer),
      dispatchPtr: on(KD.enable_sgpr_dispatch_ptr),
      queuePtr: on(KD.enable_sgpr_queue_ptr),
      kernargPtr: on(KD.enable_sgpr_kernarg_segment_ptr),
      dispatchId: on(KD.enable_sgpr_dispatch_id),
      flatScratchInit: on(KD.enable_sgpr_flat_scratch_init),
      privateSegmentSize: on(KD.enable_sgpr_private_segment_size),
      userSgprCount: kdGet(kd, KD.user_sgpr_count),
      wgX: on(KD.enable_sgpr_workgroup_id_x),
      wgY: on(KD.enable_sgpr_workgroup_id_y),
      wgZ: on(KD.enable_sgpr_workgroup_id_z),
      wgInfo: on(KD.enable_sgpr_workgroup_info),
      privateSegment: on(KD.enable_private_segment),
      workitemIds: kdGet(kd, KD.enable_vgpr_workitem_id),
      mode: initialMode(kd),
      vgprGranules: kdGet(kd, KD.granulated_workitem_vgpr_count),
    };
    PLANS.set(kd, plan);
  }
  return plan;
}

/** The plan of a register set (the PM4 path): no firmware-made user SGPRs, the data as written. */
export function planOfRegisters(r: ComputeRegisters): WavePlan {
  let plan = PLANS.get(r);
  if (plan === undefined) {
    plan = {
      privateSegmentBuffer: false,
      dispatchPtr: false,
      queuePtr: false,
      kernargPtr: false,
      dispatchId: false,
      flatScratchInit: false,
      privateSegmentSize: false,
      userSgprCount: r.userSgprs,
      wgX: r.tgid[0],
      wgY: r.tgid[1],
      wgZ: r.tgid[2],
      wgInfo: r.tgSize,
      privateSegment: r.scratch,
      workitemIds: r.tidigCompCnt,
      mode: r.mode,
      vgprGranules: r.vgprGranules,
      userData: r.userData,
      waveScratchBytes: r.waveScratchBytes,
      scratchWaves: r.scratchWaves,
      privateBase: r.privateBase,
    };
    PLANS.set(r, plan);
  }
  return plan;
}
