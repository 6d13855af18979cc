#!/usr/bin/env node
// The `gcnkit` command as a process (gcnkit.ts is the command line itself).
import { gcnkit } from './gcnkit.js';

// `gcnkit disasm x | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = gcnkit(process.argv.slice(2));
