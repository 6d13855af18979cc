// SHF_MERGE|SHF_STRINGS sections (.comment, .debug_str, .debug_line_str) merged as ld.lld does at its
// default -O1: duplicates are dropped, no tail merging, and the strings are laid out by shard (32 shards
// chosen by bits of their XXH3 hash), in first-seen order within a shard.

import { xxh3_64 } from './link-xxh3.js';
import { latin1 } from './reader.js';
import { latin1Bytes } from './strtab.js';

const SHARD_BITS = 5;

export interface MergedStrings {
  data: Uint8Array;
  /** Output offset of each distinct string. */
  offsets: Map<string, number>;
}

/** Splits NUL-terminated strings; `bad` is called when the last one lacks its NUL. */
export function splitStrings(bytes: Uint8Array, bad: () => never): string[] {
  if (bytes.length === 0) return [];
  if (bytes[bytes.length - 1] !== 0) bad();
  const out: string[] = [];
  for (let p = 0; p < bytes.length; ) {
    const e = bytes.indexOf(0, p);
    out.push(latin1(bytes, p, e));
    p = e + 1;
  }
  return out;
}

export function mergeStrings(pieces: readonly string[], align: number): MergedStrings {
  const shards: string[][] = Array.from({ length: 1 << SHARD_BITS }, () => []);
  const seen = new Set<string>();
  for (const s of pieces) {
    if (seen.has(s)) continue;
    seen.add(s);
    // lld keeps 31 bits of the low 32 and shards on their top bits.
    const low = Number(xxh3_64(latin1Bytes(s)) & 0xffffffffn);
    shards[low >>> (32 - SHARD_BITS)].push(s);
  }
  const offsets = new Map<string, number>();
  let off = 0;
  for (const sh of shards) {
    if (sh.length && align > 1) off = Math.ceil(off / align) * align;
    for (const s of sh) {
      offsets.set(s, off);
      off += s.length + 1;
    }
  }
  const data = new Uint8Array(off);
  for (const [s, o] of offsets) data.set(latin1Bytes(s), o);
  return { data, offsets };
}
