// The entry of the CommonJS bundle `gcnkit disasm` runs in the built package (dist/cli-disasm-HASH.cjs,
// loaded by main.ts through disasm-cache.ts with a V8 code cache): the command line with the one command.
import { DISASM } from './disasm.js';
import { runCommandLine } from './dispatch.js';

export function run(argv: readonly string[]): number {
  return runCommandLine(argv, [DISASM]);
}
