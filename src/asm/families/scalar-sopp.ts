// SOPP: program control with one 16-bit immediate (branch offsets, wait counts, messages, plain values),
// and the branch-target rule it shares with SOPK's s_call_b64 / s_cbranch_i_fork.
import { SOPP } from '../../isa/encodings/scalar.js';
import { encode as encodeLayout } from '../../isa/fields.js';
import { Sopp as P, SOPP_OPS } from '../../isa/ops/scalar-sop.js';
import type { Target } from '../../isa/targets.js';
import type { AsmFamily, AsmInst, EncodeResult, Fixup, Operand } from '../types.js';
import {
  baseName,
  fail,
  floatLowWord,
  guard,
  INVALID,
  plainInt,
  rowTable,
  scan,
  smallInt,
  spellings,
  TOO_FEW,
} from './scalar-common.js';
import { ABS_EXPR, customInt, gprIdx, sendmsg, waitcnt } from './scalar-symbolic.js';

const JUMP_RANGE = 'expected a 16-bit signed jump offset';

/**
 * A branch target: an integer dword offset (as written, -32768..65535) or a label, which becomes a
 * 'sopp_br' fixup at byte 0 of the instruction.
 */
export function branchTarget(op: Operand, fixups: Fixup[]): number {
  switch (op.kind) {
    case 'int': {
      const v = smallInt(op.value);
      if (!(v >= -0x8000 && v <= 0xffff)) fail(JUMP_RANGE, op.pos);
      return v & 0xffff;
    }
    case 'float':
      return fail(JUMP_RANGE, op.pos);
    case 'ident':
      fixups.push({
        offset: 0,
        kind: 'sopp_br',
        expr: { k: 'sym', name: op.name, variant: '', pos: op.pos },
        pos: op.pos,
      });
      return 0;
    case 'expr':
      return fail('expected an absolute expression or a label', op.pos);
    case 'call':
      // LLVM takes `lit` for a modifier of the operand that follows its parenthesis.
      if (op.name === 'lit') fail(INVALID, { line: op.pos.line, col: op.pos.col + 3 });
      return fail(INVALID, op.pos);
    default:
      return fail(INVALID, op.pos);
  }
}

/** A plain integer operand's low 16 bits; a float contributes the low bits of its double. */
function imm16(op: Operand): number {
  const v = plainInt(op);
  if (v !== null) {
    return typeof v === 'number' ? (v >>> 0) & 0xffff : Number(BigInt.asUintN(16, v));
  }
  if (op.kind === 'float') return floatLowWord(op.value) & 0xffff;
  return fail(INVALID, op.pos);
}

function endpgmCode(op: Operand): number {
  const v = customInt(op, ABS_EXPR);
  if (!(v >= 0 && v <= 0xffff)) fail('expected a 16-bit value', op.pos);
  return v;
}

const byName = rowTable(SOPP_OPS);

function encode(inst: AsmInst): EncodeResult {
  const found = byName(inst.target).get(baseName(inst));
  if (found === undefined) return { error: 'invalid instruction', pos: inst.pos };
  const kind = found.row.kind;
  const word = encodeLayout(SOPP, { op: found.opcode })[0];
  if (kind === P.Waitcnt) return { words: [(word | waitcnt(inst.operands, inst.pos, inst.trailing)) >>> 0] };
  let imm = 0;
  // Messages, gpr_idx and s_endpgm's value are read by custom parsers while parsing.
  const custom = kind === P.Endpgm || kind === P.Sendmsg || kind === P.GprIdx;
  const ops = scan(inst.operands, custom ? 0 : -1, (op, i) => {
    if (!custom || i !== 0) return false;
    imm = kind === P.Endpgm ? endpgmCode(op) : kind === P.Sendmsg ? sendmsg(op) : gprIdx(op);
    return true;
  });
  const first = ops[0];
  const fixups: Fixup[] = [];
  if (kind === P.None) {
    if (first) fail(INVALID, first.pos);
  } else if (first === undefined) {
    if (kind !== P.Endpgm) fail(TOO_FEW, inst.pos);
  } else {
    if (kind === P.Imm) imm = imm16(first);
    else if (kind === P.Branch) imm = branchTarget(first, fixups);
    if (ops.length > 1) fail(INVALID, ops[1].pos);
  }
  const words = [(word | imm) >>> 0];
  return fixups.length ? { words, fixups } : { words };
}

export const soppAsm: AsmFamily = {
  name: 'sopp',
  mnemonics: (t: Target) => spellings(byName(t).keys()),
  encode: (inst) => guard(inst, () => encode(inst)),
};
