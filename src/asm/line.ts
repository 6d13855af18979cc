// One instruction line: mnemonic and generic operands (see operands.ts).

import type { Target } from '../isa/targets.js';
import { TokCursor } from './expr.js';
import { LexError, lex, TokenPool } from './lexer.js';
import { type ConstLookup, OperandError, parseOperands, type TrailingSeparator } from './operands.js';
import type { AsmInst, Pos } from './types.js';

export interface LineError {
  readonly error: string;
  readonly pos: Pos;
}

const noConsts: ConstLookup = () => undefined;

/** The parser keeps no token past its line: one pool serves every line. */
const pool = new TokenPool();

/**
 * Parses `text` (one line without label or comment handling beyond the lexer's) as an instruction.
 * `consts` supplies absolute symbols defined so far (`.set`, `=`).
 */
export function parseInstruction(
  text: string,
  line: number,
  target: Target,
  consts: ConstLookup = noConsts,
): AsmInst | LineError {
  let toks: ReturnType<typeof lex>;
  try {
    toks = lex(text, pool);
  } catch (e) {
    if (e instanceof LexError) return { error: e.message, pos: { line, col: e.col } };
    throw e;
  }
  const c = new TokCursor(toks, line);
  const m = c.next();
  if (m.kind !== 'ident') return { error: 'invalid instruction', pos: { line, col: m.col } };
  try {
    const trailing: TrailingSeparator = { pos: undefined };
    const operands = parseOperands(c, consts, trailing);
    const inst: AsmInst = { mnemonic: m.text.toLowerCase(), pos: { line, col: m.col }, operands, target };
    return trailing.pos ? { ...inst, trailing: trailing.pos } : inst;
  } catch (e) {
    if (e instanceof OperandError) return { error: e.message, pos: e.pos };
    throw e;
  }
}
