// `gcnkit disasm [--mcpu=GPU] [--raw] FILE`
import { decodeAt } from '../codec/disasm.js';
import type { DecodeInput, DecodeOutput } from '../codec/types.js';
import { objdumpBytes } from '../disasm/objdump.js';
import { ElfError } from '../elf/errors.js';
import { isTarget, type Target } from '../isa/targets.js';
import { parseArgs } from './args.js';
import { CliError } from './errors.js';
import { readInput } from './io.js';

export function runDisasm(argv: string[]): number {
  const { flags, positional } = parseArgs(argv, ['mcpu', 'raw']);
  if (positional.length !== 1) throw new CliError('disasm: expected one FILE');
  const file = positional[0];
  const mcpu = flags.get('mcpu');
  if (mcpu !== undefined && (mcpu === true || !isTarget(mcpu))) {
    throw new CliError(`disasm: --mcpu: unsupported processor '${String(mcpu)}'`);
  }
  const bytes = readInput(file);
  if (flags.has('raw')) {
    process.stdout.write(disasmRaw(bytes, (mcpu as Target | undefined) ?? 'gfx900'));
    return 0;
  }
  let text: Uint8Array;
  try {
    // Names and the file name are carried as latin1 characters so that their bytes come out unchanged.
    text = objdumpBytes(bytes, Buffer.from(file, 'utf8').toString('latin1'), {
      mcpu: mcpu as Target | undefined,
    });
  } catch (e) {
    // The library names its option; the command names its flag.
    if (e instanceof ElfError) throw new CliError(e.message.replace('with the mcpu option', 'with --mcpu'));
    throw e;
  }
  process.stdout.write(text);
  return 0;
}

/** Bare instruction bytes at address 0, in llvm-objdump's line format. */
export function disasmRaw(bytes: Uint8Array, target: Target): string {
  const n = bytes.length >>> 2;
  const words = new Uint32Array(n);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let k = 0; k < n; k++) words[k] = dv.getUint32(k * 4, true);
  const inp: DecodeInput = { words, n, target };
  const out: DecodeOutput = { size: 0, text: '', branchOffset: Number.NaN };
  const lines: string[] = [];
  for (let i = 0; i < n; ) {
    decodeAt(inp, i, out);
    let hex = '';
    for (let k = 0; k < out.size; k++)
      hex += (k ? ' ' : '') + words[i + k].toString(16).toUpperCase().padStart(8, '0');
    const addr = (i * 4).toString(16).toUpperCase().padStart(12, '0');
    lines.push('\t' + out.text.padEnd(59) + '// ' + addr + ': ' + hex);
    i += out.size;
  }
  return lines.join('\n') + '\n';
}
