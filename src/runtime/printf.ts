// Device printf as the ROCm stack does it without hostcall: the runtime passes a buffer as the hidden kernel
// argument `hidden_printf_buffer`, the kernel appends records to it, and the host formats them after the
// dispatch. Two record schemes share the buffer:
//
// - OpenCL C (LLVM's AMDGPUPrintfRuntimeBinding): metadata `amdhsa.printf` strings `ID:N:S0:..:SN-1:FORMAT`
//   (the LLVM AMDGPU guide), FORMAT with \n \a \b \f \r \v and ':' (as \72) escaped; a record is the id
//   (u32) followed by the N arguments, S[i] bytes each: scalars at their size (integers below 4 bytes
//   widened to 4, half to float, float *not* promoted), vectors at their allocation size, and a constant
//   %s string as its bytes without the NUL, zero-padded to a multiple of 4.
// - HIP with -mprintf-kind=buffered (LLVM's AMDGPUEmitPrintf): metadata strings `0:0:HASH,FORMAT` (HASH the
//   low 64 bits of the format's MD5 in hex); a record is a control dword (bit 0 stderr, bit 1 constant
//   format, bits 2-31 the record's size in bytes), the u64 hash (or, for a non-constant format, the format
//   string itself), then each argument in 8 bytes at least (integers zero-extended, floats promoted to
//   double) and each %s string inline with its NUL, padded to a multiple of 8.
//
// Both allocate through the device library's __printf_alloc: the buffer starts with a header of two u32,
// the bytes used after the header and the buffer's total size; a record of B bytes fits when
// used + B + 8 <= size, else __printf_alloc returns null and that printf writes nothing.

import { latin1 } from '../elf/reader.js';
import { formatPrintf, type NextArg } from './printf-format.js';

/** Bytes of the printf buffer allocated per launch. */
export const PRINTF_BUFFER_BYTES = 1 << 20;
/** The buffer header: u32 bytes used after it, u32 total size. */
export const PRINTF_HEADER_BYTES = 8;

interface OpenClFormat {
  sizes: number[];
  format: string;
}

/** The printf formats of a code object, from its `amdhsa.printf` metadata. */
export class PrintfTable {
  readonly opencl = new Map<number, OpenClFormat>();
  readonly buffered = new Map<bigint, string>();
  /** Metadata strings that could not be parsed (reported when a record needs them). */
  readonly problems: string[] = [];

  constructor(strings: readonly string[]) {
    for (const s of strings) {
      const b = /^0:0:([0-9a-fA-F]{1,16}),/.exec(s);
      if (b !== null) {
        this.buffered.set(BigInt('0x' + b[1]), toBytes(s.slice(b[0].length)));
        continue;
      }
      const parts = s.split(':');
      const id = Number(parts[0]);
      const n = Number(parts[1]);
      const sizes = parts.slice(2, 2 + n).map(Number);
      if (
        parts.length < 3 + n ||
        !/^\d+$/.test(parts[0] ?? '') ||
        !/^\d+$/.test(parts[1] ?? '') ||
        !sizes.every((x) => Number.isInteger(x) && x > 0)
      ) {
        this.problems.push(`amdhsa.printf entry '${s}' is not ID:N:SIZES:FORMAT`);
        continue;
      }
      this.opencl.set(id, { sizes, format: toBytes(unescapeOpenCl(parts.slice(2 + n).join(':'))) });
    }
  }

  get empty(): boolean {
    return this.opencl.size === 0 && this.buffered.size === 0;
  }

  /** The largest record a single printf writes (strings of buffered printf counted as one slot). */
  maxRecordBytes(): number {
    let max = 0;
    for (const f of this.opencl.values()) max = Math.max(max, 4 + f.sizes.reduce((a, b) => a + b, 0));
    for (const f of this.buffered.values()) max = Math.max(max, 12 + 8 * countConversions(f));
    return max;
  }
}

// The formatter works on byte strings (one char per byte, as C counts widths); the output is UTF-8.
function toBytes(s: string): string {
  const b = new TextEncoder().encode(s);
  return latin1(b, 0, b.length);
}
/** Byte string to text: invalid UTF-8 becomes U+FFFD, as C output shown in a terminal would. */
function fromBytes(s: string): string {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return new TextDecoder().decode(b);
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', v: '\v' };

/** Undoes AMDGPUPrintfRuntimeBinding's escaping of the format string in the metadata. */
function unescapeOpenCl(s: string): string {
  return s.replace(/\\(72|[abfnrv])/g, (_, c: string) => (c === '72' ? ':' : ESCAPES[c]));
}

function countConversions(fmt: string): number {
  let n = 0;
  for (const m of fmt.matchAll(/%(%|[^%]*?[diouxXcspnfFeEgGaA])/g))
    if (m[1] !== '%') n += 1 + (m[1].split('*').length - 1);
  return n;
}

/** A new buffer's contents: the header with nothing used, then zeros. */
export function newPrintfBuffer(size: number): Uint8Array {
  const b = new Uint8Array(size);
  const v = new DataView(b.buffer);
  v.setUint32(0, 0, true);
  v.setUint32(4, size, true);
  return b;
}

export interface PrintfOutput {
  /** The formatted records, in buffer order. */
  text: string;
  /** One line each: overflow of the buffer, malformed records. */
  notes: string[];
}

/** Formats the records of a printf buffer after a dispatch. */
export function decodePrintfBuffer(buf: Uint8Array, table: PrintfTable): PrintfOutput {
  const notes: string[] = [];
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.length < PRINTF_HEADER_BYTES) return { text: '', notes: ['printf: the buffer has no header'] };
  const capacity = buf.length - PRINTF_HEADER_BYTES;
  let used = dv.getUint32(0, true);
  if (used > capacity) {
    notes.push(`printf: the buffer header says ${used} bytes used, the buffer holds ${capacity}`);
    used = capacity;
  }
  const end = PRINTF_HEADER_BYTES + used;
  if (used > 0) for (const p of table.problems) notes.push(`printf: ${p}`);
  let text = '';
  let pos = PRINTF_HEADER_BYTES;
  while (pos < end) {
    const r =
      table.buffered.size > 0 && table.opencl.size === 0
        ? bufferedRecord(buf, dv, pos, end, table)
        : openClRecord(buf, dv, pos, end, table);
    if ('error' in r) {
      notes.push(`printf: record at buffer offset ${pos}: ${r.error}`);
      if (r.next === undefined) break;
      pos = r.next;
      continue;
    }
    text += r.text;
    pos = r.next;
  }
  const max = table.maxRecordBytes();
  if (max > 0 && capacity - used < max) {
    notes.push(
      `printf: buffer full (${used} of ${capacity} bytes used): any record that did not fit was dropped, as the runtime drops it`,
    );
  }
  return { text: fromBytes(text), notes };
}

type RecordResult = { text: string; next: number } | { error: string; next?: number };

function openClRecord(
  buf: Uint8Array,
  dv: DataView,
  pos: number,
  end: number,
  table: PrintfTable,
): RecordResult {
  if (pos + 4 > end) return { error: `${end - pos} stray byte(s), not a printf id` };
  const id = dv.getUint32(pos, true);
  const f = table.opencl.get(id);
  if (f === undefined) return { error: `unknown printf id ${id}` };
  const size = 4 + f.sizes.reduce((a, b) => a + b, 0);
  if (pos + size > end)
    return { error: `printf id ${id} needs ${size} bytes, ${end - pos} left (truncated)` };
  let at = pos + 4;
  let k = 0;
  const next: NextArg = () => {
    if (k >= f.sizes.length) return undefined;
    const s = f.sizes[k++];
    const b = buf.subarray(at, at + s);
    at += s;
    return b;
  };
  return { text: formatPrintf(f.format, next), next: pos + size };
}

function bufferedRecord(
  buf: Uint8Array,
  dv: DataView,
  pos: number,
  end: number,
  table: PrintfTable,
): RecordResult {
  if (pos + 4 > end) return { error: `${end - pos} stray byte(s), not a control dword` };
  const control = dv.getUint32(pos, true);
  const size = control >>> 2;
  const constant = (control & 2) !== 0;
  if (size < (constant ? 12 : 4) || pos + size > end)
    return {
      error: `control dword 0x${control.toString(16)}: a record of ${size} bytes does not fit (truncated)`,
    };
  const recEnd = pos + size;
  let at = pos + 4;
  let format: string | undefined;
  if (constant) {
    const hash = dv.getBigUint64(at, true);
    at += 8;
    format = table.buffered.get(hash);
    if (format === undefined) return { error: `unknown format hash ${hash.toString(16)}`, next: recEnd };
  } else {
    const s = readCString(buf, at, recEnd);
    if (s === undefined) return { error: 'unterminated format string', next: recEnd };
    format = s.text;
    at = s.next;
  }
  let short = false;
  const next: NextArg = (string) => {
    if (string) {
      const s = readCString(buf, at, recEnd);
      if (s === undefined) {
        short = true;
        return undefined;
      }
      at = s.next;
      return s.bytes;
    }
    if (at + 8 > recEnd) {
      short = true;
      return undefined;
    }
    const b = buf.subarray(at, at + 8);
    at += 8;
    return b;
  };
  const text = formatPrintf(format, next);
  if (short)
    return { error: `arguments of '${shorten(format)}' run past the record's ${size} bytes`, next: recEnd };
  return { text, next: recEnd };
}

/** A NUL-terminated string at `at`, and where the next item starts (aligned to 8). */
function readCString(
  buf: Uint8Array,
  at: number,
  end: number,
): { bytes: Uint8Array; text: string; next: number } | undefined {
  const nul = buf.subarray(at, end).indexOf(0);
  if (nul < 0) return undefined;
  const bytes = buf.subarray(at, at + nul);
  let text = '';
  for (const c of bytes) text += String.fromCharCode(c);
  return { bytes, text, next: at + Math.ceil((nul + 1) / 8) * 8 };
}

function shorten(s: string): string {
  const t = JSON.stringify(s);
  return t.length > 40 ? t.slice(0, 37) + '...' : t;
}
