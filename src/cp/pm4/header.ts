// PM4 packet headers (seed 004 section 2.1): bits [31:30] are the type. Type 0 writes COUNT+1 registers
// from BASE_INDEX [15:0]; type 2 is a one-dword filler; type 3 carries IT_OPCODE [15:8], PREDICATE [0],
// SHADER_TYPE [1] (1 = compute) and a body of COUNT+1 dwords ([29:16]). Type 1 is not supported (2.1.2).

import { type Generation, genAtLeast } from '../../isa/processors.js';

export const PM4_TYPE0 = 0;
export const PM4_TYPE2 = 2;
export const PM4_TYPE3 = 3;
/** A type-2 packet (the filler): only the type bits are meaningful. */
export const PM4_TYPE2_HEADER = 0x80000000;
/** Largest body a header can announce (COUNT is 14 bits: N-1). */
export const PM4_MAX_BODY = 0x4000;

export const headerType = (h: number): number => h >>> 30;
export const headerCount = (h: number): number => (h >>> 16) & 0x3fff;
export const headerOpcode = (h: number): number => (h >>> 8) & 0xff;
export const headerPredicate = (h: number): boolean => (h & 1) !== 0;
export const headerShaderType = (h: number): number => (h >>> 1) & 1;
export const headerBaseIndex = (h: number): number => h & 0xffff;

/**
 * Dwords of the packet a header starts (type 1 excluded): COUNT + 2, except that from gfx7 on a NOP with
 * COUNT 0x3FFF is only its header (amdgpu pads CIK and later rings with PACKET3(NOP, 0x3FFF):
 * gfx_v7_0.c .. gfx_v9_0.c ring funcs, .nop); SI rings pad with type-2 packets.
 */
export function packetDwords(h: number, gen: Generation): number {
  const type = headerType(h);
  if (type === 2) return 1;
  const count = headerCount(h);
  return type === 3 && headerOpcode(h) === 0x10 && count === 0x3fff && genAtLeast(gen, 'gfx7')
    ? 1
    : count + 2;
}

/** Why a header cannot start a packet, or undefined when it can (types 0, 2, 3). */
export function headerProblem(h: number): string | undefined {
  return headerType(h) === 1 ? 'type-1 packet: PM4 type 1 is not supported (seed 004 2.1.2)' : undefined;
}

/** A type-3 header for a body of `bodyDwords` dwords (1..16384). */
export function type3Header(
  opcode: number,
  bodyDwords: number,
  opts: { predicate?: boolean; shaderType?: number } = {},
): number {
  if (!Number.isInteger(opcode) || opcode < 0 || opcode > 0xff)
    throw new RangeError(`PM4 type-3 opcode ${opcode} is not 0..0xff`);
  if (!Number.isInteger(bodyDwords) || bodyDwords < 1 || bodyDwords > PM4_MAX_BODY)
    throw new RangeError(`PM4 type-3 body of ${bodyDwords} dwords: must be 1..${PM4_MAX_BODY}`);
  const st = opts.shaderType ?? 0;
  if (st !== 0 && st !== 1) throw new RangeError(`PM4 shader type ${st} is not 0 (graphics) or 1 (compute)`);
  return ((3 << 30) | ((bodyDwords - 1) << 16) | (opcode << 8) | (st << 1) | (opts.predicate ? 1 : 0)) >>> 0;
}

/** A type-0 header writing `dwords` registers (1..16384) from dword offset `baseIndex`. */
export function type0Header(baseIndex: number, dwords: number): number {
  if (!Number.isInteger(baseIndex) || baseIndex < 0 || baseIndex > 0xffff)
    throw new RangeError(`PM4 type-0 base index 0x${baseIndex.toString(16)} is not 0..0xffff`);
  if (!Number.isInteger(dwords) || dwords < 1 || dwords > PM4_MAX_BODY)
    throw new RangeError(`PM4 type-0 packet of ${dwords} registers: must be 1..${PM4_MAX_BODY}`);
  return (((dwords - 1) << 16) | baseIndex) >>> 0;
}
