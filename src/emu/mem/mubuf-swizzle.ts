// Buffer addressing (Vega ISA document, "Buffer Addressing"): the V# (buffer resource) fields and the
// linear and swizzled address formulas with range checking.
//
//   index  = (idxen ? vgpr_index : 0) + (add_tid_enable ? lane : 0)
//   offset = (offen ? vgpr_offset : 0) + inst_offset
//   linear:   buffer_offset = offset + stride * index
//   swizzled: buffer_offset = (index / index_stride * stride + offset / element_size * element_size)
//                             * index_stride + index % index_stride * element_size + offset % element_size
//   address = base + sgpr_offset + buffer_offset     (sgpr_offset is part of the base, not of `offset`)
//
// For the private segment V# the dispatcher builds (stride 0, swizzled, element size 4, index stride 64,
// add_tid) this gives private address X of lane L at base + soffset + (X >>> 2) * 256 + L * 4 + (X & 3),
// the same mapping FLAT scratch uses.

/** The fields of a V# that addressing uses, decoded from its four dwords. */
export class BufferDesc {
  base = 0;
  stride = 0;
  swizzle = false;
  numRecords = 0;
  elementSize = 4;
  indexStride = 64;
  addTid = false;

  /**
   * Decodes s[r..r+3]. `format`: for the format ops, whose data format field is a data format and never
   * stride bits.
   */
  load(s: Uint32Array, r: number, format = false): this {
    const w1 = s[r + 1]!;
    const w3 = s[r + 3]!;
    this.base = (w1 & 0xffff) * 2 ** 32 + s[r]!;
    this.stride = (w1 >>> 16) & 0x3fff;
    this.swizzle = w1 >>> 31 === 1;
    this.numRecords = s[r + 2]!;
    // Word 3 as LLVM and the dispatcher lay it out on gfx8/gfx9: element_size [20:19] (2, 4, 8 or 16
    // bytes), index_stride [22:21] (8, 16, 32 or 64), add_tid_enable [23].
    this.elementSize = 2 << ((w3 >>> 19) & 3);
    this.indexStride = 8 << ((w3 >>> 21) & 3);
    this.addTid = ((w3 >>> 23) & 1) === 1;
    // With add_tid_enable the data_format field [18:15] supplies stride bits [17:14] (not for the
    // format ops).
    if (this.addTid && !format) this.stride += ((w3 >>> 15) & 0xf) * 2 ** 14;
    return this;
  }
}

/** The byte offset within the buffer (before base and sgpr_offset are added) for an index and offset. */
export function bufferOffset(d: BufferDesc, index: number, offset: number): number {
  if (!d.swizzle) return offset + d.stride * index;
  const is = d.indexStride;
  const es = d.elementSize;
  const indexMsb = Math.floor(index / is);
  const indexLsb = index % is;
  const offsetMsb = Math.floor(offset / es);
  const offsetLsb = offset % es;
  return (indexMsb * d.stride + offsetMsb * es) * is + indexLsb * es + offsetLsb;
}

/**
 * Range check of one element. With idxen (a structured buffer) num_records counts records: out of
 * range when index >= num_records, or (swizzled with a stride) offset >= stride. Without idxen num_records
 * counts bytes: out of range when the buffer offset >= num_records. sgpr_offset takes no part.
 */
export function outOfRange(
  d: BufferDesc,
  idxen: boolean,
  index: number,
  offset: number,
  bufOff: number,
): boolean {
  if (idxen) return index >= d.numRecords || (d.swizzle && d.stride !== 0 && offset >= d.stride);
  return bufOff >= d.numRecords;
}
