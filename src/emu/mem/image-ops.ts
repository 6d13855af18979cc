// What each MIMG op does, derived once from its name (LLVM's names, which follow the ISA document's):
// the class, and for sample/gather the address VGPRs the suffixes add. The address layout (Vega ISA
// document, "VGPR Usage"; CLRX GcnMemHandling.md "Image addressing"):
//   { offset } { bias } { z-compare } { derivatives } { body: x, y, z/slice } { clamp | lod | mip }

export enum ImageKind {
  Load,
  Store,
  Resinfo,
  Atomic,
  Sample,
  Gather,
  GetLod,
  /** Ops without semantics here (gather4h): they stop with an error naming the op. */
  Unmodelled,
}

export interface ImageOp {
  name: string;
  kind: ImageKind;
  /** image_load_mip* / image_store_mip*: a mip id after the body. */
  mip: boolean;
  /** _pck: raw components, no conversion; _sgn: sign-extended. */
  pck: boolean;
  sgn: boolean;
  /** Sample/gather suffixes. */
  offset: boolean;
  bias: boolean;
  compare: boolean;
  deriv: boolean;
  lod: boolean;
  lz: boolean;
  clamp: boolean;
  /** The atomic operation's name (swap, cmpswap, add, ...). */
  atomic: string;
}

export function imageOp(name: string): ImageOp {
  const op: ImageOp = {
    name,
    kind: ImageKind.Unmodelled,
    mip: false,
    pck: false,
    sgn: false,
    offset: false,
    bias: false,
    compare: false,
    deriv: false,
    lod: false,
    lz: false,
    clamp: false,
    atomic: '',
  };
  const parts = name.split('_').slice(1);
  const head = parts[0];
  if (head === 'load' || head === 'store') {
    op.kind = head === 'load' ? ImageKind.Load : ImageKind.Store;
    op.mip = parts.includes('mip');
    op.pck = parts.includes('pck');
    op.sgn = parts.includes('sgn');
  } else if (name === 'image_get_resinfo') op.kind = ImageKind.Resinfo;
  else if (head === 'atomic') {
    op.kind = ImageKind.Atomic;
    op.atomic = parts.slice(1).join('_');
  } else if (head === 'sample' || head === 'gather4' || name === 'image_get_lod') {
    op.kind = head === 'sample' ? ImageKind.Sample : head === 'gather4' ? ImageKind.Gather : ImageKind.GetLod;
    for (const m of parts.slice(1)) {
      if (m === 'o') op.offset = true;
      else if (m === 'b') op.bias = true;
      else if (m === 'c') op.compare = true;
      else if (m === 'd' || m === 'cd') op.deriv = true;
      else if (m === 'l') op.lod = true;
      else if (m === 'lz') op.lz = true;
      else if (m === 'cl') op.clamp = true;
    }
  }
  return op;
}
