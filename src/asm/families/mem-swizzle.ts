// The offset of ds_swizzle_b32: a 16-bit pattern, or LLVM's swizzle(MODE, ...) macros for it (quad
// permute, bitmask permute with its SWAP / REVERSE / BROADCAST shorthands, rotate, FFT).
import type { CallArg, CallOperand, Operand, Pos } from '../types.js';
import type { Actual, Fail, NamedParser } from './mem-match.js';

const BITMASK = 0x1f;
const QUAD_PERM = 0x8000;
const ROTATE = 0xc000;
const FFT = 0xe000;

type Args = readonly CallArg[];

function num(a: CallArg | undefined): number | null {
  return a && 'int' in a ? Number(a.int) : null;
}

const isPow2 = (v: number) => v > 0 && (v & (v - 1)) === 0;

/** Reads `n` integer arguments after the mode; `where` is the call's closing position guess. */
function ints(args: Args, n: number, last: Pos): number[] | Fail {
  const out: number[] = [];
  for (let k = 1; k <= n; k++) {
    const a = args[k];
    if (a === undefined) {
      const prev = args[k - 1].pos;
      return { error: 'expected a comma', pos: k === 1 ? last : { line: prev.line, col: prev.col + 1 } };
    }
    const v = num(a);
    if (v === null) return { error: 'expected absolute expression', pos: a.pos };
    out.push(v);
  }
  const extra = args[n + 1];
  if (extra)
    return { error: 'expected a closing parentheses', pos: { line: extra.pos.line, col: extra.pos.col - 1 } };
  return out;
}

function group(v: number, p: Pos, lo: number, hi: number): Fail | null {
  if (v < lo || v > hi) return { error: `group size must be in the interval [${lo},${hi}]`, pos: p };
  if (!isPow2(v)) return { error: 'group size must be a power of two', pos: p };
  return null;
}

function bitmask(args: Args): number | Fail {
  const a = args[1];
  if (a === undefined) return { error: 'expected a comma', pos: args[0].pos };
  if (!('str' in a)) return { error: 'expected a string', pos: a.pos };
  if (a.str.length !== 5) return { error: 'expected a 5-character mask', pos: a.pos };
  let and = 0;
  let or = 0;
  let xor = 0;
  for (let k = 0; k < 5; k++) {
    const bit = 1 << (4 - k);
    const c = a.str[k];
    if (c === '1') or |= bit;
    else if (c === 'p') and |= bit;
    else if (c === 'i') {
      and |= bit;
      xor |= bit;
    } else if (c !== '0') return { error: 'invalid mask', pos: a.pos };
  }
  if (args[2]) return { error: 'expected a closing parentheses', pos: args[2].pos };
  return and | (or << 5) | (xor << 10);
}

/** The 16-bit pattern of a swizzle(...) macro. */
export function swizzleMacro(call: CallOperand, callPos: Pos): number | Fail {
  const args = call.args;
  const mode = args[0];
  if (mode === undefined || !('ident' in mode)) {
    return {
      error: 'expected a swizzle mode',
      pos: mode?.pos ?? { line: callPos.line, col: callPos.col + 8 },
    };
  }
  const p = (k: number) => args[k].pos;
  switch (mode.ident) {
    case 'QUAD_PERM': {
      const v = ints(args, 4, mode.pos);
      if ('error' in v) return v;
      let enc = QUAD_PERM;
      for (let k = 0; k < 4; k++) {
        if (v[k] < 0 || v[k] > 3) return { error: 'expected a 2-bit lane id', pos: p(k + 1) };
        enc |= v[k] << (2 * k);
      }
      return enc;
    }
    case 'BITMASK_PERM':
      return bitmask(args);
    case 'SWAP': {
      const v = ints(args, 1, mode.pos);
      if ('error' in v) return v;
      return group(v[0], p(1), 1, 16) ?? BITMASK | (v[0] << 10);
    }
    case 'REVERSE': {
      const v = ints(args, 1, mode.pos);
      if ('error' in v) return v;
      return group(v[0], p(1), 2, 32) ?? BITMASK | ((v[0] - 1) << 10);
    }
    case 'BROADCAST': {
      const v = ints(args, 2, mode.pos);
      if ('error' in v) return v;
      const g = group(v[0], p(1), 2, 32);
      if (g) return g;
      if (v[1] < 0 || v[1] >= v[0])
        return { error: 'lane id must be in the interval [0,group size - 1]', pos: p(2) };
      return (BITMASK - v[0] + 1) | (v[1] << 5);
    }
    case 'ROTATE': {
      const v = ints(args, 2, mode.pos);
      if ('error' in v) return v;
      if (v[0] !== 0 && v[0] !== 1) return { error: 'direction must be 0 (left) or 1 (right)', pos: p(1) };
      if (v[1] < 0 || v[1] > 31)
        return { error: 'number of threads to rotate must be in the interval [0,31]', pos: p(2) };
      return ROTATE | (v[0] << 10) | (v[1] << 5);
    }
    case 'FFT': {
      const v = ints(args, 1, mode.pos);
      if ('error' in v) return v;
      if (v[0] < 0 || v[0] > 31) return { error: 'FFT swizzle must be in the interval [0,31]', pos: p(1) };
      return FFT | v[0];
    }
    default:
      return { error: 'expected a swizzle mode', pos: mode.pos };
  }
}

/**
 * ds_swizzle_b32's `offset:` parser. The generic operand parser is expected to hand `offset:swizzle(...)`
 * over as the named operand with the macro attached as `call` (see the family's notes).
 */
export const swizzleOffset: NamedParser = (op: Operand, a: Actual) => {
  if (op.kind !== 'named') return null;
  const call = (op as { call?: CallOperand }).call;
  const v = op.values[0];
  if (call) {
    const r = swizzleMacro(call, v?.pos ?? op.pos);
    if (typeof r !== 'number') return r;
    a.value = r;
    return null;
  }
  if (op.list || v === undefined || !('int' in v))
    return { error: 'expected a swizzle macro or an absolute expression', pos: v?.pos ?? op.pos };
  const n = Number(v.int);
  if (n < 0 || n > 0xffff) return { error: 'expected a 16-bit offset', pos: v.pos };
  a.value = n;
  return null;
};
