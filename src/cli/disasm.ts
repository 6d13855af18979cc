// `gcnkit disasm [--mcpu=GPU] [--raw] [--json] FILE`: llvm-objdump -d's text, or one JSON document with
// a record per instruction (docs/cli.md, "disasm --json").

import { objdumpBytes, objdumpStream, targetOf } from '../disasm/objdump.js';
import { latin1String } from '../disasm/out.js';
import { ElfError } from '../elf/errors.js';
import { ElfFile } from '../elf/reader.js';
import { DEFAULT_TARGET, supportedList } from '../isa/processors.js';
import {
  type Command,
  flag,
  HELP_LINE,
  HELP_OPTION,
  MCPU_OPTION,
  mcpuOption,
  positionals,
} from './command.js';
import { printRaw } from './disasm-raw.js';
import { fromElfError } from './errors.js';
import { Input, LIMITS, nameOf, readInput } from './io.js';
import { StdoutStream, stdoutBytes } from './stdout.js';

export const DISASM: Command = {
  name: 'disasm',
  summary: 'disassemble a code object as llvm-objdump -d does (or raw instruction words with --raw)',
  usage: ['gcnkit disasm [--mcpu=GPU] [--raw] [--json] FILE'],
  optionHelp: [
    ['--mcpu=GPU', `${supportedList()} (default: from the ELF header; ${DEFAULT_TARGET} with --raw)`],
    ['--raw', 'FILE holds bare instruction words at address 0 (streamed, any size up to 1 GiB)'],
    ['--json', 'print one JSON document: file, target and a record per instruction'],
    HELP_LINE,
  ],
  options: { ...HELP_OPTION, ...MCPU_OPTION, raw: { type: 'boolean' }, json: { type: 'boolean' } },
  run(args) {
    const [file] = positionals(DISASM, args, ['FILE']);
    const mcpu = mcpuOption(args);
    const json = flag(args, 'json');
    if (flag(args, 'raw')) {
      const input = Input.open(file, LIMITS.raw, 'raw instruction words');
      try {
        printRaw(input, mcpu ?? DEFAULT_TARGET, json, new StdoutStream());
      } finally {
        input.close();
      }
      return 0;
    }
    const bytes = readInput(file, LIMITS.disasm, 'a code object to disassemble');
    // Names and the file name are carried as latin1 characters so that their bytes come out unchanged.
    const name = Buffer.from(nameOf(file), 'utf8').toString('latin1');
    try {
      // The text streams to standard output through one reused buffer, as llvm-objdump's does.
      if (!json) objdumpStream(bytes, name, { mcpu }, stdoutBytes.write);
      else {
        const text = objdumpBytes(bytes, name, { mcpu });
        const target = targetOf(ElfFile.parse(bytes, name), mcpu);
        const doc = { file: nameOf(file), target, instructions: objdumpRecords(latin1String(text)) };
        process.stdout.write(JSON.stringify(doc) + '\n');
      }
    } catch (e) {
      // The library names its mcpu option; the command names its flag.
      const hint =
        e instanceof ElfError
          ? new ElfError(e.file, e.field, e.problem.replace('the mcpu option', '--mcpu'))
          : e;
      throw fromElfError(hint);
    }
    return 0;
  },
};

export interface DisasmRecord {
  readonly section: string;
  /** The label the instruction is under (llvm-objdump's `<name>:` line). */
  readonly symbol: string;
  readonly address: number;
  /** The instruction's bytes in file order, lowercase hex. */
  readonly bytes: string;
  readonly text: string;
  /** A branch target's `<symbol+offset>` annotation, without the brackets. */
  readonly target?: string;
  /** LLVM's comment after the bytes (e.g. a register alignment warning). */
  readonly comment?: string;
}

const INSTRUCTION =
  /^\t(.*?) *\/\/ ([0-9A-F]+): ((?:[0-9A-F]{8}|[0-9A-F]{2})(?: (?:[0-9A-F]{8}|[0-9A-F]{2}))*)(?: <([^>]*)>)?(?: ; (.*))?$/;

/**
 * The instruction lines of llvm-objdump's text as records. The text is the one `gcnkit disasm` prints,
 * so the two forms never disagree; runs of zeros (`...`) and data symbols' hex dumps are not
 * instructions and have no record.
 */
export function objdumpRecords(text: string): DisasmRecord[] {
  const out: DisasmRecord[] = [];
  let section = '';
  let symbol = '';
  for (const line of text.split('\n')) {
    const sec = /^Disassembly of section (.*):$/.exec(line);
    if (sec) {
      section = sec[1];
      continue;
    }
    const label = /^[0-9a-f]{16} <(.*)>:$/.exec(line);
    if (label) {
      symbol = label[1];
      continue;
    }
    const m = INSTRUCTION.exec(line);
    if (!m) continue;
    let bytes = '';
    for (const h of m[3].split(' ')) {
      const w = h.toLowerCase();
      // Dwords print most significant byte first; bytes (a section's last 1-3) print in order.
      bytes += w.length === 8 ? w.slice(6, 8) + w.slice(4, 6) + w.slice(2, 4) + w.slice(0, 2) : w;
    }
    out.push({
      section,
      symbol,
      address: Number.parseInt(m[2], 16),
      bytes,
      text: m[1],
      ...(m[4] !== undefined ? { target: m[4] } : {}),
      ...(m[5] !== undefined ? { comment: m[5] } : {}),
    });
  }
  return out;
}
