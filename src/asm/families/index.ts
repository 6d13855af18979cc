// The encoding families of the assembler. Each module exports one AsmFamily; order matters only when
// two families accept the same mnemonic (the first that does not return null wins).
import type { AsmFamily } from '../types.js';
import { memBuf } from './mem-buf.js';
import { memDs } from './mem-ds.js';
import { memExp } from './mem-exp.js';
import { memFlat } from './mem-flat.js';
import { memMimg } from './mem-mimg.js';
import { memVintrp } from './mem-vintrp.js';

export const ASM_FAMILIES: AsmFamily[] = [memDs, memBuf, memFlat, memMimg, memExp, memVintrp];
