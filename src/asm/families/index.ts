// The encoding families of the assembler. Each module exports one AsmFamily; order matters only when
// two families accept the same mnemonic (the first that does not return null wins).
import type { AsmFamily } from '../types.js';
import { memBuf } from './mem-buf.js';
import { memDs } from './mem-ds.js';
import { memExp } from './mem-exp.js';
import { memFlat } from './mem-flat.js';
import { memMimg } from './mem-mimg.js';
import { memVintrp } from './mem-vintrp.js';
import { scalarFamilies } from './scalar-families.js';
import { valuLegacy } from './valu-legacy.js';
import { valuVop } from './valu-vop.js';
import { valuVop3 } from './valu-vop3.js';
import { valuVop3p } from './valu-vop3p.js';

export const ASM_FAMILIES: AsmFamily[] = [
  memDs,
  memBuf,
  memFlat,
  memMimg,
  memExp,
  memVintrp,
  valuVop,
  valuVop3,
  valuVop3p,
  valuLegacy,
  ...scalarFamilies,
];
