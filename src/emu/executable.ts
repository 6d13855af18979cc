// Which ops the emulator executes, for `gcnkit isa`: each op of the table is decoded the way a Program
// decodes it (decodeInst: the codec, then the emulator's binder or decoder) from a synthetic encoding, so
// the answer is what a kernel would really get.

import type { IsaEntry } from '../codec/types.js';
import { DS, MIMG, MTBUF, MUBUF } from '../isa/encodings/memory.js';
import { SMEM_GFX9, SMRD, SOP_LAYOUTS } from '../isa/encodings/scalar.js';
import { VOP3 } from '../isa/encodings/vector.js';
import { encode, type Layout } from '../isa/fields.js';
import { findProcessor } from '../isa/processors.js';
import type { Target } from '../isa/targets.js';
import { Inst, unimplemented } from './inst.js';
import { decodeInst } from './program.js';
import { binderFor, decoderFor, type ExecDecoder } from './registry.js';

/** A first dword with the op's opcode and otherwise benign fields (VGPR sources, no literal). */
function synth(e: IsaEntry, t: Target): { fmt: string; w0: number; w1?: number } | null {
  const op = e.opcode;
  // The memory encodings from their per-generation layouts (isa/encodings/memory.ts).
  const g = findProcessor(t)?.generation ?? 'gfx9';
  // SDWA: whole-dword selects, VGPR sources; DPP: the identity quad_perm with all rows and banks on.
  // Either is selected by the src0 field (0xf9 / 0xfa) and described by the second dword.
  const dpp = e.encoding.endsWith('_DPP');
  const ext = dpp ? 0xfa : 0xf9;
  const w1 = dpp ? ((0xff << 24) | (0xe4 << 8)) >>> 0 : 0x06060600;
  switch (e.encoding) {
    case 'VOP1_SDWA':
    case 'VOP1_DPP':
      // VOP1 SDWA has no src1: LLVM decodes it only with src1_sel (bits 24-26) clear.
      return { fmt: 'vop1', w0: ((0x3f << 25) | (op << 9) | ext) >>> 0, w1: dpp ? w1 : w1 & 0xffffff };
    case 'VOP2_SDWA':
    case 'VOP2_DPP':
      return { fmt: 'vop2', w0: ((op << 25) | ext) >>> 0, w1 };
    case 'VOPC_SDWA':
      return { fmt: 'vopc', w0: ((0x3e << 25) | (op << 17) | ext) >>> 0, w1 };
    case 'SOP2':
    case 'SOPK':
    case 'SOP1':
    case 'SOPC':
    case 'SOPP':
    case 'SMEM':
    case 'SMRD':
      return scalarSynth(e);
    case 'VOP1':
      return { fmt: 'vop1', w0: ((0x3f << 25) | (op << 9) | 0x100) >>> 0 };
    case 'VOP2':
      return { fmt: 'vop2', w0: ((op << 25) | 0x100) >>> 0 };
    case 'VOPC':
      return { fmt: 'vopc', w0: ((0x3e << 25) | (op << 17) | 0x100) >>> 0 };
    case 'VOP3A':
    case 'VOP3B':
      // The opcode's position is the generation's (bits 17-25 on gfx6/gfx7, 16-25 after).
      return {
        fmt: 'vop3',
        w0: ((0x34 << 26) | (op << VOP3[findProcessor(t)?.generation ?? 'gfx9'].fields.op.shift)) >>> 0,
      };
    case 'VOP3P':
      return { fmt: 'vop3p', w0: ((0x1a7 << 23) | (op << 16)) >>> 0 };
    case 'DS':
      // GWS and ordered-count ops exist only with gds=1.
      return { fmt: 'ds', w0: encode(DS[g], { op, gds: GDS_ONLY.test(e.name) ? 1 : 0 })[0] };
    case 'FLAT':
      return { fmt: 'flat', w0: ((0x37 << 26) | (op << 18)) >>> 0 };
    case 'SCRATCH':
      return { fmt: 'flat', w0: ((0x37 << 26) | (op << 18) | (1 << 14)) >>> 0 };
    case 'GLOBAL':
      return { fmt: 'flat', w0: ((0x37 << 26) | (op << 18) | (2 << 14)) >>> 0 };
    case 'MUBUF':
      return { fmt: 'mubuf', w0: encode(MUBUF[g], { op })[0] };
    case 'MTBUF':
      // A valid format (32, float): the reserved ones stop when run.
      return { fmt: 'mtbuf', w0: encode(MTBUF[g], { op, dfmt: 4, nfmt: 7 })[0] };
    case 'MIMG':
      return { fmt: 'mimg', w0: encode(MIMG[g], { op })[0] };
    default:
      return null;
  }
}

/** The scalar encodings from their layouts: the opcode, every other field zero (SMRD: an immediate offset). */
function scalarSynth(e: IsaEntry): { fmt: string; w0: number; w1?: number } {
  if (e.encoding === 'SMEM' || e.encoding === 'SMRD') {
    // SMEM's op and imm sit where gfx8's and gfx9's layouts both have them.
    const l = e.encoding === 'SMRD' ? SMRD : SMEM_GFX9;
    return { fmt: 'smem', w0: encode(l, { op: e.opcode, imm: 1 })[0] };
  }
  const l: Layout<'op'> = SOP_LAYOUTS[e.encoding.toLowerCase() as keyof typeof SOP_LAYOUTS];
  return { fmt: e.encoding.toLowerCase(), w0: encode(l, { op: e.opcode })[0] };
}

const GDS_ONLY = /^ds_gws_|^ds_ordered_count$/;

/**
 * Ops left out because no available source defines their result; each reason names the sources checked
 * (the seeds in ../shared/seeds, CLRX's tables in ../shared/reference/clrx, public simulators and
 * compilers reached with the search tools).
 */
const UNDEFINED_BY_DOCS: Record<string, string> = {
  ds_condxchg32_rtn_b64:
    'the Vega document says only "Conditional write exchange"; CLRX\'s DS table (seeds/002) lists the ' +
    "name and opcode 126 without pseudo-code; gem5's Vega model (src/arch/amdgpu/vega/insts/ds.cc) " +
    'carries the same one-line description and leaves it unimplemented',
  image_gather4h:
    'the Vega document says only "Same as Gather4, but fetches one component per texel, from a 4x1 group ' +
    'of texels", not which texels relative to the coordinate nor in which order they are returned; CLRX\'s ' +
    'MIMG page does not list it',
};

/** Why a graphics-pipeline-only op does not execute, or undefined for other ops. */
function graphicsReason(e: IsaEntry): string | undefined {
  if (e.encoding === 'EXP')
    return (
      'graphics: export copies vertex positions and parameters or pixel colours and depth from VGPRs into ' +
      'the graphics pipeline\'s output buffers (Vega document, "Exporting Pixel and Vertex Data"); a ' +
      'compute dispatch has no such buffers'
    );
  if (e.name.startsWith('v_interp_'))
    return (
      'graphics: parameter interpolation reads the vertex parameters the shader processor interpolator ' +
      'loads into LDS for a pixel-shader wave (Vega document, "LDS Parameter Reads"); a compute dispatch ' +
      'has no primitive, attributes or barycentrics'
    );
  if (e.name === 's_endpgm_ordered_ps_done')
    return (
      'graphics: it ends the ordered (POPS) critical section of a pixel shader before ending the program ' +
      '(Vega document, SOPP opcode 30); compute dispatches have no POPS section'
    );
  return undefined;
}

/** Why an op does not execute, for ops without a handler. */
function reasonFor(e: IsaEntry): string {
  const undefinedBy = UNDEFINED_BY_DOCS[e.name];
  if (undefinedBy !== undefined) return `no available source defines its result: ${undefinedBy}`;
  const graphics = graphicsReason(e);
  if (graphics !== undefined) return graphics;
  if (e.name.startsWith('v_mfma')) return 'the matrix (MFMA) instructions are not modelled yet';
  if (/gds|gws|ordered_count|append|consume/.test(e.name))
    return 'the global data share (GDS) memory is not modelled';
  return 'not implemented yet';
}

/** Ops whose handler exists but always stops with an error (kept in the same not-yet list). */
export const ALWAYS_THROWS: Set<string> = new Set();

export interface ExecStatus {
  executable: boolean;
  reason?: string;
}

export function execStatus(e: IsaEntry, t: Target): ExecStatus {
  const s = synth(e, t);
  if (s === null) return { executable: false, reason: reasonFor(e) };
  const dec = decoderFor(s.fmt);
  const bound = binderFor(s.fmt) !== undefined;
  if (dec === undefined && !bound) return { executable: false, reason: reasonFor(e) };
  const words = new Uint32Array([s.w0, s.w1 ?? 0, 0, 0]);
  const i = new Inst();
  // The formats the codec decodes for the emulator go through the codec, as in a Program.
  const size = bound
    ? decodeInst({ words, n: words.length, target: t }, 0, i, { size: 0, text: '', branchOffset: Number.NaN })
    : (dec as ExecDecoder)(words, 0, words.length, i, t);
  if (size === 0 || i.run === unimplemented || ALWAYS_THROWS.has(i.name || e.name)) {
    return { executable: false, reason: reasonFor(e) };
  }
  return { executable: true };
}
