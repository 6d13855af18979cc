// The assembler's shared vocabulary. Like LLVM's AMDGPU parser, a line is first parsed into generic
// operands (registers, constants, expressions, named modifiers) without knowing the op's profile; each
// encoding family then matches them against its ops and encodes, or says why they do not fit.
import type { Target } from '../isa/targets.js';
import type { Expr } from './expr.js';

/** A position in the source: 1-based line and column, as llvm-mc reports them. */
export interface Pos {
  readonly line: number;
  readonly col: number;
}

/** One diagnostic, printed as `file:line:col: error: message` (plus the line and a caret). */
export interface Diag extends Pos {
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** Register files as LLVM names them: s0, v0, a0 (acc), ttmp0, and the named special registers. */
export type RegFile = 's' | 'v' | 'a' | 'ttmp' | 'special';

export interface RegOperand {
  readonly kind: 'reg';
  readonly file: RegFile;
  /** First register index (for 'special': the 8-bit scalar operand code of the first dword, e.g. vcc_lo 106). */
  readonly index: number;
  /** Number of 32-bit registers (s[0:3] = 4). */
  readonly count: number;
  /** The name as written for specials (vcc, exec_lo, m0, src_shared_base ...), lowercased. */
  readonly name: string;
}

export interface IntOperand {
  readonly kind: 'int';
  /** The value; bigint only when it is outside the safe-integer range (64-bit constants). */
  readonly value: number | bigint;
}

export interface FloatOperand {
  readonly kind: 'float';
  /** The value as a double, as written (1.0, -0.5, 1e3). */
  readonly value: number;
}

/** An expression that refers to symbols not yet known (labels, `sym@rel32@lo`): needs a fixup. */
export interface ExprOperand {
  readonly kind: 'expr';
  readonly expr: Expr;
}

/**
 * A bare identifier (`off`, `glc`, `done`, `mrt0`, a label ...): families decide whether it is a keyword
 * or a symbol.
 */
export interface IdentOperand {
  readonly kind: 'ident';
  readonly name: string;
}

/** `name:value`, `name:[a,b,...]` (`offset:16`, `op_sel:[0,1]`, `dst_sel:WORD_1`, `quad_perm:[0,1,2,3]`). */
export interface NamedOperand {
  readonly kind: 'named';
  readonly name: string;
  /** The value text as written after the colon, one entry per list element for `[...]`. */
  readonly values: readonly NamedValue[];
  /** True when the value was a bracketed list. */
  readonly list: boolean;
  /** `offset:swizzle(QUAD_PERM, 0, 1, 2, 3)`: the call written as the value (values[0] is its name). */
  readonly call?: CallOperand;
}

export type NamedValue =
  | { readonly int: number | bigint; readonly pos: Pos }
  | { readonly ident: string; readonly pos: Pos };

/** `name(args)`: hwreg(...), sendmsg(...), swizzle(...), vmcnt(N), gpr_idx(...), ... */
export interface CallOperand {
  readonly kind: 'call';
  readonly name: string;
  /** Arguments split at top-level commas; each is an integer, an identifier, or a quoted string. */
  readonly args: readonly CallArg[];
}

export type CallArg =
  | { readonly int: number | bigint; readonly pos: Pos }
  | { readonly float: number; readonly pos: Pos }
  | { readonly ident: string; readonly pos: Pos }
  | { readonly str: string; readonly pos: Pos };

export type OperandBody =
  | RegOperand
  | IntOperand
  | FloatOperand
  | ExprOperand
  | IdentOperand
  | NamedOperand
  | CallOperand;

/** Source modifiers written around an operand: -x, |x|, abs(x), neg(x), sext(x). */
export interface Mods {
  readonly neg: boolean;
  readonly abs: boolean;
  readonly sext: boolean;
  /** `neg(...)` / `abs(...)` function syntax rather than `-` / `|...|` (LLVM distinguishes them for literals). */
  readonly fn: boolean;
  /** Where the operand inside the modifiers starts (LLVM reports some errors there). */
  readonly inner?: Pos;
}

export const NO_MODS: Mods = { neg: false, abs: false, sext: false, fn: false };

export type Operand = OperandBody & {
  readonly pos: Pos;
  readonly mods: Mods;
  /** True when a comma preceded this operand (named modifiers are usually space-separated). */
  readonly comma: boolean;
};

/** One parsed instruction line. */
export interface AsmInst {
  /** The mnemonic as written, lowercased, with its encoding suffix (v_add_f32_e64). */
  readonly mnemonic: string;
  readonly pos: Pos;
  readonly operands: readonly Operand[];
  readonly target: Target;
  /** End of the line when it ended in a `,` or `&` (ignored by llvm-mc except in s_waitcnt). */
  readonly trailing?: Pos;
}

/** A reference to a symbol an instruction cannot resolve itself. */
export interface Fixup {
  /** Byte offset within the instruction's bytes. */
  readonly offset: number;
  readonly kind:
    | 'sopp_br' // 16-bit signed dword offset from the next instruction (s_branch, s_cbranch_*)
    | 'lit32' // a 32-bit literal dword: the expression's value, or a relocation
    | 'lit32_pcrel'; // sym@rel32@lo/hi style literals: a REL32_LO/HI relocation
  readonly expr: Expr;
  readonly pos: Pos;
}

export interface Encoded {
  /** Instruction dwords. */
  readonly words: readonly number[];
  readonly fixups?: readonly Fixup[];
  /**
   * A MUBUF/MTBUF `offset:` written past its 12-bit field (4096-65535): the field keeps the low bits, and
   * llvm-mc-22's listing shows the value as written, which the words no longer hold.
   */
  readonly offsetShown?: number;
  /**
   * A VOP3B scalar result written as a register whose code does not fit the 7-bit field (src_shared_base,
   * src_scc ...): the field keeps the low bits, and llvm-mc-22's listing names the register as written.
   */
  readonly sdstShown?: string;
}

/** A family's verdict on a line: bytes, or a diagnostic (message and where). */
export type EncodeResult = Encoded | { readonly error: string; readonly pos: Pos };

/**
 * An encoding family's entry point for one mnemonic: receives the parsed line and returns the encoding,
 * or an error LLVM would give. `null` means "not mine" (so another family may try the mnemonic).
 */
export type FamilyEncoder = (inst: AsmInst) => EncodeResult | null;

/** What a family registers: every mnemonic it accepts (with suffixes), for a target. */
export interface AsmFamily {
  readonly name: string;
  mnemonics(target: Target): Iterable<string>;
  encode: FamilyEncoder;
  /**
   * Optional single-lookup path: the family's table entry for a mnemonic, resolved once when the
   * registry indexes the target, and the encoder that takes it (so a line costs one mnemonic lookup).
   */
  entry?(target: Target, mnemonic: string): unknown;
  encodeEntry?(inst: AsmInst, entry: unknown): EncodeResult | null;
}
