// The architectural state of one wavefront, laid out for the interpreter's hot path: every register file
// is a typed array and special scalar registers live at their operand codes, so that an SGPR-or-special
// source is a single index (`s[code]`) with no branching.

import type { Inst } from './inst.js';
import { releaseSlot, SLOT_REGISTRY, takeSlot, vregClear, vregMemory } from './jit/vregs.js';
import type { GwsState } from './mem/ds-gws.js';
import type { DeviceMemory } from './memory.js';
import type { SentMessage } from './salu/ops-system.js';
import { WaveSys } from './trap.js';

/** Scalar operand codes of the special registers (gfx9), used as indices into Wave.s. */
export const FLAT_SCRATCH_LO = 102;
export const FLAT_SCRATCH_HI = 103;
export const XNACK_MASK_LO = 104;
export const XNACK_MASK_HI = 105;
export const VCC_LO = 106;
export const VCC_HI = 107;
export const TTMP0 = 108;
export const M0 = 124;
export const EXEC_LO = 126;
export const EXEC_HI = 127;

/** Lanes per wavefront on gfx9. */
export const WAVE_SIZE = 64;
/** LDS bytes a workgroup can address on gfx9 (one page of the WebAssembly memory, jit/vregs.ts). */
const LDS_BYTES = 65536;

const ZERO_SGPRS = new Uint32Array(128);
/** Zeroed arrays of n VGPRs' words, by n (made on first use; never written). */
const ZERO_ROWS: Uint32Array[] = [];

function zeroRows(n: number): Uint32Array {
  let z = ZERO_ROWS[n];
  if (z === undefined) {
    z = new Uint32Array(n * WAVE_SIZE);
    ZERO_ROWS[n] = z;
  }
  return z;
}

/** Where a FLAT address lands, decided by its high dword (the gfx9 apertures are 4 GiB each). */
export const SHARED_APERTURE_HI = 0x1_0000;
export const PRIVATE_APERTURE_HI = 0x2_0000;

/** State shared by the waves of one workgroup. */
export class Workgroup {
  /** Group segment (LDS) bytes: 64 KiB on gfx9, of which `ldsSize` are allocated to this group. */
  lds = new Uint8Array(LDS_BYTES);
  ldsView = new DataView(this.lds.buffer);
  /** The LDS as dwords (the translating engine's aligned accesses). */
  ldsWords = new Int32Array(this.lds.buffer);
  ldsSize = 0;
  /**
   * Byte offset of the LDS in the translating engine's WebAssembly memory (useRegisterMemory), where its
   * SIMD lane loops can reach it, or -1 when it is in a buffer of its own.
   */
  ldsBase = -1;

  /**
   * Moves the LDS to a page of the WebAssembly memory if one is free (jit/vregs.ts), so that the SIMD lane
   * loops can run LDS accesses; before any use, as its contents are not carried over. The owner must call
   * releaseLds() when done.
   */
  useRegisterMemory(): void {
    if (this.ldsBase >= 0) return;
    const mem = vregMemory();
    const at = mem !== null ? takeSlot() : -1;
    if (mem === null || at < 0) return;
    this.ldsBase = at;
    this.lds = new Uint8Array(mem.buffer, at, LDS_BYTES);
    this.ldsView = new DataView(mem.buffer, at, LDS_BYTES);
    this.ldsWords = new Int32Array(mem.buffer, at, LDS_BYTES / 4);
    SLOT_REGISTRY?.register(this, [at], this);
  }

  /** Gives the LDS's page back (useRegisterMemory); the LDS is then a buffer of its own again. */
  releaseLds(): void {
    if (this.ldsBase < 0) return;
    SLOT_REGISTRY?.unregister(this);
    releaseSlot(this.ldsBase);
    this.ldsBase = -1;
    this.lds = new Uint8Array(LDS_BYTES);
    this.ldsView = new DataView(this.lds.buffer);
    this.ldsWords = new Int32Array(this.lds.buffer);
  }
  /** Workgroup id per dimension. */
  readonly id = new Uint32Array(3);
  /** Flat workgroup index within the dispatch, for reports. */
  index = 0;
  /** The group's waves (the first waveCount are live), for ops ordered between them (ds_ordered_count). */
  waves: readonly Wave[] = [];
  waveCount = 0;
}

/**
 * What every wave of a dispatch shares: memory, the program, and identification for fault reports. The
 * dispatcher fills it; instruction handlers only read it.
 */
export interface DispatchContext {
  readonly mem: DeviceMemory;
  readonly kernel: string;
  /** Decoded instruction at a byte address (decoding on first use); throws for bad code addresses. */
  inst(pc: number): Inst;
  /** Dispatch start time for s_memrealtime (ns on the performance.now() clock) and a counter for s_memtime. */
  readonly startNs: number;
  clock: number;
  /** Messages the waves sent (s_sendmsg), when the dispatcher collects them. */
  messages?: SentMessage[];
  /** The global wave sync (GWS) resources and ordered counters, created on first use. */
  gws?: GwsState;
  /**
   * gfx7/gfx8 only (absent on gfx9, where FLAT_SCRATCH is the wave's scratch address): FLAT_SCRATCH holds
   * the wave's offset from the private base in 256-byte units (HI) and a work-item's size (LO); `sgpr` is
   * where FLAT_SCRATCH_LO is (104 on gfx7, 102 on gfx8), `privateBase` the device address offsets count from.
   */
  readonly flatScratch?: { readonly sgpr: number; readonly privateBase: number };
}

export class Wave {
  /** SGPRs 0-101 and the special registers at their operand codes (VCC at 106, M0 at 124, EXEC at 126...). */
  readonly s = new Uint32Array(128);
  /** VGPRs: register r of lane l at [r * 64 + l]. */
  readonly v: Uint32Array;
  /** The VGPRs as f32 values (the same memory as v), for the translating engine's lane loops. */
  readonly vf: Float32Array;
  /**
   * VGPR r of all lanes as a view of `v`, made once per wave: copying a register with set() from these is
   * the fastest copy, and a subarray per copy would allocate on the interpreter's hot path.
   */
  readonly vRow: readonly Uint32Array[];
  /**
   * `v` as signed dwords: lane loops that only move register values use this view, since V8 keeps
   * Int32Array elements as small integers where Uint32Array ones of 2^31 and above become doubles.
   */
  readonly vi: Int32Array;
  /** AGPRs (gfx908), same layout; empty on targets without them. */
  readonly a: Uint32Array;
  scc = 0;
  /** Byte address of the next instruction. */
  pc = 0;
  /** MODE hardware register (round, denormal, dx10_clamp, ieee, ...). */
  mode = 0;
  trapsts = 0;
  /** Set by s_endpgm. */
  done = false;
  /** Set by s_barrier until the whole workgroup arrives. */
  atBarrier = false;
  /** Wave index within its workgroup. */
  id = 0;
  /** Flat index of the wave within the dispatch, for reports. */
  dispatchIndex = 0;
  /** Counters for LaunchResult. */
  waveInstructions = 0;
  laneInstructions = 0;
  /** End of this wave's private (scratch) region, for naming overflows in fault reports; 0 if none. */
  privateEnd = 0;
  /** s_set_gpr_idx state (gfx9 VGPR indexing mode): 0 = off, else the enabled-operand bits + 1. */
  gprIdxMode = 0;
  wg!: Workgroup;
  ctx!: DispatchContext;
  /** Trap handler, halt, VSKIP and GWS wait state (trap.ts). */
  readonly sys = new WaveSys();

  /**
   * Byte offset of the VGPRs in the translating engine's WebAssembly memory (jit/vregs.ts), or -1 when
   * they are in a buffer of their own.
   */
  vb = -1;
  /** The same for the AGPRs (gfx908), or -1. */
  ab = -1;

  /**
   * @param agprs whether the target has AGPRs
   * @param pooled put the VGPRs in the translating engine's WebAssembly memory if it has a page free,
   *   so that its SIMD lane loops can run on them; the owner must call release() when done
   */
  constructor(agprs: boolean, pooled = false) {
    const n = 256 * WAVE_SIZE;
    const mem = pooled ? vregMemory() : null;
    // A page of the WebAssembly memory (cleared: another wave may have used it), or -1.
    const page = (): number => {
      const at = mem !== null ? takeSlot() : -1;
      if (mem !== null && at >= 0) new Uint32Array(mem.buffer, at, n).fill(0);
      return at;
    };
    this.vb = page();
    this.v = mem !== null && this.vb >= 0 ? new Uint32Array(mem.buffer, this.vb, n) : new Uint32Array(n);
    this.vf = new Float32Array(this.v.buffer, this.v.byteOffset, n);
    const rows: Uint32Array[] = [];
    for (let r = 0; r < 256; r++) rows.push(this.v.subarray(r * WAVE_SIZE, (r + 1) * WAVE_SIZE));
    this.vRow = rows;
    this.vi = new Int32Array(this.v.buffer, this.v.byteOffset, n);
    this.ab = agprs && this.vb >= 0 ? page() : -1;
    this.a =
      mem !== null && this.ab >= 0 ? new Uint32Array(mem.buffer, this.ab, n) : new Uint32Array(agprs ? n : 0);
    if (this.vb >= 0) SLOT_REGISTRY?.register(this, [this.vb, this.ab], this);
  }

  /**
   * Gives the VGPRs' page of the WebAssembly memory back (a pooled wave's owner, when it is done with
   * the wave: its registers may then be another wave's).
   */
  release(): void {
    if (this.vb < 0) return;
    SLOT_REGISTRY?.unregister(this);
    releaseSlot(this.vb);
    releaseSlot(this.ab);
    this.vb = -1;
    this.ab = -1;
  }

  /**
   * Clears the state between uses of a pooled wave. Only the first `vgprs` VGPRs/AGPRs are cleared: the
   * kernel descriptor allocates no more, and clearing all 256 costs more than short waves run. The SGPRs
   * become `sgprs` (128 words; zeros by default: a dispatch gives its user SGPRs).
   */
  reset(vgprs = 256, sgprs: Uint32Array = ZERO_SGPRS): void {
    // A copy, not fill(): for a few hundred words TypedArray fill costs 2-3x a same-type set (a runtime
    // call either way, but fill's is the slow one), and this runs once per wave.
    this.s.set(sgprs);
    if (vgprs > 0) {
      // AGPRs outside the memory (no page was free for them) are cleared apart.
      const clear = this.vb >= 0 ? vregClear() : null;
      const apart = this.a.length > 0 && this.ab < 0;
      if (clear !== null) clear(this.vb, this.ab, vgprs * WAVE_SIZE * 4);
      else this.v.set(zeroRows(vgprs));
      if (apart) this.a.set(zeroRows(vgprs));
    }
    this.scc = 0;
    this.pc = 0;
    this.mode = 0;
    this.trapsts = 0;
    this.done = false;
    this.atBarrier = false;
    this.waveInstructions = 0;
    this.laneInstructions = 0;
    this.gprIdxMode = 0;
    this.sys.reset();
  }
}
