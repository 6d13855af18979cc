// The library's assembler entry: llvm-mc's work (listing, relocatable object, diagnostics) and, for a
// source with `.amdhsa_kernel` blocks, ld.lld's `-shared` link into a loadable code object, in one call.
import {
  type AsmDiagnostic,
  assemble as assembleSource,
  formatDiagnostics,
  type TargetFeatures,
} from '../asm/assembler.js';
import { ElfError } from '../elf/errors.js';
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { isTarget, TARGETS, type Target } from '../isa/targets.js';

export type { AsmDiagnostic, TargetFeatures };

export interface AssembleOptions {
  /** The processor (llvm-mc's -mcpu): one of the supported ones (TARGETS). */
  mcpu: Target;
  /** The source's name in diagnostics and the folder `.include`s are relative to (default 'input.s'). */
  fileName?: string;
  /** Target-id features (llvm-mc's -mattr=+xnack,-sramecc); absent = "any". */
  features?: TargetFeatures;
  /**
   * Reads an `.include`d file: gets the path joined to the including file's folder with `/` and returns
   * its text, one char per byte. Without it every `.include` is an error (the library touches no file
   * system); gcnkit/node's `readSourceFile` reads from disk.
   */
  readFile?: (path: string) => string;
  /** Also produce llvm-mc's `-show-encoding` listing (default false). */
  listing?: boolean;
  /** Link a source that defines kernels into a loadable code object (default true). */
  link?: boolean;
}

export interface AssembleOutput {
  /** No error was reported (warnings allowed). */
  readonly ok: boolean;
  readonly diagnostics: readonly AsmDiagnostic[];
  /** The diagnostics as llvm-mc prints them on stderr ('' when none). */
  readonly messages: string;
  /** The relocatable object llvm-mc -filetype=obj writes (absent when assembling reported errors). */
  readonly object?: Uint8Array;
  /**
   * The shared object ld.lld -shared makes of `object`: what Device.load takes. Present when the
   * source defines kernels (`.amdhsa_kernel`), it assembled without errors and `link` is not false.
   */
  readonly codeObject?: Uint8Array;
  /** llvm-mc's listing, when `listing` was asked for. */
  readonly listing?: string;
  /** Names of the kernels the source defines. */
  readonly kernels: readonly string[];
}

/** Assembles LLVM AMDGPU assembly text. Bad source gives diagnostics, never an exception. */
export function assemble(source: string, options: AssembleOptions): AssembleOutput {
  if (!options || !isTarget(options.mcpu))
    throw new TypeError(`assemble: mcpu must be one of ${TARGETS.join(', ')} (got ${String(options?.mcpu)})`);
  const fileName = options.fileName ?? 'input.s';
  const r = assembleSource(source, fileName, {
    mcpu: options.mcpu,
    features: options.features,
    readFile: options.readFile,
    showEncoding: options.listing === true,
    object: true,
  });
  const diagnostics = [...r.diagnostics];
  let codeObject: Uint8Array | undefined;
  if (r.object && r.kernels.length && options.link !== false) {
    try {
      codeObject = linkShared([ElfFile.parse(r.object, fileName)]);
    } catch (e) {
      if (!(e instanceof ElfError)) throw e;
      // A link error (an undefined symbol, say) is the source's fault: reported as llvm-mc reports
      // whole-file errors.
      diagnostics.push({
        file: '<unknown>',
        line: 0,
        col: 0,
        message: e.message,
        severity: 'error',
        source: '',
        notes: [],
      });
    }
  }
  const ok = !diagnostics.some((d) => d.severity === 'error');
  return {
    ok,
    diagnostics,
    messages: formatDiagnostics(diagnostics),
    object: r.object,
    codeObject: ok ? codeObject : undefined,
    listing: r.listing,
    kernels: r.kernels,
  };
}
