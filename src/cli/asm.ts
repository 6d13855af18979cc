// `gcnkit asm [--mcpu=GPU] FILE [-o OUT] [--show-encoding] [--filetype=obj]`: llvm-mc syntax in,
// llvm-mc's listing or object out; with `.amdhsa_kernel`s and -o, a linked (loadable) code object.
import { assemble, formatDiagnostics, type TargetFeatures } from '../asm/assembler.js';
import { ElfError } from '../elf/errors.js';
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { isTarget, type Target } from '../isa/targets.js';
import { readSourceFile } from '../node.js';
import { CliError } from './errors.js';
import { readInput, writeOutput } from './io.js';

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
      throw new CliError(`asm: --mattr: unsupported feature '${item}' (supported: +/-xnack, +/-sramecc)`);
    f[name] = on;
  }
  return f;
}

export function runAsm(argv: string[]): number {
  let out: string | undefined;
  let mcpu: string | undefined;
  let mattr: string | undefined;
  let showEncoding = false;
  let relocatable = false;
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') {
      out = argv[++i];
      if (out === undefined) throw new CliError('asm: -o needs a file name');
    } else if (a.startsWith('--mcpu=') || a.startsWith('-mcpu=')) mcpu = a.slice(a.indexOf('=') + 1);
    else if (a.startsWith('--mattr=') || a.startsWith('-mattr=')) mattr = a.slice(a.indexOf('=') + 1);
    else if (a === '--show-encoding' || a === '-show-encoding') showEncoding = true;
    else if (a === '--filetype=obj' || a === '-filetype=obj') relocatable = true;
    else if (a !== '-' && a.startsWith('-')) throw new CliError(`asm: unknown option '${a}'`);
    else inputs.push(a);
  }
  if (inputs.length !== 1) throw new CliError('asm: expected one FILE (- for stdin)');
  const file = inputs[0];
  const src = readInput(file).toString('latin1');
  const fromSource = mcpu === undefined ? sourceTarget(src) : undefined;
  const target = mcpu ?? fromSource?.mcpu ?? 'gfx908';
  if (!isTarget(target)) throw new CliError(`asm: --mcpu: unsupported processor '${target}'`);
  const features =
    mattr !== undefined ? parseFeatures(mattr.split(',').filter(Boolean)) : fromSource?.features;
  const name = file === '-' ? '<stdin>' : file;
  const res = assemble(src, name, {
    mcpu: target,
    showEncoding: showEncoding || out === undefined,
    encodings: showEncoding,
    object: out !== undefined,
    features,
    readFile: readSourceFile,
  });
  if (res.listing !== undefined) process.stdout.write(Buffer.from(res.listing, 'latin1'));
  const diags = formatDiagnostics(res.diagnostics);
  if (diags) process.stderr.write(Buffer.from(diags, 'latin1'));
  if (res.diagnostics.some((d) => d.severity === 'error')) return 1;
  if (out === undefined) return 0;
  let bytes = res.object as Uint8Array;
  if (res.kernels.length && !relocatable) {
    try {
      bytes = linkShared([ElfFile.parse(bytes, name)]);
    } catch (e) {
      if (e instanceof ElfError) throw new CliError(e.message);
      throw e;
    }
  }
  writeOutput(out, bytes);
  return 0;
}
