// XXH3-64 (seed 0, default secret). ld.lld shards the strings of merged sections (.comment, .debug_str)
// by this hash, and the shard order is the output order, so byte identity needs the exact function.
const SECRET = Uint8Array.from([
  0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4,
  0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e,
  0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43,
  0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb,
  0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19,
  0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8, 0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7,
  0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78,
  0x73, 0x64, 0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
  0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16,
  0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f,
  0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
]);

const M = (1n << 64n) - 1n;
const P32_1 = 0x9e3779b1n;
const P32_2 = 0x85ebca77n;
const P32_3 = 0xc2b2ae3dn;
const P64_1 = 0x9e3779b185ebca87n;
const P64_2 = 0xc2b2ae3d27d4eb4fn;
const P64_3 = 0x165667b19e3779f9n;
const P64_4 = 0x85ebca77c2b2ae63n;
const P64_5 = 0x27d4eb2f165667c5n;
const MX1 = 0x165667919e3779f9n;
const MX2 = 0x9fb21c651e98df25n;

const r64 = (b: Uint8Array, o: number): bigint => {
  let v = 0n;
  for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(b[o + i]);
  return v;
};
const r32 = (b: Uint8Array, o: number): bigint =>
  BigInt((b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0);
const mul = (a: bigint, b: bigint): bigint => (a * b) & M;
const rotl = (v: bigint, r: bigint): bigint => ((v << r) | (v >> (64n - r))) & M;
const swap64 = (v: bigint): bigint => {
  let o = 0n;
  for (let i = 0; i < 8; i++) o = (o << 8n) | ((v >> BigInt(8 * i)) & 0xffn);
  return o;
};
const fold = (a: bigint, b: bigint): bigint => {
  const p = a * b;
  return (p ^ (p >> 64n)) & M;
};
const xxh64Avalanche = (h: bigint): bigint => {
  h ^= h >> 33n;
  h = mul(h, P64_2);
  h ^= h >> 29n;
  h = mul(h, P64_3);
  return h ^ (h >> 32n);
};
const avalanche = (h: bigint): bigint => {
  h ^= h >> 37n;
  h = mul(h, MX1);
  return h ^ (h >> 32n);
};
const mix16 = (b: Uint8Array, o: number, s: number): bigint =>
  fold(r64(b, o) ^ r64(SECRET, s), r64(b, o + 8) ^ r64(SECRET, s + 8));

function long(b: Uint8Array): bigint {
  const len = b.length;
  const acc = [P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1];
  const stripe = (o: number, s: number) => {
    for (let i = 0; i < 8; i++) {
      const v = r64(b, o + 8 * i);
      const k = v ^ r64(SECRET, s + 8 * i);
      acc[i ^ 1] = (acc[i ^ 1] + v) & M;
      acc[i] = (acc[i] + (k & 0xffffffffn) * (k >> 32n)) & M;
    }
  };
  // 16 stripes of 64 bytes per block with the 192-byte secret.
  const perBlock = (SECRET.length - 64) / 8;
  const blockLen = 64 * perBlock;
  const blocks = Math.floor((len - 1) / blockLen);
  for (let n = 0; n < blocks; n++) {
    for (let s = 0; s < perBlock; s++) stripe(n * blockLen + s * 64, s * 8);
    for (let i = 0; i < 8; i++) {
      let a = acc[i];
      a ^= a >> 47n;
      a ^= r64(SECRET, SECRET.length - 64 + 8 * i);
      acc[i] = mul(a, P32_1);
    }
  }
  const rest = Math.floor((len - 1 - blocks * blockLen) / 64);
  for (let s = 0; s < rest; s++) stripe(blocks * blockLen + s * 64, s * 8);
  stripe(len - 64, SECRET.length - 64 - 7);
  let h = mul(BigInt(len), P64_1);
  for (let i = 0; i < 4; i++)
    h = (h + fold(acc[2 * i] ^ r64(SECRET, 11 + 16 * i), acc[2 * i + 1] ^ r64(SECRET, 19 + 16 * i))) & M;
  return avalanche(h);
}

export function xxh3_64(b: Uint8Array): bigint {
  const len = b.length;
  const L = BigInt(len);
  if (len === 0) return xxh64Avalanche(r64(SECRET, 56) ^ r64(SECRET, 64));
  if (len <= 3) {
    const c = (BigInt(b[0]) << 16n) | (BigInt(b[len >> 1]) << 24n) | BigInt(b[len - 1]) | (L << 8n);
    return xxh64Avalanche(c ^ (r32(SECRET, 0) ^ r32(SECRET, 4)));
  }
  if (len <= 8) {
    const v = (r32(b, len - 4) + (r32(b, 0) << 32n)) & M;
    let h = v ^ (r64(SECRET, 8) ^ r64(SECRET, 16));
    h ^= rotl(h, 49n) ^ rotl(h, 24n);
    h = mul(h, MX2);
    h ^= ((h >> 35n) + L) & M;
    h = mul(h, MX2);
    return h ^ (h >> 28n);
  }
  if (len <= 16) {
    const lo = r64(b, 0) ^ (r64(SECRET, 24) ^ r64(SECRET, 32));
    const hi = r64(b, len - 8) ^ (r64(SECRET, 40) ^ r64(SECRET, 48));
    return avalanche((L + swap64(lo) + hi + fold(lo, hi)) & M);
  }
  if (len <= 128) {
    let h = mul(L, P64_1);
    for (let k = Math.floor((len - 1) / 32); k >= 0; k--) {
      h = (h + mix16(b, 16 * k, 32 * k) + mix16(b, len - 16 * (k + 1), 32 * k + 16)) & M;
    }
    return avalanche(h);
  }
  if (len <= 240) {
    let h = mul(L, P64_1);
    for (let k = 0; k < 8; k++) h = (h + mix16(b, 16 * k, 16 * k)) & M;
    h = avalanche(h);
    for (let k = 8; k < Math.floor(len / 16); k++) h = (h + mix16(b, 16 * k, 16 * (k - 8) + 3)) & M;
    return avalanche((h + mix16(b, len - 16, 136 - 17)) & M);
  }
  return long(b);
}
