// The AMDGPU directives: `.amdgcn_target`, `.amdhsa_code_object_version`, `.amdhsa_kernel` blocks
// (through AmdhsaKernelBlock) and `.amdgpu_metadata` blocks (YAML to the NT_AMDGPU_METADATA note).
import { ElfError } from '../elf/errors.js';
import { KD, type KdField, kdGet } from '../elf/kd-fields.js';
import { encodeKernelDescriptor, type KernelDescriptor } from '../elf/kernel-descriptor.js';
import { encodeMetadata } from '../elf/metadata.js';
import { metadataFromYaml, metadataToYaml } from '../elf/metadata-yaml.js';
import { encodeNotes, NT_AMDGPU_METADATA } from '../elf/notes.js';
import { genAtLeast, processorOf } from '../isa/processors.js';
import { AmdhsaKernelBlock } from './amdhsa-kernel.js';
import type { Assembler } from './assembler.js';
import { parseExpr, TokCursor } from './expr.js';
import { lex, type Token } from './lexer.js';
import { firstWord } from './macros.js';
import { type Section, SHF_ALLOC, SHT_NOTE } from './sections.js';
import { StmtError, stripComment } from './statement.js';
import { ExprEvalError, isAbsolute, STB_GLOBAL, STT_OBJECT, type Sym } from './symbols.js';

const DIRECTIVES = new Set([
  '.amdgcn_target',
  '.amdhsa_code_object_version',
  '.amdhsa_kernel',
  '.amdgpu_metadata',
]);

export const isAmdgpuDirective = (name: string): boolean => DIRECTIVES.has(name);

/** A relocation llvm-mc emits for a kernel descriptor's entry offset (`NAME@rel64 - NAME.kd`). */
export interface KdReloc {
  section: Section;
  offset: number;
  target: Sym;
  /** The descriptor's place: the addend is the distance from it to the field. */
  kd: Sym;
}

/** The listing's groups of fields, in llvm-mc's order. */
const USER_SGPR_FIELDS: readonly KdField[] = [
  KD.enable_sgpr_private_segment_buffer,
  KD.enable_sgpr_dispatch_ptr,
  KD.enable_sgpr_queue_ptr,
  KD.enable_sgpr_kernarg_segment_ptr,
  KD.enable_sgpr_dispatch_id,
  KD.enable_sgpr_flat_scratch_init,
  KD.enable_sgpr_private_segment_size,
];
const SYSTEM_FIELDS: readonly KdField[] = [
  KD.enable_sgpr_workgroup_id_x,
  KD.enable_sgpr_workgroup_id_y,
  KD.enable_sgpr_workgroup_id_z,
  KD.enable_sgpr_workgroup_info,
  KD.enable_vgpr_workitem_id,
];
const MODE_FIELDS: readonly KdField[] = [
  KD.float_round_mode_32,
  KD.float_round_mode_16_64,
  KD.float_denorm_mode_32,
  KD.float_denorm_mode_16_64,
  KD.enable_dx10_clamp,
  KD.enable_ieee_mode,
];
const EXCEPTION_FIELDS: readonly KdField[] = [
  KD.enable_exception_ieee_754_fp_invalid_operation,
  KD.enable_exception_fp_denormal_source,
  KD.enable_exception_ieee_754_fp_division_by_zero,
  KD.enable_exception_ieee_754_fp_overflow,
  KD.enable_exception_ieee_754_fp_underflow,
  KD.enable_exception_ieee_754_fp_inexact,
  KD.enable_exception_int_divide_by_zero,
];

export class KernelState {
  block: AmdhsaKernelBlock | null = null;
  private given = new Map<string, bigint>();
  metadata = false;
  private metaLines: string[] = [];
  private metaLine = 0;
  private metaCol = 0;
  readonly names: string[] = [];
  readonly relocs: KdReloc[] = [];

  get open(): boolean {
    return this.block !== null;
  }

  start(a: Assembler, name: string, line: number, col: number): void {
    const f = a.opts.features;
    const xnack = f?.xnack === undefined ? undefined : f.xnack ? 'on' : 'off';
    const sramecc = f?.sramecc === undefined ? undefined : f.sramecc ? 'on' : 'off';
    this.block = new AmdhsaKernelBlock(name, a.target, a.codeObjectVersion, { xnack, sramecc }, line, col);
    this.given = new Map();
  }

  /** One line inside `.amdhsa_kernel`. */
  line(a: Assembler, text: string): void {
    const block = this.block as AmdhsaKernelBlock;
    const code = stripComment(text);
    if (code.trim() === '') return;
    let toks: Token[];
    try {
      toks = lex(text);
    } catch (e) {
      this.block = null;
      a.report((e as Error).message, (e as { col?: number }).col ?? 1);
      return;
    }
    const c = new TokCursor(toks, a.line);
    const t = c.next();
    const name = t.text.toLowerCase();
    if (name === '.end_amdhsa_kernel') {
      this.block = null;
      const res = block.finish(a.line, c.tok.col);
      if ('errors' in res) {
        for (const d of res.errors) a.report(d.message, d.col, 'error', d.line);
        return;
      }
      this.emit(a, block.name, res.kd);
      return;
    }
    if (t.kind !== 'ident' || !name.startsWith('.amdhsa_')) {
      this.block = null;
      a.report('expected .amdhsa_ directive or .end_amdhsa_kernel', t.col);
      return;
    }
    const valueCol = c.tok.col;
    let value: bigint;
    try {
      const expr = parseExpr(c);
      const v = a.evalNow(expr);
      if (!isAbsolute(v)) throw new StmtError('value is not an absolute expression', valueCol);
      value = v.c;
    } catch (e) {
      this.block = null;
      if (e instanceof StmtError || e instanceof ExprEvalError) a.report(e.message, e.col || valueCol);
      else a.report((e as Error).message, valueCol);
      return;
    }
    const d = block.directive(name, value, a.line, t.col, valueCol);
    if (d) {
      this.block = null;
      // Errors about the directive itself underline its name.
      a.report(d.message, d.col, 'error', d.line, d.col === t.col ? t.text.length : undefined);
      return;
    }
    this.given.set(name, value);
  }

  /** Writes the descriptor where llvm-mc does: at the current location, as `NAME.kd`. */
  private emit(a: Assembler, name: string, kd: KernelDescriptor): void {
    const sec = a.cur;
    const at = sec.reserve(64);
    const bytes = encodeKernelDescriptor(kd);
    if (!sec.isNobits) sec.bytes.set(bytes, at);
    const code = a.symbols.ref(name);
    const kdSym = a.symbols.ref(`${name}.kd`);
    kdSym.binding = code.bindingSet ? code.binding : code.defined ? code.binding : STB_GLOBAL;
    kdSym.bindingSet = code.bindingSet || !code.defined;
    kdSym.visibility = code.visibility;
    kdSym.type = STT_OBJECT;
    kdSym.sizeValue = 64n;
    if (code.visibility === 0) code.visibility = 3;
    if (kdSym.defined) a.report(`symbol '${name}.kd' is already defined`, 1);
    kdSym.defined = true;
    kdSym.section = sec;
    kdSym.value = BigInt(at);
    this.relocs.push({ section: sec, offset: at + 16, target: code, kd: kdSym });
    this.names.push(name);
    if (a.out) a.emitText(this.listingText(a, name, kd));
  }

  /** The block as llvm-mc's listing (AMDGPUTargetAsmStreamer::EmitAmdhsaKernelDescriptor) prints it. */
  private listingText(a: Assembler, name: string, kd: KernelDescriptor): string {
    const t = processorOf(a.target);
    const given = (k: string, d: bigint) => this.given.get(`.amdhsa_${k}`) ?? d;
    const rows: [string, bigint | number][] = [
      ['group_segment_fixed_size', kd.groupSegmentFixedSize],
      ['private_segment_fixed_size', kd.privateSegmentFixedSize],
      ['kernarg_size', kd.kernargSize],
      ['user_sgpr_count', kdGet(kd, KD.user_sgpr_count)],
    ];
    const field = (fl: KdField, directive = fl.directive as string) => {
      if (fl.on(t)) rows.push([directive, kdGet(kd, fl)]);
    };
    for (const fl of USER_SGPR_FIELDS) field(fl);
    if (a.codeObjectVersion >= 5) field(KD.uses_dynamic_stack);
    field(
      KD.enable_private_segment,
      t.features.has('architected-flat-scratch')
        ? 'enable_private_segment'
        : 'system_sgpr_private_segment_wavefront_offset',
    );
    for (const fl of SYSTEM_FIELDS) field(fl);
    rows.push(
      ['next_free_vgpr', given('next_free_vgpr', 0n)],
      ['next_free_sgpr', given('next_free_sgpr', 0n)],
      ['reserve_vcc', given('reserve_vcc', 1n)],
    );
    if (genAtLeast(t.generation, 'gfx7') && !t.features.has('architected-flat-scratch'))
      rows.push(['reserve_flat_scratch', given('reserve_flat_scratch', 1n)]);
    // Printed for the HSA ABI versions of code objects v3-v5 only: the v6 listing has no such line.
    if (t.features.has('xnack') && a.codeObjectVersion < 6)
      rows.push(['reserve_xnack_mask', a.opts.features?.xnack !== false ? 1n : 0n]);
    for (const fl of MODE_FIELDS) field(fl);
    field(KD.fp16_ovfl, 'fp16_overflow');
    for (const fl of EXCEPTION_FIELDS) field(fl);
    let out = `\t.amdhsa_kernel ${name}\n`;
    for (const [k, v] of rows) out += `\t\t.amdhsa_${k} ${v}\n`;
    return `${out}\t.end_amdhsa_kernel\n\n`;
  }

  /** One line inside `.amdgpu_metadata`: kept verbatim until `.end_amdgpu_metadata`. */
  metadataLine(a: Assembler, text: string): void {
    if (firstWord(text) !== '.end_amdgpu_metadata') {
      this.metaLines.push(text);
      return;
    }
    this.metadata = false;
    const yaml = `${this.metaLines.join('\n')}\n`;
    let desc: Uint8Array;
    let md: ReturnType<typeof metadataFromYaml>;
    try {
      md = metadataFromYaml(yaml, a.fileName);
      desc = encodeMetadata(md);
    } catch (e) {
      if (!(e instanceof ElfError)) throw e;
      a.report('invalid amdgpu metadata', this.metaCol, 'error', this.metaLine);
      return;
    }
    const note = a.section('.note', SHT_NOTE, SHF_ALLOC, 0, 4);
    if (note.align < 4) note.align = 4;
    const bytes = encodeNotes([{ name: 'AMDGPU', type: NT_AMDGPU_METADATA, desc }], 4);
    const at = note.reserve(bytes.length);
    note.bytes.set(bytes, at);
    if (a.out) a.emitText(`\t.amdgpu_metadata\n${metadataToYaml(md)}\n\t.end_amdgpu_metadata\n\n`);
  }

  startMetadata(a: Assembler, col: number): void {
    this.metadata = true;
    this.metaLines = [];
    this.metaLine = a.line;
    this.metaCol = col;
  }
}

export function directiveAmdgpu(a: Assembler, c: TokCursor, name: string, tok: Token, _text: string): void {
  switch (name) {
    case '.amdgcn_target': {
      const t = c.next();
      if (t.kind !== 'str') throw new StmtError('expected string', t.col);
      if (t.text !== a.targetId)
        throw new StmtError(
          `.amdgcn_target directive's target id ${t.text} does not match the specified target id ${a.targetId}`,
          t.col,
        );
      a.emitText('\n');
      return;
    }
    case '.amdhsa_code_object_version': {
      const v = a.absolute(c);
      if (v.value < 4n || v.value > 6n)
        throw new StmtError('unsupported code object version (4, 5 or 6)', v.col);
      a.codeObjectVersion = Number(v.value);
      a.emitText(`\t.amdhsa_code_object_version ${v.value}\n\n`);
      return;
    }
    case '.amdhsa_kernel': {
      const t = c.next();
      // Without a name llvm-mc's target parser declines the directive.
      if (t.kind !== 'ident') throw new StmtError('unknown directive', tok.col);
      if (!c.atEnd()) throw new StmtError('expected newline', c.tok.col);
      a.kernel.start(a, t.text, a.line, tok.col);
      return;
    }
    case '.amdgpu_metadata':
      if (!c.atEnd()) throw new StmtError('expected newline', c.tok.col);
      a.kernel.startMetadata(a, tok.col);
      return;
  }
}
