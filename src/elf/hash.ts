// The SysV .hash and GNU .gnu.hash tables as ld.lld builds them for a 64-bit target.
import { latin1Bytes } from './strtab.js';

export function sysvHash(name: string): number {
  let h = 0;
  for (const c of latin1Bytes(name)) {
    h = ((h << 4) + c) >>> 0;
    const g = h & 0xf0000000;
    if (g) h ^= g >>> 24;
    h &= ~g >>> 0;
    h >>>= 0;
  }
  return h;
}

export function gnuHash(name: string): number {
  let h = 5381;
  for (const c of latin1Bytes(name)) h = (Math.imul(h, 33) + c) >>> 0;
  return h;
}

/** ld.lld's .hash: one bucket per .dynsym entry (null symbol included); chains by symbol index. */
export function buildSysvHash(dynsymNames: readonly string[]): Uint8Array {
  const n = dynsymNames.length;
  const out = new Uint8Array((2 + 2 * n) * 4);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, n, true);
  dv.setUint32(4, n, true);
  const bucket = (i: number) => 8 + i * 4;
  const chain = (i: number) => 8 + (n + i) * 4;
  for (let i = 1; i < n; i++) {
    const b = sysvHash(dynsymNames[i]) % n;
    dv.setUint32(chain(i), dv.getUint32(bucket(b), true), true);
    dv.setUint32(bucket(b), i, true);
  }
  return out;
}

export interface GnuHashLayout {
  nBuckets: number;
  /** The defined symbols in .dynsym order (by bucket, then by .dynstr offset). */
  order: number[];
}

/**
 * ld.lld's bucket count (a load factor of 4, at least one bucket) and the order it gives the defined
 * dynamic symbols: by bucket, ties by their .dynstr offset. `names`/`strOffsets` describe the defined
 * symbols; the result indexes into them.
 */
export function gnuHashOrder(names: readonly string[], strOffsets: readonly number[]): GnuHashLayout {
  const nBuckets = Math.max(Math.floor(names.length / 4), 1);
  const keys = names.map((n, i) => ({ i, b: gnuHash(n) % nBuckets, o: strOffsets[i] }));
  keys.sort((x, y) => x.b - y.b || x.o - y.o);
  return { nBuckets, order: keys.map((k) => k.i) };
}

/**
 * The .gnu.hash contents for defined symbols `names` (already in gnuHashOrder order) occupying .dynsym
 * indices from `symIndex` on.
 */
export function buildGnuHash(names: readonly string[], nBuckets: number, symIndex: number): Uint8Array {
  // lld sizes the bloom filter at 12 bits per symbol, rounded to the next power of two 64-bit words.
  const nextPow2 = (v: number) => {
    let p = 1;
    while (p <= v) p *= 2;
    return p;
  };
  const maskWords = names.length === 0 ? 1 : nextPow2(Math.floor((names.length * 12) / 64));
  const shift2 = 26;
  const size = 16 + 8 * maskWords + 4 * nBuckets + 4 * names.length;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, nBuckets, true);
  dv.setUint32(4, symIndex, true);
  dv.setUint32(8, maskWords, true);
  dv.setUint32(12, shift2, true);
  const hashes = names.map(gnuHash);
  for (const h of hashes) {
    const w = 16 + 8 * (Math.floor(h / 64) & (maskWords - 1));
    let v = dv.getBigUint64(w, true);
    v |= 1n << BigInt(h % 64);
    v |= 1n << BigInt((h >>> shift2) % 64);
    dv.setBigUint64(w, v, true);
  }
  const buckets = 16 + 8 * maskWords;
  const values = buckets + 4 * nBuckets;
  let prev = -1;
  hashes.forEach((h, k) => {
    const b = h % nBuckets;
    const last = k + 1 === hashes.length || hashes[k + 1] % nBuckets !== b;
    dv.setUint32(values + 4 * k, last ? (h | 1) >>> 0 : (h & ~1) >>> 0, true);
    if (b !== prev) dv.setUint32(buckets + 4 * b, symIndex + k, true);
    prev = b;
  });
  return out;
}
