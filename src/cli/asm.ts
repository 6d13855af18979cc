// `gcnkit asm [--mcpu=GPU] [--show-encoding] [--json] [-o OUT] FILE`: llvm-mc syntax in,
// llvm-mc's listing or object out; with `.amdhsa_kernel`s and -o, a linked (loadable) code object.
import { assemble, formatDiagnostics, type TargetFeatures } from '../asm/assembler.js';
import { latin1String } from '../disasm/out.js';
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { DEFAULT_ASM_TARGET, supportedList } from '../isa/processors.js';
import { isTarget, type Target } from '../isa/targets.js';
import {
  type Command,
  flag,
  HELP_LINE,
  HELP_OPTION,
  MCPU_OPTION,
  mcpuOption,
  positionals,
  stringOption,
} from './command.js';
import { fromElfError, usageError } from './errors.js';
import { LIMITS, nameOf, readInput, writeOutput } from './io.js';

/** The processor and features a source names in `.amdgcn_target`, for when --mcpu is not given. */
function sourceTarget(src: string): { mcpu: Target; features: TargetFeatures } | undefined {
  const m = /\.amdgcn_target\s+"amdgcn-amd-amdhsa--(gfx[0-9a-z]+)((?::[a-z]+[+-])*)"/.exec(src);
  if (!m || !isTarget(m[1])) return undefined;
  return {
    mcpu: m[1],
    features: parseFeatures(
      m[2]
        .split(':')
        .filter(Boolean)
        .map((f) => f.slice(-1) + f.slice(0, -1)),
    ),
  };
}

/** `+xnack`, `-sramecc` ... (llvm-mc's -mattr, comma-separated) to target-id features. */
function parseFeatures(list: string[]): TargetFeatures {
  const f: { xnack?: boolean; sramecc?: boolean } = {};
  for (const item of list) {
    const on = item[0] === '+';
    const name = item.slice(1);
    if ((item[0] !== '+' && item[0] !== '-') || (name !== 'xnack' && name !== 'sramecc'))
      throw usageError(`--mattr: unsupported feature '${item}' (supported: +/-xnack, +/-sramecc)`);
    f[name] = on;
  }
  return f;
}

export const ASM: Command = {
  name: 'asm',
  summary: "assemble LLVM AMDGPU assembly (llvm-mc's syntax, listing and objects)",
  usage: [
    'gcnkit asm [--mcpu=GPU] [--mattr=+xnack,...] [--show-encoding] [--filetype=obj] [--json] [-o OUT] FILE',
  ],
  optionHelp: [
    ['--mcpu=GPU', `${supportedList()} (default: from .amdgcn_target, else ${DEFAULT_ASM_TARGET})`],
    ['--mattr=LIST', 'target-id features: +xnack, -xnack, +sramecc, -sramecc (comma-separated)'],
    ['--show-encoding', "print llvm-mc's listing with encodings (the default without -o)"],
    ['--filetype=obj', 'with -o: write the relocatable object even when it defines kernels'],
    ['-o OUT', 'write the object (linked into a loadable code object when it has .amdhsa_kernel)'],
    ['--json', 'print one JSON document: listing, instructions with encodings, diagnostics'],
    HELP_LINE,
  ],
  options: {
    ...HELP_OPTION,
    ...MCPU_OPTION,
    mattr: { type: 'string' },
    'show-encoding': { type: 'boolean' },
    filetype: { type: 'string' },
    o: { type: 'string', short: 'o' },
    json: { type: 'boolean' },
  },
  run(args) {
    const [file] = positionals(ASM, args, ['FILE']);
    const out = stringOption(args, 'o');
    const filetype = stringOption(args, 'filetype');
    if (filetype !== undefined && filetype !== 'obj' && filetype !== 'asm')
      throw usageError(`--filetype: '${filetype}' is not obj or asm`);
    const json = flag(args, 'json');
    const showEncoding = flag(args, 'show-encoding');
    const mattr = stringOption(args, 'mattr');
    const name = nameOf(file);
    const src = latin1String(readInput(file, LIMITS.asm, 'assembly source'));
    const mcpu = mcpuOption(args);
    // The source's .amdgcn_target gives processor and features only when --mcpu does not.
    const fromSource = mcpu === undefined ? sourceTarget(src) : undefined;
    const target = mcpu ?? fromSource?.mcpu ?? DEFAULT_ASM_TARGET;
    const features =
      mattr !== undefined ? parseFeatures(mattr.split(',').filter(Boolean)) : fromSource?.features;
    const res = assemble(src, name, {
      mcpu: target,
      showEncoding: showEncoding || out === undefined || json,
      encodings: showEncoding || json,
      object: out !== undefined,
      features,
      // Included files are inputs like any other: regular files under the same limit.
      readFile: (p) => latin1String(readInput(p, LIMITS.asm, 'assembly source')),
    });
    const failed = res.diagnostics.some((d) => d.severity === 'error');
    let bytes = res.object;
    if (!failed && out !== undefined && bytes !== undefined && res.kernels.length && filetype !== 'obj') {
      try {
        bytes = linkShared([ElfFile.parse(bytes, name)]);
      } catch (e) {
        throw fromElfError(e);
      }
    }
    if (!failed && out !== undefined && bytes !== undefined) writeOutput(out, bytes);
    if (json) {
      const doc = {
        file: name,
        target,
        features: features ?? {},
        ...(out !== undefined && !failed ? { output: out } : {}),
        errors: res.diagnostics.filter((d) => d.severity === 'error').length,
        diagnostics: res.diagnostics,
        instructions: listingRecords(res.listing ?? ''),
        listing: res.listing ?? '',
      };
      process.stdout.write(JSON.stringify(doc) + '\n');
    } else {
      if (res.listing !== undefined && (out === undefined || showEncoding))
        process.stdout.write(Buffer.from(res.listing, 'latin1'));
      const diags = formatDiagnostics(res.diagnostics);
      if (diags) process.stderr.write(Buffer.from(diags, 'latin1'));
    }
    return failed ? 1 : 0;
  },
};

export interface ListingInstruction {
  readonly text: string;
  /** The encoding's bytes; null where a fixup fills the byte in (llvm-mc prints `A`, `B` ...). */
  readonly encoding: (number | null)[];
  readonly fixups: { readonly offset: number; readonly value: string; readonly kind: string }[];
}

/** The instruction lines of llvm-mc's -show-encoding listing, with their fixups, as records. */
export function listingRecords(listing: string): ListingInstruction[] {
  const out: ListingInstruction[] = [];
  let last: ListingInstruction | undefined;
  for (const line of listing.split('\n')) {
    const m = /^\t(.*?)\s*; encoding: \[([^\]]*)\]$/.exec(line);
    if (m) {
      const encoding = m[2] === '' ? [] : m[2].split(',').map((b) => (/^0x/.test(b) ? Number(b) : null));
      last = { text: m[1], encoding, fixups: [] };
      out.push(last);
      continue;
    }
    const f = /^\s+;\s+fixup [A-Z] - offset: (\d+), value: (.*), kind: (\S+)$/.exec(line);
    if (f && last) last.fixups.push({ offset: Number(f[1]), value: f[2], kind: f[3] });
  }
  return out;
}
