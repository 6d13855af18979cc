#!/usr/bin/env node
// The `gcnkit` command. Thin: argument parsing and error reporting over the library.
import { runAsm } from './asm.js';
import { runDisasm } from './disasm.js';
import { CliError } from './errors.js';
import { runInfo } from './info.js';
import { runIsa } from './isa.js';
import { runLink } from './link.js';
import { runRun } from './run.js';

const USAGE = `usage: gcnkit <command> [options]
commands:
  asm [--mcpu=GPU] FILE [-o OUT] [--show-encoding] [--filetype=obj]
                                     assemble (llvm-mc syntax); -o writes an object, linked if it has kernels
  disasm [--mcpu=GPU] [--raw] FILE   disassemble an ELF code object (or raw bytes with --raw)
  info FILE [--json]                 target, sections, symbols, kernels: metadata and descriptors
  isa [--mcpu=GPU] [--json]          list the op table of a target
  link -o OUT FILE... [-z defs]      link relocatable objects into a shared code object (as ld.lld -shared)
  run FILE SPEC.json [--json] [--budget=N] [--show=INDEX:TYPE[:COUNT]]
                                     run one kernel dispatch on the emulated GPU`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'asm':
      return runAsm(rest);
    case 'disasm':
      return runDisasm(rest);
    case 'info':
      return runInfo(rest);
    case 'isa':
      return runIsa(rest);
    case 'link':
      return runLink(rest);
    case 'run':
      return runRun(rest);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(USAGE + '\n');
      return cmd === undefined ? 2 : 0;
    default:
      throw new CliError(`unknown command '${cmd}'\n${USAGE}`);
  }
}

// `gcnkit disasm x | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof CliError) {
      process.stderr.write(`gcnkit: ${e.message}\n`);
      process.exitCode = e.exitCode;
    } else {
      // A bug, not bad input: still one line, but say so.
      process.stderr.write(`gcnkit: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 70;
    }
  },
);
