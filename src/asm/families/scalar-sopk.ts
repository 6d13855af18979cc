// SOPK: one scalar register and a 16-bit immediate (constant, branch offset or hwreg descriptor);
// s_setreg_imm32_b32 adds a 32-bit literal.
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Fixup, Operand } from '../types.js';
import {
  baseName,
  fail,
  floatLowWord,
  guard,
  INVALID,
  intWords,
  needReg,
  opcodeTable,
  plainInt,
  RC,
  scan,
  smallInt,
  spellings,
  TOO_FEW,
} from './scalar-common.js';
import { branchTarget } from './scalar-sopp.js';
import { hwreg } from './scalar-symbolic.js';

enum K {
  /** sreg, simm16 (-32768..65535). */
  Signed,
  /** sreg, uimm16: the unsigned compares. */
  Unsigned,
  /** SGPR pair, branch target. */
  Branch,
  /** sdst, hwreg. */
  GetReg,
  /** hwreg, SGPR. */
  SetReg,
  /** hwreg, 32-bit literal. */
  SetRegImm,
}

function kindOf(name: string): K {
  if (name === 's_call_b64' || name === 's_cbranch_i_fork') return K.Branch;
  if (name === 's_getreg_b32') return K.GetReg;
  if (name === 's_setreg_b32') return K.SetReg;
  if (name === 's_setreg_imm32_b32') return K.SetRegImm;
  return name.startsWith('s_cmpk_') && name.endsWith('_u32') ? K.Unsigned : K.Signed;
}

function imm16(op: Operand, unsigned: boolean): number {
  const raw = plainInt(op);
  const v = raw === null ? Number.NaN : smallInt(raw);
  if (!(v >= (unsigned ? 0 : -0x8000) && v <= 0xffff)) fail(INVALID, op.pos);
  return v & 0xffff;
}

/** s_setreg_imm32_b32's value: any integer keeps its low 32 bits. */
function imm32(op: Operand): number {
  const raw = plainInt(op);
  if (raw !== null) return intWords(raw)[1];
  if (op.kind === 'float') return floatLowWord(op.value);
  return fail(INVALID, op.pos);
}

const opcodes = opcodeTable('sopk');
const kinds = new Map<string, K>();

function encode(inst: AsmInst): EncodeResult {
  const name = baseName(inst);
  const opcode = opcodes(inst.target).get(name);
  if (opcode === undefined) return { error: 'invalid instruction', pos: inst.pos };
  let kind = kinds.get(name);
  if (kind === undefined) {
    kind = kindOf(name);
    kinds.set(name, kind);
  }
  // hwreg(...) is read while parsing, so its errors come before a missing or mismatched register.
  const hwregAt = kind === K.SetReg || kind === K.SetRegImm ? 0 : kind === K.GetReg ? 1 : -1;
  let reg = -1;
  const ops = scan(inst.operands, hwregAt, (op, i) => {
    if (i !== hwregAt) return false;
    reg = hwreg(op);
    return true;
  });
  const [a, b] = ops;
  if (a === undefined || b === undefined) {
    // A present operand that does not fit is reported before the missing one.
    if (a !== undefined && hwregAt !== 0) needReg(a, kind === K.Branch ? RC.R64 : RC.R32);
    fail(TOO_FEW, inst.pos);
  }
  let sdst = 0;
  let simm = 0;
  const fixups: Fixup[] = [];
  let literal: number | null = null;
  switch (kind) {
    case K.Signed:
    case K.Unsigned:
      sdst = needReg(a, RC.R32) & 0x7f;
      simm = imm16(b, kind === K.Unsigned);
      break;
    case K.Branch:
      sdst = needReg(a, RC.R64);
      simm = branchTarget(b, fixups);
      break;
    case K.GetReg:
      sdst = needReg(a, RC.R32) & 0x7f;
      simm = reg;
      break;
    case K.SetReg:
      simm = reg;
      sdst = needReg(b, RC.R32) & 0x7f;
      break;
    case K.SetRegImm:
      simm = reg;
      literal = imm32(b);
      break;
  }
  if (ops.length > 2) fail(INVALID, ops[2].pos);
  const words = [(0xb0000000 | (opcode << 23) | (sdst << 16) | simm) >>> 0];
  if (literal !== null) words.push(literal >>> 0);
  return fixups.length ? { words, fixups } : { words };
}

export const sopkAsm: AsmFamily = {
  name: 'sopk',
  mnemonics: (t: Target) => spellings(opcodes(t).keys()),
  encode: (inst) => guard(() => encode(inst)),
};
