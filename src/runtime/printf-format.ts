// A C printf formatter for device printf output: the conversions of C99 (d i u o x X c s p n f F e E g G
// a A %) with flags, width, precision (also `*`) and length modifiers, and OpenCL C's vector specifier
// (`%v4f`, `%v2hhd`: elements joined by ','). Floating-point conversions are exact: the binary value is
// converted to decimal with BigInt arithmetic and rounded half to even, as glibc does. Arguments come as raw
// little-endian bytes; their size says how to read them (1/2/4/8-byte integers, f16/f32/f64 floats).

/** Returns the bytes of the next argument (`string`: a %s argument), or undefined when there is none. */
export type NextArg = (string: boolean) => Uint8Array | undefined;

interface Spec {
  text: string;
  minus: boolean;
  plus: boolean;
  space: boolean;
  hash: boolean;
  zero: boolean;
  width: number | '*' | undefined;
  precision: number | '*' | undefined;
  vector: number;
  length: string;
  conv: string;
}

const SPEC = /^%([-+ #0]*)(\d+|\*)?(?:\.(\d*|\*))?(?:v(\d+))?(hh|hl|h|ll|l|L|j|z|t)?([diouxXcspnfFeEgGaA])/;

/** Formats `fmt` with arguments taken from `next`; a conversion without an argument is printed as written. */
export function formatPrintf(fmt: string, next: NextArg): string {
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const p = fmt.indexOf('%', i);
    if (p < 0) {
      out += fmt.slice(i);
      break;
    }
    out += fmt.slice(i, p);
    if (fmt[p + 1] === '%') {
      out += '%';
      i = p + 2;
      continue;
    }
    const m = SPEC.exec(fmt.slice(p));
    if (m === null) {
      out += '%';
      i = p + 1;
      continue;
    }
    i = p + m[0].length;
    const flags = m[1];
    const spec: Spec = {
      text: m[0],
      minus: flags.includes('-'),
      plus: flags.includes('+'),
      space: flags.includes(' '),
      hash: flags.includes('#'),
      zero: flags.includes('0'),
      width: m[2] === undefined ? undefined : m[2] === '*' ? '*' : Number(m[2]),
      precision: m[3] === undefined ? undefined : m[3] === '*' ? '*' : Number(m[3] || '0'),
      vector: m[4] === undefined ? 0 : Number(m[4]),
      length: m[5] ?? '',
      conv: m[6],
    };
    out += convert(spec, next);
  }
  return out;
}

function convert(spec: Spec, next: NextArg): string {
  if (spec.width === '*') {
    const w = next(false);
    if (w === undefined) return spec.text;
    const v = Number(BigInt.asIntN(32, readUint(w)));
    if (v < 0) spec.minus = true;
    spec.width = Math.abs(v);
  }
  if (spec.precision === '*') {
    const pr = next(false);
    if (pr === undefined) return spec.text;
    const v = Number(BigInt.asIntN(32, readUint(pr)));
    spec.precision = v < 0 ? undefined : v;
  }
  const arg = next(spec.conv === 's');
  if (arg === undefined) return spec.text;
  if (spec.vector > 0) {
    const n = spec.vector;
    const elem = Math.floor(arg.length / (n === 3 ? 4 : n));
    if (elem === 0) return spec.text;
    const parts: string[] = [];
    for (let k = 0; k < n; k++) parts.push(scalar(spec, arg.subarray(k * elem, (k + 1) * elem)));
    return parts.join(',');
  }
  return scalar(spec, arg);
}

function scalar(spec: Spec, arg: Uint8Array): string {
  switch (spec.conv) {
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      return formatInt(spec, arg);
    case 'c':
      return pad(spec, '', String.fromCharCode(arg.length > 0 ? arg[0] : 0), false);
    case 's':
      return formatString(spec, arg);
    case 'p': {
      const v = readUint(arg);
      if (v === 0n) return pad(spec, '', '(nil)', false);
      return pad(spec, spec.plus ? '+' : spec.space ? ' ' : '', '0x' + v.toString(16), false);
    }
    case 'n':
      return '';
    default:
      return formatFloat(spec, decodeFloat(arg));
  }
}

/** The little-endian unsigned integer of up to 8 bytes. */
export function readUint(b: Uint8Array): bigint {
  let v = 0n;
  for (let k = Math.min(b.length, 8) - 1; k >= 0; k--) v = (v << 8n) | BigInt(b[k]);
  return v;
}

/** Width and justification: `prefix` (sign, 0x) stays before zero padding. */
function pad(spec: Spec, prefix: string, body: string, zeroOk: boolean): string {
  const width = typeof spec.width === 'number' ? spec.width : 0;
  const len = prefix.length + body.length;
  if (len >= width) return prefix + body;
  const fill = width - len;
  if (spec.minus) return prefix + body + ' '.repeat(fill);
  if (spec.zero && zeroOk) return prefix + '0'.repeat(fill) + body;
  return ' '.repeat(fill) + prefix + body;
}

const LENGTH_BITS: Record<string, number> = {
  hh: 8,
  h: 16,
  '': 32,
  hl: 32,
  l: 64,
  ll: 64,
  L: 64,
  j: 64,
  z: 64,
  t: 64,
};

function formatInt(spec: Spec, arg: Uint8Array): string {
  // The value as passed (its size), then converted to the type the length modifier names, as C does.
  const bits = Math.min(LENGTH_BITS[spec.length] ?? 32, arg.length * 8 || 32);
  const raw = readUint(arg);
  const signed = spec.conv === 'd' || spec.conv === 'i';
  let v = signed ? BigInt.asIntN(bits, raw) : BigInt.asUintN(bits, raw);
  let sign = '';
  if (v < 0n) {
    sign = '-';
    v = -v;
  } else if (signed && spec.plus) sign = '+';
  else if (signed && spec.space) sign = ' ';
  const radix = spec.conv === 'o' ? 8 : spec.conv === 'x' || spec.conv === 'X' ? 16 : 10;
  let digits = v.toString(radix);
  if (spec.conv === 'X') digits = digits.toUpperCase();
  const prec = spec.precision as number | undefined;
  if (prec !== undefined) {
    if (prec === 0 && v === 0n) digits = '';
    else if (digits.length < prec) digits = '0'.repeat(prec - digits.length) + digits;
  }
  let prefix = sign;
  if (spec.hash) {
    if (spec.conv === 'o' && !digits.startsWith('0')) digits = '0' + digits;
    else if (v !== 0n && spec.conv === 'x') prefix += '0x';
    else if (v !== 0n && spec.conv === 'X') prefix += '0X';
  }
  return pad(spec, prefix, digits, prec === undefined);
}

function formatString(spec: Spec, arg: Uint8Array): string {
  let end = arg.indexOf(0);
  if (end < 0) end = arg.length;
  const prec = spec.precision as number | undefined;
  if (prec !== undefined && prec < end) end = prec;
  let s = '';
  for (let k = 0; k < end; k++) s += String.fromCharCode(arg[k]);
  return pad(spec, '', s, false);
}

/** A floating-point value: ±m·2^e (m ≥ 0), or an infinity or a NaN. */
export interface FloatValue {
  neg: boolean;
  kind: 'finite' | 'inf' | 'nan';
  m: bigint;
  e: number;
}

/** Decodes an IEEE binary16, binary32 or binary64 value from 2, 4 or 8 little-endian bytes. */
export function decodeFloat(arg: Uint8Array): FloatValue {
  const raw = readUint(arg);
  const [expBits, fracBits] = arg.length >= 8 ? [11, 52] : arg.length >= 4 ? [8, 23] : [5, 10];
  const total = expBits + fracBits + 1;
  const v = BigInt.asUintN(total, raw);
  const neg = ((v >> BigInt(total - 1)) & 1n) === 1n;
  const frac = v & ((1n << BigInt(fracBits)) - 1n);
  const ex = Number((v >> BigInt(fracBits)) & ((1n << BigInt(expBits)) - 1n));
  const bias = (1 << (expBits - 1)) - 1;
  if (ex === (1 << expBits) - 1) return { neg, kind: frac === 0n ? 'inf' : 'nan', m: 0n, e: 0 };
  if (ex === 0) return { neg, kind: 'finite', m: frac, e: 1 - bias - fracBits };
  return { neg, kind: 'finite', m: frac | (1n << BigInt(fracBits)), e: ex - bias - fracBits };
}

const TEN = 10n;

/** round(m·2^e·10^s) to an integer, ties to even. */
function roundScaled(m: bigint, e: number, s: number): bigint {
  let num = m;
  let den = 1n;
  if (e >= 0) num <<= BigInt(e);
  else den <<= BigInt(-e);
  if (s >= 0) num *= TEN ** BigInt(s);
  else den *= TEN ** BigInt(-s);
  const q = num / den;
  const r2 = (num % den) * 2n;
  if (r2 > den || (r2 === den && (q & 1n) === 1n)) return q + 1n;
  return q;
}

/** floor(log10(m·2^e)) for m > 0. */
function decimalExponent(m: bigint, e: number): number {
  let est = Math.floor(Math.log10(Number(m)) + e * Math.LOG10E * Math.LN2);
  // value >= 10^k ?
  const atLeast = (k: number): boolean => {
    let a = m;
    let b = 1n;
    if (e >= 0) a <<= BigInt(e);
    else b <<= BigInt(-e);
    if (k >= 0) b *= TEN ** BigInt(k);
    else a *= TEN ** BigInt(-k);
    return a >= b;
  };
  while (!atLeast(est)) est--;
  while (atLeast(est + 1)) est++;
  return est;
}

/** Digits and exponent of %e with `prec` digits after the point. */
function expDigits(f: FloatValue, prec: number): { digits: string; exp: number } {
  if (f.m === 0n) return { digits: '0'.repeat(prec + 1), exp: 0 };
  let exp = decimalExponent(f.m, f.e);
  let d = roundScaled(f.m, f.e, prec - exp);
  if (d >= TEN ** BigInt(prec + 1)) {
    d /= TEN;
    exp++;
  }
  return { digits: d.toString(), exp };
}

function fixedBody(f: FloatValue, prec: number, hash: boolean): string {
  const d = f.m === 0n ? 0n : roundScaled(f.m, f.e, prec);
  let s = d.toString();
  if (s.length < prec + 1) s = '0'.repeat(prec + 1 - s.length) + s;
  const int = s.slice(0, s.length - prec);
  const frac = s.slice(s.length - prec);
  return prec > 0 || hash ? `${int}.${frac}` : int;
}

function expBody(digits: string, exp: number, hash: boolean, upper: boolean): string {
  const mant = digits.length > 1 || hash ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(exp).toString().padStart(2, '0');
  return `${mant}${upper ? 'E' : 'e'}${exp < 0 ? '-' : '+'}${e}`;
}

function stripZeros(body: string): string {
  const ePos = body.search(/[eE]/);
  let mant = ePos < 0 ? body : body.slice(0, ePos);
  const rest = ePos < 0 ? '' : body.slice(ePos);
  if (mant.includes('.')) mant = mant.replace(/0+$/, '').replace(/\.$/, '');
  return mant + rest;
}

function hexBody(f: FloatValue, prec: number | undefined, hash: boolean, upper: boolean): string {
  let lead: bigint;
  let frac: bigint;
  let exp: number;
  const FRAC = 52;
  if (f.m === 0n) {
    lead = 0n;
    frac = 0n;
    exp = 0;
  } else {
    // Normalise to 1.fraction (52 fraction bits) unless the value is a binary64 subnormal, which glibc
    // prints as 0x0.<fraction>p-1022.
    const bits = f.m.toString(2).length;
    exp = f.e + bits - 1;
    if (exp < -1022) {
      lead = 0n;
      frac = f.m << BigInt(f.e + 1022 + FRAC);
      exp = -1022;
    } else {
      const full = bits - 1 <= FRAC ? f.m << BigInt(FRAC - (bits - 1)) : f.m >> BigInt(bits - 1 - FRAC);
      lead = full >> BigInt(FRAC);
      frac = full & ((1n << BigInt(FRAC)) - 1n);
    }
  }
  let hex: string;
  if (prec === undefined) {
    hex = frac.toString(16).padStart(13, '0').replace(/0+$/, '');
  } else if (prec < 13) {
    // Round the whole significand (leading digit included, for ties to even) to `prec` hex digits.
    const drop = BigInt((13 - prec) * 4);
    const full = (lead << BigInt(FRAC)) | frac;
    let q = full >> drop;
    const r2 = (full & ((1n << drop) - 1n)) * 2n;
    const half = 1n << drop;
    if (r2 > half || (r2 === half && (q & 1n) === 1n)) q++;
    lead = q >> BigInt(prec * 4);
    q &= (1n << BigInt(prec * 4)) - 1n;
    hex = prec === 0 ? '' : q.toString(16).padStart(prec, '0');
  } else {
    hex = frac.toString(16).padStart(13, '0') + '0'.repeat(prec - 13);
  }
  let s = `0x${lead.toString(16)}${hex.length > 0 || hash ? '.' : ''}${hex}p${exp < 0 ? '-' : '+'}${Math.abs(exp)}`;
  if (upper) s = s.toUpperCase();
  return s;
}

function formatFloat(spec: Spec, f: FloatValue): string {
  const c = spec.conv;
  const upper = c === 'F' || c === 'E' || c === 'G' || c === 'A';
  const sign = f.neg ? '-' : spec.plus ? '+' : spec.space ? ' ' : '';
  if (f.kind !== 'finite') {
    const s = f.kind === 'inf' ? 'inf' : 'nan';
    return pad(spec, sign, upper ? s.toUpperCase() : s, false);
  }
  const given = spec.precision as number | undefined;
  let body: string;
  let prefix = sign;
  switch (c) {
    case 'f':
    case 'F':
      body = fixedBody(f, given ?? 6, spec.hash);
      break;
    case 'e':
    case 'E': {
      const prec = given ?? 6;
      const { digits, exp } = expDigits(f, prec);
      body = expBody(digits, exp, spec.hash, upper);
      break;
    }
    case 'g':
    case 'G': {
      const p = given === undefined ? 6 : given === 0 ? 1 : given;
      const { digits, exp } = expDigits(f, p - 1);
      body =
        exp < p && exp >= -4 ? fixedBody(f, p - 1 - exp, spec.hash) : expBody(digits, exp, spec.hash, upper);
      if (!spec.hash) body = stripZeros(body);
      break;
    }
    default: {
      body = hexBody(f, given, spec.hash, upper);
      prefix += body.slice(0, 2);
      body = body.slice(2);
    }
  }
  return pad(spec, prefix, body, true);
}
