// The scalar type a kernel argument's metadata `.type_name` names. Only OpenCL kernels carry type names
// (clang writes the OpenCL spelling: `uint`, `float4`, `size_t`, `int*`); C spellings (`unsigned int`,
// `uint32_t`) are accepted too for hand-written metadata.

import type { ValueType } from './types.js';

const SCALARS: Readonly<Record<string, ValueType>> = {
  char: 'i8',
  'signed char': 'i8',
  uchar: 'u8',
  'unsigned char': 'u8',
  bool: 'u8',
  _Bool: 'u8',
  short: 'i16',
  ushort: 'u16',
  'unsigned short': 'u16',
  int: 'i32',
  'signed int': 'i32',
  signed: 'i32',
  uint: 'u32',
  unsigned: 'u32',
  'unsigned int': 'u32',
  long: 'i64',
  'long long': 'i64',
  ulong: 'u64',
  'unsigned long': 'u64',
  'unsigned long long': 'u64',
  half: 'f16',
  _Float16: 'f16',
  __fp16: 'f16',
  float: 'f32',
  double: 'f64',
  int8_t: 'i8',
  uint8_t: 'u8',
  int16_t: 'i16',
  uint16_t: 'u16',
  int32_t: 'i32',
  uint32_t: 'u32',
  int64_t: 'i64',
  uint64_t: 'u64',
  size_t: 'u64',
  uintptr_t: 'u64',
  ptrdiff_t: 'i64',
  intptr_t: 'i64',
};

/** The element type and count a by-value `.type_name` describes (`uint` → u32 x1, `float4` → f32 x4). */
export function scalarOfTypeName(
  typeName: string | undefined,
): { type: ValueType; count: number } | undefined {
  if (typeName === undefined) return undefined;
  // Qualifiers do not change the layout; clang writes none for by-value arguments, hand-written YAML may.
  const t = typeName
    .replace(/\b(const|volatile|restrict)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const scalar = SCALARS[t];
  if (scalar !== undefined) return { type: scalar, count: 1 };
  // OpenCL vector types: the element's name followed by 2, 3, 4, 8 or 16.
  const m = /^([a-z]+)(2|3|4|8|16)$/.exec(t);
  const element = m ? SCALARS[m[1]] : undefined;
  return m && element ? { type: element, count: Number(m[2]) } : undefined;
}

/** Whether `value` is an integer that `type` can hold (floats hold any number). */
export function fitsType(type: ValueType, value: number | bigint): boolean {
  if (type[0] === 'f') return true;
  const b = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value) : undefined;
  if (b === undefined) return false;
  const bits = BigInt(type.slice(1));
  return type[0] === 'i' ? b >= -(1n << (bits - 1n)) && b < 1n << (bits - 1n) : b >= 0n && b < 1n << bits;
}
