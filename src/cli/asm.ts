// `gcnkit asm [--mcpu=GPU] FILE [-o OUT] [--show-encoding] [--filetype=obj]`: llvm-mc syntax in,
// llvm-mc's listing or object out; with `.amdhsa_kernel`s and -o, a linked (loadable) code object.
import { readFileSync, writeFileSync } from 'node:fs';
import { assemble, formatDiagnostics } from '../asm/assembler.js';
import { ElfError } from '../elf/errors.js';
import { linkShared } from '../elf/link.js';
import { ElfFile } from '../elf/reader.js';
import { isTarget, type Target } from '../isa/targets.js';
import { CliError } from './errors.js';

/** The processor a source names in `.amdgcn_target`, for when --mcpu is not given. */
function sourceTarget(src: string): Target | undefined {
  const m = /\.amdgcn_target\s+"amdgcn-amd-amdhsa--(gfx[0-9a-z]+)/.exec(src);
  return m && isTarget(m[1]) ? m[1] : undefined;
}

export function runAsm(argv: string[]): number {
  let out: string | undefined;
  let mcpu: string | undefined;
  let showEncoding = false;
  let relocatable = false;
  const inputs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') {
      out = argv[++i];
      if (out === undefined) throw new CliError('asm: -o needs a file name');
    } else if (a.startsWith('--mcpu=') || a.startsWith('-mcpu=')) mcpu = a.slice(a.indexOf('=') + 1);
    else if (a === '--show-encoding' || a === '-show-encoding') showEncoding = true;
    else if (a === '--filetype=obj' || a === '-filetype=obj') relocatable = true;
    else if (a !== '-' && a.startsWith('-')) throw new CliError(`asm: unknown option '${a}'`);
    else inputs.push(a);
  }
  if (inputs.length !== 1) throw new CliError('asm: expected one FILE (- for stdin)');
  const file = inputs[0];
  let src: string;
  try {
    src = readFileSync(file === '-' ? 0 : file, 'latin1');
  } catch (e) {
    throw new CliError(`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const target = mcpu ?? sourceTarget(src) ?? 'gfx908';
  if (!isTarget(target)) throw new CliError(`asm: --mcpu: unsupported processor '${target}'`);
  const name = file === '-' ? '<stdin>' : file;
  const res = assemble(src, name, {
    mcpu: target,
    showEncoding: showEncoding || out === undefined,
    encodings: showEncoding,
    object: out !== undefined,
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
  try {
    writeFileSync(out, bytes);
  } catch (e) {
    throw new CliError(`${out}: cannot write: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return 0;
}
