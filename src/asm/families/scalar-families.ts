// The scalar encoding families (SOP2, SOPK, SOP1, SOPC, SOPP, SMEM), registered together.
import type { AsmFamily } from '../types.js';
import { smemAsm } from './scalar-smem.js';
import { sop1Asm, sop2Asm, sopcAsm } from './scalar-sop.js';
import { sopkAsm } from './scalar-sopk.js';
import { soppAsm } from './scalar-sopp.js';

export const scalarFamilies: readonly AsmFamily[] = [sop2Asm, sopkAsm, sop1Asm, sopcAsm, soppAsm, smemAsm];
