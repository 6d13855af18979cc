// The new memory value of the float atomics of gfx6/gfx7 (BUFFER_ATOMIC_FCMPSWAP/FMIN/FMAX and _X2,
// FLAT_ATOMIC_* of gfx7, IMAGE_ATOMIC_* of gfx6/7), shared by every memory that runs them (device memory,
// LDS and private memory through FLAT).
//
// Semantics: CLRX's GcnInstrsMubuf.md / GcnInstrsFlat.md / GcnInstrsMimg.md pseudo-code
// (../shared/reference/clrx): fcmpswap stores the low data (dword or qword) when the memory, read as a
// float, equals the compare value that follows it (VDATA[1], or VDATA[2:3] for _x2), compared as floats
// (so -0 equals +0 and NaN equals nothing); fmin/fmax store MIN/MAX(memory, data) of single (double)
// floats. The instruction returns the old value with GLC. The documents do not say how MIN/MAX treat
// NaN or signed zeros: here a NaN operand loses to a number (IEEE 754 minNum/maxNum) and -0 is below +0,
// gcnkit's choice (the image atomics made it first). Denormals are compared as they are: Mesa's ACO
// lists these ops among the VMEM instructions that need the default float mode (vmem_default_needs),
// which suggests the hardware reads MODE's denormal field for them; the emulator does not flush.

export type FloatAtomicOp = 'fcmpswap' | 'fmin' | 'fmax';

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
const F64 = new Float64Array(1);
const U64 = new Uint32Array(F64.buffer);

function f32(bits: number): number {
  U32[0] = bits;
  return F32[0]!;
}

function f64(lo: number, hi: number): number {
  U64[0] = lo;
  U64[1] = hi;
  return F64[0]!;
}

/** Whether `a` (the data) replaces `b` (the memory) under min (or max), NaN losing, -0 below +0. */
function dataWins(a: number, b: number, max: boolean): boolean {
  if (Number.isNaN(a)) return false;
  if (Number.isNaN(b)) return true;
  if (a === b) {
    // Equal values differ only in the sign of a zero: min keeps -0, max keeps +0.
    const aNeg = Object.is(a, -0);
    const bNeg = Object.is(b, -0);
    return max ? bNeg && !aNeg : aNeg && !bNeg;
  }
  return max ? a > b : a < b;
}

/** The value a 32-bit float atomic leaves in a location holding `old`; `cmp` is used by fcmpswap only. */
export function floatAtomic32(op: FloatAtomicOp, old: number, src: number, cmp: number): number {
  const o = f32(old);
  if (op === 'fcmpswap') return o === f32(cmp) ? src >>> 0 : old >>> 0;
  return dataWins(f32(src), o, op === 'fmax') ? src >>> 0 : old >>> 0;
}

/**
 * The value a 64-bit float atomic leaves in a location holding (oLo, oHi), written to out[0] (low) and
 * out[1] (high); (cLo, cHi) is fcmpswap's compare value.
 */
export function floatAtomic64(
  op: FloatAtomicOp,
  oLo: number,
  oHi: number,
  sLo: number,
  sHi: number,
  cLo: number,
  cHi: number,
  out: Uint32Array,
): void {
  const o = f64(oLo, oHi);
  const take = op === 'fcmpswap' ? o === f64(cLo, cHi) : dataWins(f64(sLo, sHi), o, op === 'fmax');
  out[0] = (take ? sLo : oLo) >>> 0;
  out[1] = (take ? sHi : oHi) >>> 0;
}

/** Whether an atomic op name is one of the float ones. */
export function isFloatAtomic(op: string): op is FloatAtomicOp {
  return op === 'fcmpswap' || op === 'fmin' || op === 'fmax';
}
