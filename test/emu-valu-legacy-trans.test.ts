// v_exp_legacy_f32 and v_log_legacy_f32 in assembly text on every generation that has them (gfx7, gfx8,
// gfx9; not gfx6) and in every encoding each one has (VOP1, VOP3, and SDWA/DPP from gfx8), against a host
// reference written from CLRX's GcnInstrsVop1.md pseudo-code:
//   V_EXP_LEGACY_F32: x >= -126.0 ? APPROX_POW2(x) : 0.0
//   V_LOG_LEGACY_F32: 1.0 -> 0.0; x < 0 -> -NaN; else APPROX_LOG2(x), denormals not handled (read as 0).
// APPROX_* is the host's pow/log2 rounded once to f32; the cases are exact where the result is, so the
// assertions do not depend on the approximation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assembleOne } from '../scripts/lib/asm-check.js';
import type { Target } from '../src/isa/targets.js';
import { runWave, setV, vreg } from './helpers/wave-asm.js';

const F = new Float32Array(1);
const U = new Uint32Array(F.buffer);
const bits = (f: number): number => {
  F[0] = f;
  return U[0]!;
};
const val = (b: number): number => {
  U[0] = b;
  return F[0]!;
};

const NEG_NAN = 0xffc00000;

/** Source bit patterns: ordinary values, the -126 edge, zeros, denormals, infinities, NaN. */
const CASES = [
  bits(0),
  bits(-0),
  bits(1),
  bits(3),
  bits(-1),
  bits(0.5),
  bits(8),
  bits(0.25),
  bits(-126),
  bits(-126.5),
  bits(-127),
  bits(-1000),
  bits(127),
  bits(128),
  0x00000001, // the smallest denormal
  0x80400000, // a negative denormal
  0x7f800000,
  0xff800000,
  0x7fc00000,
  0x7f800001, // a signalling NaN
];

/** A NaN source comes back quieted; a generated NaN is -NaN (0xffc00000, the document's NaN). */
function isNan(b: number): boolean {
  return (b & 0x7fffffff) > 0x7f800000;
}

function expLegacyRef(b: number): number {
  if (isNan(b)) return (b | 0x400000) >>> 0;
  let x = val(b);
  if ((b & 0x7f800000) === 0) x = 0; // denormal sources read as zero (the transcendental unit flushes)
  if (x < -126) return 0;
  const r = Math.fround(2 ** x);
  return r !== 0 && Math.abs(r) < 2 ** -126 ? 0 : bits(r);
}

function logLegacyRef(b: number): number {
  if (isNan(b)) return (b | 0x400000) >>> 0;
  let x = val(b);
  if ((b & 0x7f800000) === 0) x = 0; // "doesn't handle denormalized values"
  if (x === 1) return 0;
  if (x < 0) return NEG_NAN;
  if (x === 0) return 0xff800000;
  return bits(Math.fround(Math.log2(x)));
}

const REFS: Record<string, (b: number) => number> = {
  v_exp_legacy_f32: expLegacyRef,
  v_log_legacy_f32: logLegacyRef,
};

/** Runs `line` with v1 = CASES[lane % n] and returns v0 of every lane. */
function run(line: string, target: Target, src: (l: number) => number): number[] {
  const { wave } = runWave(line, (w) => setV(w, 1, src), {
    target,
    // s_endpgm's encoding, not executed: the test stays within the VALU.
    end: '.long 0xbf810000',
    stopAtEnd: true,
  });
  return Array.from({ length: 64 }, (_, l) => vreg(wave, 0, l));
}

const at = (l: number): number => CASES[l % CASES.length]!;
const hex = (x: number): string => `0x${(x >>> 0).toString(16).padStart(8, '0')}`;

function check(
  op: string,
  line: string,
  target: Target,
  src: (l: number) => number,
  want: (l: number) => number,
) {
  const got = run(line, target, src);
  for (let l = 0; l < 64; l++)
    assert.equal(hex(got[l]!), hex(want(l)), `${target} ${line}: lane ${l}, source ${hex(src(l))} (${op})`);
}

for (const op of Object.keys(REFS)) {
  const ref = REFS[op]!;
  test(`${op}: VOP1 and VOP3 (with neg and clamp) on gfx700, gfx803, gfx908; not on gfx600`, () => {
    for (const t of ['gfx700', 'gfx803', 'gfx908'] as Target[]) {
      check(op, `${op} v0, v1`, t, at, (l) => ref(at(l)));
      check(op, `${op}_e64 v0, v1`, t, at, (l) => ref(at(l)));
      // VOP3 modifiers: -|src| on the way in, clamp to [0, 1] on the way out (a NaN clamps to 0 under DX10_CLAMP).
      check(op, `${op}_e64 v0, -|v1|`, t, at, (l) => ref((at(l) | 0x80000000) >>> 0));
      check(op, `${op}_e64 v0, v1 clamp`, t, at, (l) => {
        const r = ref(at(l));
        if (isNan(r)) return 0;
        const x = val(r);
        return bits(x > 1 ? 1 : x > 0 ? x : 0);
      });
    }
    assert.match(assembleOne(`${op} v0, v1`, 'gfx600').error ?? '', /not supported|invalid/);
  });

  test(`${op}: SDWA and DPP on gfx803 and gfx908`, () => {
    for (const t of ['gfx803', 'gfx908'] as Target[]) {
      check(op, `${op}_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD`, t, at, (l) =>
        ref(at(l)),
      );
      // WORD_1: the source is the high half, zero-extended (a tiny denormal or zero as a float).
      check(op, `${op}_sdwa v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1`, t, at, (l) =>
        ref(at(l) >>> 16),
      );
      // quad_perm:[1,0,3,2] swaps neighbouring lanes.
      check(op, `${op}_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf`, t, at, (l) =>
        ref(at(l ^ 1)),
      );
    }
  });
}

test('v_exp_legacy_f32 / v_log_legacy_f32: the documented special values', () => {
  for (const t of ['gfx700', 'gfx803', 'gfx908'] as Target[]) {
    const one = (op: string, x: number) => run(`${op} v0, v1`, t, () => x)[0]!;
    // Below -126 the result is 0 whatever MODE says; at -126 it is the smallest normal.
    assert.equal(one('v_exp_legacy_f32', bits(-126)), 0x00800000);
    assert.equal(one('v_exp_legacy_f32', bits(-126.000015)), 0);
    assert.equal(one('v_exp_legacy_f32', 0xff800000), 0);
    assert.equal(one('v_exp_legacy_f32', bits(10)), bits(1024));
    // log2: 1.0 gives +0, a negative source -NaN, a zero or denormal -inf.
    assert.equal(one('v_log_legacy_f32', bits(1)), 0);
    assert.equal(one('v_log_legacy_f32', bits(-2)), NEG_NAN);
    assert.equal(one('v_log_legacy_f32', 0x00000001), 0xff800000);
    assert.equal(one('v_log_legacy_f32', bits(1024)), bits(10));
  }
});
