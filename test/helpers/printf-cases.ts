// Format/value combinations for the printf formatter, shared by scripts/printf-host-ref.ts (which records the
// host C library's output for them in test/fixtures/printf/format-ref.json) and test/printf.test.ts.

export type CaseArg =
  | { t: 'i32' | 'u32' | 'i64' | 'u64'; v: string }
  | { t: 'f64'; bits: string }
  | { t: 'f32'; bits: string }
  | { t: 'str'; v: string };

export interface FormatCase {
  fmt: string;
  arg: CaseArg;
}

const f64 = (x: number): string => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0).toString(16).padStart(16, '0');
};
const f32 = (x: number): string => {
  const v = new DataView(new ArrayBuffer(4));
  v.setFloat32(0, x);
  return v.getUint32(0).toString(16).padStart(8, '0');
};

export function formatCases(): FormatCase[] {
  const out: FormatCase[] = [];
  const ints = ['0', '1', '-1', '42', '-42', '255', '65535', '2147483647', '-2147483648', '300', '-129'];
  const intFmts = [
    '%d',
    '%i',
    '%5d',
    '%-5d|',
    '%05d',
    '%+d',
    '% d',
    '%.3d',
    '%.0d',
    '%8.3d',
    '%-+6d|',
    '%hhd',
    '%hd',
  ];
  const uFmts = [
    '%u',
    '%x',
    '%X',
    '%o',
    '%#x',
    '%#X',
    '%#o',
    '%08x',
    '%#08x',
    '%.0x',
    '%#.0o',
    '%hhu',
    '%hx',
  ];
  for (const v of ints) {
    for (const fmt of intFmts) out.push({ fmt, arg: { t: 'i32', v } });
    for (const fmt of uFmts) out.push({ fmt, arg: { t: 'u32', v: String(BigInt.asUintN(32, BigInt(v))) } });
  }
  for (const v of ['0', '-1', '9223372036854775807', '-9223372036854775808', '1234567890123']) {
    for (const fmt of ['%ld', '%lld', '%+20ld', '%-21ld|', '%.25ld']) out.push({ fmt, arg: { t: 'i64', v } });
    for (const fmt of ['%lu', '%lx', '%#lX', '%lo'])
      out.push({ fmt, arg: { t: 'u64', v: String(BigInt.asUintN(64, BigInt(v))) } });
  }
  const doubles = [
    0,
    -0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    0.125,
    0.1,
    1 / 3,
    2 / 3,
    9.5,
    10,
    99.99,
    123456789.125,
    1e-5,
    1.5e-7,
    0.000123456,
    1e15,
    1e16,
    1e21,
    1.7976931348623157e308,
    5e-324,
    2.2250738585072014e-308,
    Math.PI,
    -271.828,
    0.05,
    0.15,
    0.25,
    0.35,
    999999.5,
    9.9999995,
    1e100,
    6.02214076e23,
  ];
  const dblFmts = [
    '%f',
    '%.0f',
    '%.1f',
    '%.2f',
    '%.10f',
    '%#.0f',
    '%F',
    '%e',
    '%.0e',
    '%.3e',
    '%#.0e',
    '%E',
    '%g',
    '%.0g',
    '%.1g',
    '%.3g',
    '%.10g',
    '%#g',
    '%G',
    '%a',
    '%.0a',
    '%.3a',
    '%A',
    '%12.4f|',
    '%-12.3e|',
    '%+f',
    '% f',
    '%012.3f',
    '%+012.2e',
    '%-+10.2g|',
    '%.17g',
    '%20a',
  ];
  for (const x of doubles) for (const fmt of dblFmts) out.push({ fmt, arg: { t: 'f64', bits: f64(x) } });
  for (const bits of ['7ff0000000000000', 'fff0000000000000', '7ff8000000000000', 'fff8000000000000'])
    for (const fmt of ['%f', '%F', '%e', '%G', '%a', '%8f|', '%-8f|', '%+f', '%08f'])
      out.push({ fmt, arg: { t: 'f64', bits } });
  for (const x of [1.1, -0.3, 3.4028234663852886e38, 1e-45, 16777217, 0.1])
    for (const fmt of ['%f', '%.9g', '%e', '%a', '%g'])
      out.push({ fmt, arg: { t: 'f32', bits: f32(Math.fround(x)) } });
  for (const v of ['hello', '', 'a:b', 'with space'])
    for (const fmt of ['%s', '%10s|', '%-10s|', '%.3s', '%5.1s|', '%.0s|'])
      out.push({ fmt, arg: { t: 'str', v } });
  for (const v of ['65', '122', '48'])
    for (const fmt of ['%c', '%3c|', '%-3c|']) out.push({ fmt, arg: { t: 'i32', v } });
  return out;
}

/** The argument as the bytes a printf buffer holds (little-endian; strings with their NUL). */
export function caseBytes(a: CaseArg): Uint8Array {
  switch (a.t) {
    case 'i32':
    case 'u32': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setUint32(0, Number(BigInt.asUintN(32, BigInt(a.v))), true);
      return b;
    }
    case 'i64':
    case 'u64': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, BigInt(a.v)), true);
      return b;
    }
    case 'f64': {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigUint64(0, BigInt('0x' + a.bits), true);
      return b;
    }
    case 'f32': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setUint32(0, Number.parseInt(a.bits, 16), true);
      return b;
    }
    case 'str':
      return new Uint8Array([...Buffer.from(a.v, 'latin1'), 0]);
  }
}
