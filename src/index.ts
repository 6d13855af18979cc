// gcnkit's library entry point.

export { isaTable } from './cli/isa.js';
export { decodeAt, disasmWords, formatOf } from './codec/disasm.js';
export type { DecodeInput, DecodeOutput, Format, IsaEntry } from './codec/types.js';
export { type ObjdumpOptions, objdump, objdumpBytes } from './disasm/objdump.js';
export * as elf from './elf/index.js';
export * from './isa/targets.js';
