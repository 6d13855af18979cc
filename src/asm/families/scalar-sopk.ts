// SOPK: one scalar register and a 16-bit immediate (constant, branch offset or hwreg descriptor);
// s_setreg_imm32_b32 adds a 32-bit literal.
import { SOPK } from '../../isa/encodings/scalar.js';
import { encode as encodeLayout } from '../../isa/fields.js';
import { Sopk as K, SOPK_OPS } from '../../isa/ops/scalar-sop.js';
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
  plainInt,
  RC,
  rowTable,
  scan,
  smallInt,
  spellings,
  TOO_FEW,
} from './scalar-common.js';
import { branchTarget } from './scalar-sopp.js';
import { hwreg } from './scalar-symbolic.js';

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

const byName = rowTable(SOPK_OPS);

function encode(inst: AsmInst): EncodeResult {
  const found = byName(inst.target).get(baseName(inst));
  if (found === undefined) return { error: 'invalid instruction', pos: inst.pos };
  const kind = found.row.kind;
  // hwreg(...) is read while parsing, so its errors come before a missing or mismatched register.
  const hwregAt = kind === K.SetReg || kind === K.SetRegImm32 ? 0 : kind === K.GetReg ? 1 : -1;
  let reg = -1;
  const ops = scan(inst.operands, hwregAt, (op, i) => {
    if (i !== hwregAt) return false;
    reg = hwreg(op);
    return true;
  });
  const [a, b] = ops;
  if (a === undefined || b === undefined) {
    // A present operand that does not fit is reported before the missing one.
    if (a !== undefined && hwregAt !== 0) needReg(a, kind === K.Br64 ? RC.R64 : RC.R32);
    fail(TOO_FEW, inst.pos);
  }
  let sdst = 0;
  let simm = 0;
  const fixups: Fixup[] = [];
  let literal: number | null = null;
  switch (kind) {
    case K.K32:
    case K.Scc:
    case K.SccU:
      sdst = needReg(a, RC.R32) & 0x7f;
      simm = imm16(b, kind === K.SccU);
      break;
    case K.Br64:
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
    case K.SetRegImm32:
      simm = reg;
      literal = imm32(b);
      break;
  }
  if (ops.length > 2) fail(INVALID, ops[2].pos);
  const words = encodeLayout(SOPK, { op: found.opcode, sdst, simm16: simm });
  if (literal !== null) words.push(literal >>> 0);
  return fixups.length ? { words, fixups } : { words };
}

export const sopkAsm: AsmFamily = {
  name: 'sopk',
  mnemonics: (t: Target) => spellings(byName(t).keys()),
  encode: (inst) => guard(inst, () => encode(inst)),
};
