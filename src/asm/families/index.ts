// The encoding families of the assembler. Each module exports one AsmFamily; order matters only when
// two families accept the same mnemonic (the first that does not return null wins).
import type { AsmFamily } from '../types.js';

export const ASM_FAMILIES: AsmFamily[] = [];
