// gcnkit's library entry point ("gcnkit"). Browser-safe: nothing here or below imports node:* or uses
// a Node global; file-based helpers are in src/node.ts ("gcnkit/node"). Names: docs/library.md.

// Assembler, disassembler, linker, code objects.
export {
  type AsmDiagnostic,
  type AssembleOptions,
  type AssembleOutput,
  assemble,
  type TargetFeatures,
} from './api/assemble.js';
export {
  type CodeObjectInfo,
  type DisassembleOptions,
  disassemble,
  type LinkInput,
  type LinkOptions,
  link,
  readCodeObject,
} from './api/code-object.js';
// Lower-level pieces: the instruction decoder, objdump with a chosen file name, the ELF toolkit.
export { decodeAt, disasmWords, formatOf } from './codec/disasm.js';
export type { DecodeInput, DecodeOutput, Format, IsaEntry } from './codec/types.js';
export { type ObjdumpOptions, objdump, objdumpBytes } from './disasm/objdump.js';
export { ElfError } from './elf/errors.js';
export * as elf from './elf/index.js';
export { type IsaTableEntry, isaTable } from './isa/table.js';
// Processors and the instruction set.
export { isTarget, TARGETS, type Target } from './isa/targets.js';
// The virtual GPU (Contract A).
export { Device, DispatchError, LaunchError, Module } from './runtime/device.js';
export type { DeviceBuffer, KernelArg, LaunchOptions, LaunchResult, ValueType } from './runtime/types.js';
