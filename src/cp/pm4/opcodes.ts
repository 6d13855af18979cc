// The ONE table of type-3 IT opcodes: name, value, the engine that runs the packet (seed 004 section
// 2.1.6 "Ring Packet Support": DE = the drawing engine (ME/PFP), CE = the constant engine), whether it
// is graphics-only (draws, index buffers, streamout, occlusion queries, context-register state), and the
// generations that have it (an opcode value was reused or moved between generations).
//
// Values (facts, not code):
//   gfx6: Linux drivers/gpu/drm/radeon/sid.h ("Packet 3 types", SI) and amdgpu/sid.h;
//   gfx7: Linux drivers/gpu/drm/radeon/cikd.h (INDIRECT_BUFFER moved to 0x3F; ACQUIRE_MEM, DMA_DATA,
//         SET_UCONFIG_REG new);
//   gfx8, gfx9: Linux drivers/gpu/drm/amd/amdgpu/vid.h and soc15d.h (INDIRECT_BUFFER_CONST 0x33,
//         LOAD_SH_REG 0x5F / LOAD_CONFIG_REG 0x60 / LOAD_CONTEXT_REG 0x61, RELEASE_MEM 0x49);
//   Mesa src/amd/common/sid.h (PKT3_*: SET_SH_REG_INDEX 0x9B, SET_UCONFIG_REG_INDEX 0x7A on gfx9,
//         "not on CIK" notes for DRAW_INDEX_IMMD, MPEG_INDEX, MEM_WRITE, ME_INITIALIZE, ONE_REG_WRITE).
// Names are the Linux headers' (seed 004 spells DRAW_INDEX_IMMD "DRAW_INDEX_IMMED" and INCREMENT_*_COUNTER
// "INCR_*_COUNTER" in its ring table). Seed 004's ring table also lists DRAW_INDEX and DRAW_INDEX_OFFSET,
// which no public SI header gives a value for: they are in docs/pm4.md as not decodable, not here.
import { GENERATIONS, type Generation } from '../../isa/processors.js';

export type Engine = 'DE' | 'CE' | 'both';

export interface Opcode {
  readonly name: string;
  readonly op: number;
  readonly engine: Engine;
  readonly graphicsOnly: boolean;
  /** Whether seed 004 (the SI programming guide, chapter 2) describes or lists the packet. */
  readonly seed: boolean;
  /** First and last generation with this opcode value. */
  readonly from: Generation;
  readonly to: Generation;
}

type Opt = {
  ce?: boolean;
  both?: boolean;
  gfx?: boolean;
  seed?: boolean;
  from?: Generation;
  to?: Generation;
};

function o(name: string, op: number, opt: Opt = {}): Opcode {
  return {
    name,
    op,
    engine: opt.both ? 'both' : opt.ce ? 'CE' : 'DE',
    graphicsOnly: opt.gfx ?? false,
    seed: opt.seed ?? true,
    from: opt.from ?? 'gfx6',
    to: opt.to ?? 'gfx9',
  };
}

const gfx = { gfx: true };
const ce = { ce: true };
const later = { seed: false };

export const OPCODES: readonly Opcode[] = [
  o('NOP', 0x10, { both: true }),
  o('SET_BASE', 0x11, { both: true }),
  o('CLEAR_STATE', 0x12),
  o('INDEX_BUFFER_SIZE', 0x13, gfx),
  o('DISPATCH_DIRECT', 0x15),
  o('DISPATCH_INDIRECT', 0x16),
  o('ALLOC_GDS', 0x1b),
  o('WRITE_GDS_RAM', 0x1c),
  o('ATOMIC_GDS', 0x1d),
  // The seed's ATOMIC; renamed ATOMIC_MEM (same opcode, cache policy bits added) from CIK on.
  o('ATOMIC', 0x1e, { to: 'gfx6' }),
  o('ATOMIC_MEM', 0x1e, { from: 'gfx7' }),
  o('OCCLUSION_QUERY', 0x1f, gfx),
  o('SET_PREDICATION', 0x20),
  o('COND_EXEC', 0x22),
  o('PRED_EXEC', 0x23),
  o('DRAW_INDIRECT', 0x24, gfx),
  o('DRAW_INDEX_INDIRECT', 0x25, gfx),
  o('INDEX_BASE', 0x26, gfx),
  o('DRAW_INDEX_2', 0x27, gfx),
  o('CONTEXT_CONTROL', 0x28),
  o('INDEX_TYPE', 0x2a, gfx),
  o('DRAW_INDEX_AUTO', 0x2d, gfx),
  o('DRAW_INDEX_IMMD', 0x2e, { gfx: true, to: 'gfx6' }),
  o('NUM_INSTANCES', 0x2f, gfx),
  o('DRAW_INDEX_MULTI_AUTO', 0x30, gfx),
  o('INDIRECT_BUFFER_CONST', 0x31, { ce: true, to: 'gfx7' }),
  o('INDIRECT_BUFFER_CONST', 0x33, { ce: true, from: 'gfx8' }),
  o('INDIRECT_BUFFER', 0x32, { to: 'gfx6' }),
  o('INDIRECT_BUFFER', 0x3f, { from: 'gfx7' }),
  o('STRMOUT_BUFFER_UPDATE', 0x34, gfx),
  o('DRAW_INDEX_OFFSET_2', 0x35, gfx),
  o('WRITE_DATA', 0x37),
  o('MEM_SEMAPHORE', 0x39),
  o('MPEG_INDEX', 0x3a, { gfx: true, to: 'gfx6' }),
  o('COPY_DW', 0x3b, { to: 'gfx6' }),
  o('WAIT_REG_MEM', 0x3c),
  o('MEM_WRITE', 0x3d, { to: 'gfx6' }),
  o('COPY_DATA', 0x40),
  o('PFP_SYNC_ME', 0x42),
  o('SURFACE_SYNC', 0x43),
  o('ME_INITIALIZE', 0x44, { both: true, to: 'gfx6' }),
  o('COND_WRITE', 0x45),
  o('EVENT_WRITE', 0x46),
  o('EVENT_WRITE_EOP', 0x47, { to: 'gfx8' }), // Mesa: "not on GFX9" (RELEASE_MEM instead)
  o('EVENT_WRITE_EOS', 0x48, { to: 'gfx8' }),
  o('RELEASE_MEM', 0x49, { ...later, from: 'gfx8' }),
  o('PREAMBLE_CNTL', 0x4a),
  o('DMA_DATA', 0x50, { ...later, from: 'gfx7' }),
  o('ONE_REG_WRITE', 0x57, { to: 'gfx6' }),
  o('ACQUIRE_MEM', 0x58, { ...later, from: 'gfx7' }),
  o('LOAD_CONFIG_REG', 0x5f, { to: 'gfx7' }),
  o('LOAD_CONTEXT_REG', 0x60, { gfx: true, to: 'gfx7' }),
  o('LOAD_SH_REG', 0x61, { to: 'gfx7' }),
  o('LOAD_SH_REG', 0x5f, { from: 'gfx8' }),
  o('LOAD_CONFIG_REG', 0x60, { from: 'gfx8' }),
  o('LOAD_CONTEXT_REG', 0x61, { gfx: true, from: 'gfx8' }),
  o('SET_CONFIG_REG', 0x68),
  o('SET_CONTEXT_REG', 0x69, gfx),
  o('SET_CONTEXT_REG_INDIRECT', 0x73, gfx),
  o('SET_SH_REG', 0x76),
  o('SET_UCONFIG_REG', 0x79, { ...later, from: 'gfx7' }),
  o('ME_WRITE', 0x7a, { to: 'gfx6' }),
  o('SET_UCONFIG_REG_INDEX', 0x7a, { ...later, from: 'gfx9' }),
  o('CE_WRITE', 0x7f, { ce: true, to: 'gfx6' }),
  o('LOAD_CONST_RAM', 0x80, ce),
  o('WRITE_CONST_RAM', 0x81, ce),
  o('WRITE_CONST_RAM_OFFSET', 0x82, { ce: true, to: 'gfx6' }),
  o('DUMP_CONST_RAM', 0x83, ce),
  o('INCREMENT_CE_COUNTER', 0x84, ce),
  o('INCREMENT_DE_COUNTER', 0x85),
  o('WAIT_ON_CE_COUNTER', 0x86),
  o('WAIT_ON_DE_COUNTER', 0x87, { ce: true, to: 'gfx6' }),
  o('WAIT_ON_DE_COUNTER_DIFF', 0x88, ce),
  o('SET_CE_DE_COUNTERS', 0x89, { ce: true, to: 'gfx6' }),
  o('WAIT_ON_AVAIL_BUFFER', 0x8a, { to: 'gfx6' }),
  o('SET_SH_REG_INDEX', 0x9b, { ...later, from: 'gfx9' }),
];

/** Every opcode of generation `g`, indexed by value (undefined: no such packet there). */
export function opcodeTable(g: Generation): readonly (Opcode | undefined)[] {
  let t = TABLES.get(g);
  if (t === undefined) {
    const gi = GENERATIONS.indexOf(g);
    const a: (Opcode | undefined)[] = new Array(256).fill(undefined);
    for (const e of OPCODES) {
      if (GENERATIONS.indexOf(e.from) > gi || GENERATIONS.indexOf(e.to) < gi) continue;
      if (a[e.op] !== undefined) throw new Error(`opcodes: 0x${e.op.toString(16)} twice on ${g}`);
      a[e.op] = e;
    }
    t = a;
    TABLES.set(g, t);
  }
  return t;
}
const TABLES = new Map<Generation, readonly (Opcode | undefined)[]>();

/** The opcode named `name` on generation `g`, or undefined where the generation has no such packet. */
export function opcodeByName(name: string, g: Generation): Opcode | undefined {
  return opcodeTable(g).find((e) => e?.name === name);
}
