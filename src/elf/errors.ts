/**
 * A malformed or unsupported ELF file. The message is one line: file, the field at fault, and what is
 * wrong with it, so a CLI can print it as is.
 */
export class ElfError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field}: ${problem}`);
  }
}
