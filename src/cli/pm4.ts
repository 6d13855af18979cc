// `gcnkit pm4 FILE [--json] [--mcpu=GPU]`: a PM4 command stream (little-endian dwords: a ring, an IB)
// printed one packet per block, fields by name, register writes by register name (src/cp/pm4).
import { decodeStream } from '../cp/pm4/decode.js';
import { describePacket, streamText } from '../cp/pm4/print.js';
import { DEFAULT_TARGET, processorOf, supportedList } from '../isa/processors.js';
import {
  type Command,
  flag,
  HELP_LINE,
  HELP_OPTION,
  MCPU_OPTION,
  mcpuOption,
  positionals,
} from './command.js';
import { CliError, inputError } from './errors.js';
import { LIMITS, nameOf, readInput } from './io.js';

export const PM4: Command = {
  name: 'pm4',
  summary: 'decode a PM4 command stream (ring or IB): packets, fields, register writes by name',
  usage: ['gcnkit pm4 [--mcpu=GPU] [--json] FILE'],
  optionHelp: [
    ['--mcpu=GPU', `the generation's packets and registers: ${supportedList()} (default: ${DEFAULT_TARGET})`],
    ['--json', 'print one JSON document ({ file, mcpu, generation, packets, error? }) instead of text'],
    HELP_LINE,
  ],
  options: { ...HELP_OPTION, ...MCPU_OPTION, json: { type: 'boolean' } },
  run(args) {
    const [file] = positionals(PM4, args, ['FILE']);
    const mcpu = mcpuOption(args) ?? DEFAULT_TARGET;
    const gen = processorOf(mcpu).generation;
    const bytes = readInput(file, LIMITS.pm4, 'a PM4 stream');
    if (bytes.length % 4 !== 0)
      throw inputError(nameOf(file), `${bytes.length} bytes is not a whole number of dwords`);
    const words = new Uint32Array(bytes.length / 4);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
    const { packets, error } = decodeStream(words, { gen });
    const views = packets.map((p) => describePacket(p, gen));
    if (flag(args, 'json')) {
      const doc = {
        file: nameOf(file),
        mcpu,
        generation: gen,
        packets: views,
        ...(error ? { error: { offset: error.offset, message: error.message } } : {}),
      };
      process.stdout.write(JSON.stringify(doc, null, 1) + '\n');
    } else process.stdout.write(streamText(views));
    // The packets before a malformed one are printed; the error is the command's one-line report.
    if (error) throw new CliError(error.message, 1, nameOf(file));
    return 0;
  },
};
