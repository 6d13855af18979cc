// AMDGPU code object metadata (code object v3-v6, the msgpack NT_AMDGPU_METADATA note): typed views,
// a decoder and an encoder that writes the bytes LLVM's msgpack::Document::writeToBlob writes.
//
// The codec is gcnkit's own rather than @msgpack/msgpack's: decoding must name the key path where bytes
// break, reject duplicate keys and invalid UTF-8 (which the library silently resolves or replaces), and
// encoding must match LLVM's integer widths (the library, with bigint support on, writes integers of 2^32
// and above as float64) and LLVM's map order (keys sorted as bytes; LLVM keeps maps in a std::map).
import { ElfError } from './errors.js';

/** A msgpack float (LLVM keeps floats and integers apart; a JS number alone cannot). */
export class MetadataFloat {
  constructor(readonly value: number) {}
}

/**
 * A metadata value. Integers are numbers, or bigints outside the safe range; LLVM writes a non-negative
 * signed integer exactly as an unsigned one, so the sign is all that is kept. Maps have string keys.
 */
export type MetadataValue =
  | string
  | number
  | bigint
  | boolean
  | null
  | MetadataFloat
  | MetadataValue[]
  | MetadataMap;
export interface MetadataMap {
  [key: string]: MetadataValue | undefined;
}

/** Integers of the typed view: LLVM's metadata integers as exact JS numbers. */
type Int = number;

/** One kernel argument (`.args[i]`); keys gcnkit does not know are kept in `extra`, spelled as in the file. */
export interface KernelArgMetadata {
  name?: string;
  typeName?: string;
  size: Int;
  offset: Int;
  valueKind: string;
  pointeeAlign?: Int;
  addressSpace?: string;
  access?: string;
  actualAccess?: string;
  isConst?: boolean;
  isRestrict?: boolean;
  isVolatile?: boolean;
  isPipe?: boolean;
  extra?: MetadataMap;
}

/** One kernel (`amdhsa.kernels[i]`). */
export interface KernelMetadata {
  name: string;
  symbol: string;
  language?: string;
  languageVersion?: Int[];
  args?: KernelArgMetadata[];
  reqdWorkgroupSize?: Int[];
  workgroupSizeHint?: Int[];
  vecTypeHint?: string;
  deviceEnqueueSymbol?: string;
  kernargSegmentSize: Int;
  groupSegmentFixedSize: Int;
  privateSegmentFixedSize: Int;
  usesDynamicStack?: boolean;
  workgroupProcessorMode?: Int;
  kernargSegmentAlign: Int;
  wavefrontSize: Int;
  sgprCount: Int;
  vgprCount: Int;
  agprCount?: Int;
  maxFlatWorkgroupSize: Int;
  sgprSpillCount?: Int;
  vgprSpillCount?: Int;
  uniformWorkGroupSize?: Int;
  clusterDims?: Int[];
  kind?: string;
  extra?: MetadataMap;
}

/** The whole NT_AMDGPU_METADATA document. */
export interface CodeObjectMetadata {
  version: Int[];
  target?: string;
  printf?: string[];
  kernels: KernelMetadata[];
  extra?: MetadataMap;
}

type FieldKind = 'string' | 'int' | 'bool' | 'int[]' | 'string[]' | 'args' | 'kernels';
type FieldTable = readonly (readonly [field: string, key: string, kind: FieldKind])[];
const ARG_FIELDS: FieldTable = [
  ['name', '.name', 'string'],
  ['typeName', '.type_name', 'string'],
  ['size', '.size', 'int'],
  ['offset', '.offset', 'int'],
  ['valueKind', '.value_kind', 'string'],
  ['pointeeAlign', '.pointee_align', 'int'],
  ['addressSpace', '.address_space', 'string'],
  ['access', '.access', 'string'],
  ['actualAccess', '.actual_access', 'string'],
  ['isConst', '.is_const', 'bool'],
  ['isRestrict', '.is_restrict', 'bool'],
  ['isVolatile', '.is_volatile', 'bool'],
  ['isPipe', '.is_pipe', 'bool'],
];
const KERNEL_FIELDS: FieldTable = [
  ['name', '.name', 'string'],
  ['symbol', '.symbol', 'string'],
  ['language', '.language', 'string'],
  ['languageVersion', '.language_version', 'int[]'],
  ['args', '.args', 'args'],
  ['reqdWorkgroupSize', '.reqd_workgroup_size', 'int[]'],
  ['workgroupSizeHint', '.workgroup_size_hint', 'int[]'],
  ['vecTypeHint', '.vec_type_hint', 'string'],
  ['deviceEnqueueSymbol', '.device_enqueue_symbol', 'string'],
  ['kernargSegmentSize', '.kernarg_segment_size', 'int'],
  ['groupSegmentFixedSize', '.group_segment_fixed_size', 'int'],
  ['privateSegmentFixedSize', '.private_segment_fixed_size', 'int'],
  ['usesDynamicStack', '.uses_dynamic_stack', 'bool'],
  ['workgroupProcessorMode', '.workgroup_processor_mode', 'int'],
  ['kernargSegmentAlign', '.kernarg_segment_align', 'int'],
  ['wavefrontSize', '.wavefront_size', 'int'],
  ['sgprCount', '.sgpr_count', 'int'],
  ['vgprCount', '.vgpr_count', 'int'],
  ['agprCount', '.agpr_count', 'int'],
  ['maxFlatWorkgroupSize', '.max_flat_workgroup_size', 'int'],
  ['sgprSpillCount', '.sgpr_spill_count', 'int'],
  ['vgprSpillCount', '.vgpr_spill_count', 'int'],
  ['uniformWorkGroupSize', '.uniform_work_group_size', 'int'],
  ['clusterDims', '.cluster_dims', 'int[]'],
  ['kind', '.kind', 'string'],
];
const ROOT_FIELDS: FieldTable = [
  ['version', 'amdhsa.version', 'int[]'],
  ['target', 'amdhsa.target', 'string'],
  ['printf', 'amdhsa.printf', 'string[]'],
  ['kernels', 'amdhsa.kernels', 'kernels'],
];

const utf8 = new TextDecoder('utf-8', { fatal: true });
const MAX_DEPTH = 1000;

/** Why a blob is not msgpack LLVM can read; `path` locates the value being read. */
export class MsgpackError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/** Appends a map key to a key path: `amdhsa.kernels` + `.args` reads `amdhsa.kernels.args`. */
export function keyPath(path: string, key: string): string {
  if (path === '') return key;
  return key.startsWith('.') ? path + key : `${path}.${key}`;
}

/** Map keys met before, by their bytes: a document spells the same few dozen keys again and again. */
const KEYS_KEEP = 512;

/**
 * Reads the first msgpack object of `bytes` (LLVM reads one and ignores what follows); returns it and the
 * offset after it. Throws MsgpackError for anything LLVM's reader rejects or gcnkit cannot represent.
 */
export function readMsgpack(bytes: Uint8Array): { value: MetadataValue; end: number } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 0;
  // Where the value being read sits, as steps from the root: an array index (>= 0), a map key's number
  // while the key itself is read (-1 - i), or the key whose value is read. Spelled only for an error
  // (spellPath): building every value's path as a string cost most of the decoding (a large library's
  // metadata is megabytes).
  const steps: (number | string)[] = [];
  let depth = 0;
  const fail = (problem: string, root = true): never => {
    const path = spellPath(steps, depth);
    throw new MsgpackError(root ? path || '<root>' : path, problem);
  };
  const need = (n: number): void => {
    if (p + n > bytes.length) fail(`truncated: ${n} bytes needed at offset ${p}, blob is ${bytes.length}`);
  };
  const keys = new Map<number, string[]>();
  const str = (n: number): string => {
    need(n);
    const at = p;
    p += n;
    // Short ASCII strings (every key, most values) without TextDecoder, which costs more per call than
    // such a string's bytes; one met before (keys above all) is found by a hash of its bytes and shared.
    if (n <= 32) {
      let h = n;
      let hi = 0;
      for (let k = at; k < p; k++) {
        const c = bytes[k];
        hi |= c;
        h = (Math.imul(h, 31) + c) | 0;
      }
      if (hi < 0x80) {
        const known = keys.get(h);
        if (known !== undefined) for (const k of known) if (sameAscii(k, bytes, at, n)) return k;
        let t = '';
        for (let k = at; k < p; k++) t += String.fromCharCode(bytes[k]);
        if (keys.size < KEYS_KEEP) {
          if (known === undefined) keys.set(h, [t]);
          else known.push(t);
        }
        return t;
      }
    }
    try {
      return utf8.decode(bytes.subarray(at, p));
    } catch {
      return fail('string is not valid UTF-8');
    }
  };
  const int = (n: number, signed: boolean): number | bigint => {
    need(n);
    const at = p;
    p += n;
    if (n === 1) return signed ? dv.getInt8(at) : dv.getUint8(at);
    if (n === 2) return signed ? dv.getInt16(at) : dv.getUint16(at);
    if (n === 4) return signed ? dv.getInt32(at) : dv.getUint32(at);
    const v = signed ? dv.getBigInt64(at) : dv.getBigUint64(at);
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };
  const len = (n: number): number => int(n, false) as number;
  const container = (count: number, isMap: boolean): MetadataValue => {
    // Every element takes at least one byte: a count beyond the bytes left is corrupt, not a long loop.
    if (count * (isMap ? 2 : 1) > bytes.length - p)
      fail(`${isMap ? 'map' : 'array'} of ${count} entries overruns the blob`);
    const top = depth++;
    if (!isMap) {
      const arr: MetadataValue[] = [];
      for (let i = 0; i < count; i++) {
        steps[top] = i;
        arr.push(value());
      }
      depth = top;
      return arr;
    }
    const map: MetadataMap = {};
    for (let i = 0; i < count; i++) {
      steps[top] = -1 - i;
      const key = value();
      if (typeof key !== 'string') {
        depth = top;
        fail(`map key ${i} is not a string`);
      }
      steps[top] = key as string;
      if (Object.hasOwn(map, key as string)) fail('duplicate key');
      const v = value();
      // A key named __proto__ is an own property like any other, not the object's prototype.
      if (key === '__proto__')
        Object.defineProperty(map, key, { value: v, enumerable: true, writable: true, configurable: true });
      else map[key as string] = v;
    }
    depth = top;
    return map;
  };
  const value = (): MetadataValue => {
    if (depth > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`, false);
    need(1);
    const b = bytes[p++];
    if (b <= 0x7f) return b;
    if (b >= 0xe0) return b - 0x100;
    if (b >= 0xa0 && b <= 0xbf) return str(b & 0x1f);
    if (b >= 0x90 && b <= 0x9f) return container(b & 0x0f, false);
    if (b >= 0x80 && b <= 0x8f) return container(b & 0x0f, true);
    switch (b) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xca:
        need(4);
        p += 4;
        return new MetadataFloat(dv.getFloat32(p - 4));
      case 0xcb:
        need(8);
        p += 8;
        return new MetadataFloat(dv.getFloat64(p - 8));
      case 0xcc:
      case 0xcd:
      case 0xce:
      case 0xcf:
        return int(1 << (b - 0xcc), false);
      case 0xd0:
      case 0xd1:
      case 0xd2:
      case 0xd3:
        return int(1 << (b - 0xd0), true);
      case 0xd9:
      case 0xda:
      case 0xdb:
        return str(len(1 << (b - 0xd9)));
      case 0xdc:
      case 0xdd:
        return container(len(b === 0xdc ? 2 : 4), false);
      case 0xde:
      case 0xdf:
        return container(len(b === 0xde ? 2 : 4), true);
    }
    // 0xc1 is reserved; bin (0xc4-0xc6) and ext (0xc7-0xc9, 0xd4-0xd8) LLVM's Document does not read.
    return fail(`msgpack type byte 0x${b.toString(16)} at offset ${p - 1} is not supported`);
  };
  const v = value();
  return { value: v, end: p };
}

/**
 * The key path of the first `depth` steps: a key (appended as keyPath does), an array index (>= 0:
 * `[i]`), or the number of a map key being read (-1 - i: `{key i}`).
 */
function spellPath(steps: readonly (number | string)[], depth: number): string {
  let path = '';
  for (let d = 0; d < depth; d++) {
    const s = steps[d];
    if (typeof s === 'string') path = keyPath(path, s);
    else if (s >= 0) path = `${path}[${s}]`;
    else path = `${path}{key ${-1 - s}}`;
  }
  return path;
}

/** Whether the ASCII string s is the n bytes of b from at. */
function sameAscii(s: string, b: Uint8Array, at: number, n: number): boolean {
  if (s.length !== n) return false;
  for (let k = 0; k < n; k++) if (s.charCodeAt(k) !== b[at + k]) return false;
  return true;
}

const enc = new TextEncoder();

/** Compares strings as their UTF-8 bytes, the order of LLVM's StringRef and so of its maps. */
export function compareKeys(a: string, b: string): number {
  const x = enc.encode(a);
  const y = enc.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** The keys of a map in LLVM's order, undefined-valued ones (absent optional fields) left out. */
export function sortedKeys(m: MetadataMap): string[] {
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort(compareKeys);
}

const FLT_MIN = 1.1754943508222875e-38;
const FLT_MAX = 3.4028234663852886e38;

/** Writes `v` as LLVM's msgpack::Writer does (smallest forms, str8 allowed, maps sorted by key bytes). */
export function writeMsgpack(v: MetadataValue): Uint8Array {
  const out: number[] = [];
  const be = (n: bigint, bytes: number): void => {
    for (let i = bytes - 1; i >= 0; i--) out.push(Number((n >> BigInt(8 * i)) & 0xffn));
  };
  const size = (n: number, fix: number, fixMax: number, op16: number, op32: number): void => {
    if (n <= fixMax) out.push(fix | n);
    else if (n <= 0xffff) out.push(op16, n >> 8, n & 0xff);
    else {
      out.push(op32);
      be(BigInt(n), 4);
    }
  };
  // Smallest form first: [upper bound, first byte, payload bytes]; fixints carry the value in the first byte.
  const UNSIGNED: [bigint, number, number][] = [
    [0xffn, 0xcc, 1],
    [0xffffn, 0xcd, 2],
    [0xffffffffn, 0xce, 4],
    [0xffffffffffffffffn, 0xcf, 8],
  ];
  const SIGNED: [bigint, number, number][] = [
    [-0x80n, 0xd0, 1],
    [-0x8000n, 0xd1, 2],
    [-0x80000000n, 0xd2, 4],
    [-0x8000000000000000n, 0xd3, 8],
  ];
  const integer = (x: bigint): void => {
    if (x >= 0n ? x <= 0x7fn : x >= -32n) {
      out.push(Number(BigInt.asUintN(8, x)));
      return;
    }
    const form = x >= 0n ? UNSIGNED.find(([max]) => x <= max) : SIGNED.find(([min]) => x >= min);
    if (!form) throw new RangeError(`integer ${x} does not fit in 64 bits`);
    out.push(form[1]);
    be(BigInt.asUintN(form[2] * 8, x), form[2]);
  };
  const write = (x: MetadataValue): void => {
    if (x === null) out.push(0xc0);
    else if (typeof x === 'boolean') out.push(x ? 0xc3 : 0xc2);
    else if (typeof x === 'bigint') integer(x);
    else if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new RangeError(`${x} is not an integer (use MetadataFloat for floats)`);
      integer(BigInt(x));
    } else if (typeof x === 'string') {
      const b = enc.encode(x);
      if (b.length <= 31) out.push(0xa0 | b.length);
      else if (b.length <= 0xff) out.push(0xd9, b.length);
      else size(b.length, 0, -1, 0xda, 0xdb);
      for (const c of b) out.push(c);
    } else if (x instanceof MetadataFloat) {
      // LLVM calls a float "without loss" whenever its magnitude is in float range, and narrows it.
      const a = Math.abs(x.value);
      const f = new DataView(new ArrayBuffer(8));
      if (a >= FLT_MIN && a <= FLT_MAX) {
        f.setFloat32(0, x.value);
        out.push(0xca, ...new Uint8Array(f.buffer, 0, 4));
      } else {
        f.setFloat64(0, x.value);
        out.push(0xcb, ...new Uint8Array(f.buffer));
      }
    } else if (Array.isArray(x)) {
      size(x.length, 0x90, 15, 0xdc, 0xdd);
      for (const e of x) write(e);
    } else {
      const keys = sortedKeys(x);
      size(keys.length, 0x80, 15, 0xde, 0xdf);
      for (const k of keys) {
        write(k);
        write(x[k] as MetadataValue);
      }
    }
  };
  write(v);
  return Uint8Array.from(out);
}

type Kind = 'string' | 'integer' | 'boolean';
const KIND_TEXT: Record<Kind, string> = {
  string: 'expected a string',
  integer: 'expected an integer',
  boolean: 'expected a boolean',
};
const isKind = (v: MetadataValue | undefined, k: Kind): boolean =>
  k === 'string'
    ? typeof v === 'string'
    : k === 'boolean'
      ? typeof v === 'boolean'
      : typeof v === 'number' || typeof v === 'bigint';
const isMap = (v: MetadataValue | undefined): v is MetadataMap =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof MetadataFloat);

const VALUE_KINDS = new Set([
  'by_value',
  'global_buffer',
  'dynamic_shared_pointer',
  'sampler',
  'image',
  'pipe',
  'queue',
  'hidden_block_count_x',
  'hidden_block_count_y',
  'hidden_block_count_z',
  'hidden_group_size_x',
  'hidden_group_size_y',
  'hidden_group_size_z',
  'hidden_remainder_x',
  'hidden_remainder_y',
  'hidden_remainder_z',
  'hidden_global_offset_x',
  'hidden_global_offset_y',
  'hidden_global_offset_z',
  'hidden_grid_dims',
  'hidden_none',
  'hidden_printf_buffer',
  'hidden_hostcall_buffer',
  'hidden_heap_v1',
  'hidden_default_queue',
  'hidden_completion_action',
  'hidden_multigrid_sync_arg',
  'hidden_dynamic_lds_size',
  'hidden_private_base',
  'hidden_shared_base',
  'hidden_queue_ptr',
]);
const ADDRESS_SPACES = new Set(['private', 'global', 'constant', 'local', 'generic', 'region']);
const ACCESSES = new Set(['read_only', 'write_only', 'read_write']);
const LANGUAGES = new Set(['OpenCL C', 'OpenCL C++', 'HCC', 'HIP', 'OpenMP', 'Assembler']);

/** A verification failure: where, and what is wrong. */
export interface MetadataProblem {
  path: string;
  problem: string;
}

/**
 * LLVM's HSA metadata verifier (AMDGPU::HSAMD::V3::MetadataVerifier), in its order: required keys, scalar
 * kinds, enumerated strings, array lengths. Unknown keys pass. With `coerce` (the assembler's non-strict
 * mode) a string where another kind is expected is re-typed in place by `coerce`, as LLVM re-reads it.
 * Returns the first problem, or null.
 */
export function verifyMetadata(
  root: MetadataValue,
  coerce?: (s: string) => MetadataValue,
): MetadataProblem | null {
  class Fail {
    constructor(readonly p: MetadataProblem) {}
  }
  // The key path of the value being checked, as steps (a key, or an array index), spelled only for a
  // problem: building each path as a string took most of the check.
  const steps: (string | number)[] = [];
  let depth = 0;
  const fail = (problem: string): never => {
    throw new Fail({ path: spellPath(steps, depth), problem });
  };
  /** Checks h[key], the value at the current path. */
  const check = (
    h: MetadataMap | MetadataValue[],
    key: string | number,
    kind: Kind,
    allowed?: Set<string>,
  ) => {
    const m = h as Record<string | number, MetadataValue | undefined>;
    let v = m[key];
    if (!isKind(v, kind) && coerce && typeof v === 'string') {
      v = coerce(v);
      m[key] = v;
    }
    if (!isKind(v, kind)) fail(KIND_TEXT[kind]);
    if (allowed && !allowed.has(v as string)) fail(`${JSON.stringify(v)} is not one of LLVM's values`);
  };
  const scalar = (m: MetadataMap, key: string, required: boolean, kind: Kind, allowed?: Set<string>) => {
    if (m[key] === undefined && !required) return;
    steps[depth++] = key;
    if (m[key] === undefined) fail('is required');
    check(m, key, kind, allowed);
    depth--;
  };
  const array = (
    m: MetadataMap,
    key: string,
    required: boolean,
    each: (a: MetadataValue[], i: number) => void,
    n?: number,
  ) => {
    const a = m[key];
    if (a === undefined && !required) return;
    steps[depth++] = key;
    if (a === undefined) fail('is required');
    if (!Array.isArray(a)) fail(n === undefined ? 'expected an array' : `expected an array of ${n}`);
    const arr = a as MetadataValue[];
    if (n !== undefined && arr.length !== n) fail(`expected an array of ${n}, not ${arr.length}`);
    for (let i = 0; i < arr.length; i++) {
      steps[depth++] = i;
      each(arr, i);
      depth--;
    }
    depth--;
  };
  const intElem = (a: MetadataValue[], i: number) => check(a, i, 'integer');
  const mapElem = (a: MetadataValue[], i: number): MetadataMap => {
    const m = a[i];
    if (!isMap(m)) return fail('expected a map');
    return m;
  };
  const arg = (a: MetadataValue[], i: number) => {
    const m = mapElem(a, i);
    scalar(m, '.name', false, 'string');
    scalar(m, '.type_name', false, 'string');
    scalar(m, '.size', true, 'integer');
    scalar(m, '.offset', true, 'integer');
    scalar(m, '.value_kind', true, 'string', VALUE_KINDS);
    scalar(m, '.pointee_align', false, 'integer');
    scalar(m, '.address_space', false, 'string', ADDRESS_SPACES);
    scalar(m, '.access', false, 'string', ACCESSES);
    scalar(m, '.actual_access', false, 'string', ACCESSES);
    for (const k of ARG_FLAGS) scalar(m, k, false, 'boolean');
  };
  const kernel = (a: MetadataValue[], i: number) => {
    const m = mapElem(a, i);
    scalar(m, '.name', true, 'string');
    scalar(m, '.symbol', true, 'string');
    scalar(m, '.language', false, 'string', LANGUAGES);
    array(m, '.language_version', false, intElem, 2);
    array(m, '.args', false, arg);
    array(m, '.reqd_workgroup_size', false, intElem, 3);
    array(m, '.workgroup_size_hint', false, intElem, 3);
    scalar(m, '.vec_type_hint', false, 'string');
    scalar(m, '.device_enqueue_symbol', false, 'string');
    scalar(m, '.kernarg_segment_size', true, 'integer');
    scalar(m, '.group_segment_fixed_size', true, 'integer');
    scalar(m, '.private_segment_fixed_size', true, 'integer');
    scalar(m, '.uses_dynamic_stack', false, 'boolean');
    scalar(m, '.workgroup_processor_mode', false, 'integer');
    for (const k of KERNEL_REQUIRED_INTS) scalar(m, k, true, 'integer');
    for (const k of KERNEL_OPTIONAL_INTS) scalar(m, k, false, 'integer');
    array(m, '.cluster_dims', false, intElem, 3);
  };
  const globalEntry = (a: MetadataValue[], i: number) => {
    const g = mapElem(a, i);
    scalar(g, '.name', true, 'string');
    scalar(g, '.size', true, 'integer');
  };
  try {
    if (!isMap(root)) return { path: '<root>', problem: 'expected a map' };
    array(root, 'amdhsa.version', true, intElem, 2);
    array(root, 'amdhsa.printf', false, (a, i) => check(a, i, 'string'));
    array(root, 'amdhsa.globals', false, globalEntry);
    array(root, 'amdhsa.kernels', true, kernel);
    return null;
  } catch (e) {
    if (e instanceof Fail) return e.p;
    throw e;
  }
}

const ARG_FLAGS = ['.is_const', '.is_restrict', '.is_volatile', '.is_pipe'];
const KERNEL_REQUIRED_INTS = [
  '.kernarg_segment_align',
  '.wavefront_size',
  '.sgpr_count',
  '.vgpr_count',
  '.max_flat_workgroup_size',
];
const KERNEL_OPTIONAL_INTS = ['.sgpr_spill_count', '.vgpr_spill_count', '.uniform_work_group_size'];

const REQUIRED = new Set([
  'version',
  'kernels',
  'name',
  'symbol',
  'size',
  'offset',
  'valueKind',
  'kernargSegmentSize',
  'groupSegmentFixedSize',
  'privateSegmentFixedSize',
  'kernargSegmentAlign',
  'wavefrontSize',
  'sgprCount',
  'vgprCount',
  'maxFlatWorkgroupSize',
]);
const KIND_EXPECTED: Record<FieldKind, string> = {
  string: 'expected a string',
  int: 'expected an integer within 2^53',
  bool: 'expected a boolean',
  'int[]': 'expected an array of integers within 2^53',
  'string[]': 'expected an array of strings',
  args: 'expected an array of maps',
  kernels: 'expected an array of maps',
};
const safeInt = (v: MetadataValue): boolean => typeof v === 'number';
function fits(kind: FieldKind, v: MetadataValue): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'int':
      return safeInt(v);
    case 'bool':
      return typeof v === 'boolean';
    case 'int[]':
      return Array.isArray(v) && v.every(safeInt);
    case 'string[]':
      return Array.isArray(v) && v.every((e) => typeof e === 'string');
    default:
      return Array.isArray(v) && v.every(isMap);
  }
}

function typedMap(
  m: MetadataMap,
  table: FieldTable,
  path: string,
  fileName: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const known = new Set<string>();
  for (const [field, key, kind] of table) {
    const v = m[key];
    if (v === undefined) continue;
    if (!fits(kind, v)) {
      // LLVM accepts any value under a key its verifier does not check: keep it, untyped, in `extra`.
      if (REQUIRED.has(field)) throw new ElfError(fileName, keyPath(path, key), KIND_EXPECTED[kind]);
      continue;
    }
    known.add(key);
    if (kind === 'args' || kind === 'kernels') {
      const p = keyPath(path, key);
      const t = kind === 'args' ? ARG_FIELDS : KERNEL_FIELDS;
      out[field] = (v as MetadataMap[]).map((a, i) => typedMap(a, t, `${p}[${i}]`, fileName));
    } else out[field] = Array.isArray(v) ? [...v] : v;
  }
  const extraKeys = Object.keys(m).filter((k) => !known.has(k) && m[k] !== undefined);
  if (extraKeys.length) {
    const extra: MetadataMap = {};
    for (const k of extraKeys)
      Object.defineProperty(extra, k, { value: m[k], enumerable: true, writable: true, configurable: true });
    out.extra = extra;
  }
  return out;
}

function untypedMap(t: Record<string, unknown>, table: FieldTable): MetadataMap {
  const out: MetadataMap = {};
  const put = (k: string, v: MetadataValue) =>
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  const extra = t.extra as MetadataMap | undefined;
  if (extra)
    for (const k of Object.keys(extra)) if (extra[k] !== undefined) put(k, extra[k] as MetadataValue);
  for (const [field, key, kind] of table) {
    const v = t[field];
    if (v === undefined) continue;
    if (kind === 'args')
      put(
        key,
        (v as Record<string, unknown>[]).map((a) => untypedMap(a, ARG_FIELDS)),
      );
    else if (kind === 'kernels')
      put(
        key,
        (v as Record<string, unknown>[]).map((k) => untypedMap(k, KERNEL_FIELDS)),
      );
    else put(key, Array.isArray(v) ? [...v] : (v as MetadataValue));
  }
  return out;
}

/**
 * The typed view of a metadata document that LLVM's verifier accepts (run verifyMetadata first): known keys
 * become fields, the rest go to `extra`. Integers beyond 2^53 in required fields give an ElfError.
 */
export function metadataFromDocument(doc: MetadataMap, fileName: string): CodeObjectMetadata {
  return typedMap(doc, ROOT_FIELDS, '', fileName) as unknown as CodeObjectMetadata;
}

/** The msgpack document of a typed view: fields under their keys, plus `extra`. */
export function metadataToDocument(md: CodeObjectMetadata): MetadataMap {
  return untypedMap(md as unknown as Record<string, unknown>, ROOT_FIELDS);
}

/**
 * Decodes an NT_AMDGPU_METADATA descriptor. Bad msgpack, bytes after the document, or metadata LLVM's
 * (strict) verifier rejects give a one-line ElfError naming the key path.
 */
export function decodeMetadata(desc: Uint8Array, fileName: string): CodeObjectMetadata {
  let r: { value: MetadataValue; end: number };
  try {
    r = readMsgpack(desc);
  } catch (e) {
    if (e instanceof MsgpackError) throw new ElfError(fileName, `NT_AMDGPU_METADATA ${e.path}`, e.problem);
    throw e;
  }
  if (r.end !== desc.length)
    throw new ElfError(
      fileName,
      'NT_AMDGPU_METADATA',
      `${desc.length - r.end} bytes follow the msgpack document`,
    );
  const bad = verifyMetadata(r.value);
  if (bad) throw new ElfError(fileName, bad.path, bad.problem);
  return metadataFromDocument(r.value as MetadataMap, fileName);
}

/** The NT_AMDGPU_METADATA descriptor LLVM writes for `md`. */
export function encodeMetadata(md: CodeObjectMetadata): Uint8Array {
  return writeMsgpack(metadataToDocument(md));
}
