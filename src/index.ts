// gcnkit's library entry point ("gcnkit"). Browser-safe: nothing here or below imports node:* or uses
// a Node global; file-based helpers are in src/node.ts ("gcnkit/node"). docs/library.md lists the names:
// the virtual GPU (Device, Module, errors, launch types: Contract A), assemble, disassemble,
// readCodeObject, link, the ISA table and targets; then the lower-level decoder, objdump and ELF toolkit.

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
export { decodeAt, disasmWords, formatOf } from './codec/disasm.js';
export type { DecodeInput, DecodeOutput, Format, IsaEntry } from './codec/types.js';
export { type ObjdumpOptions, objdump, objdumpBytes } from './disasm/objdump.js';
export { ElfError } from './elf/errors.js';
export * as elf from './elf/index.js';
export { type IsaTableEntry, isaTable } from './emu/isa-table.js';
export { isTarget, TARGETS, type Target } from './isa/targets.js';
export {
  AqlError,
  DEFAULT_BUDGET,
  DEFAULT_MEMORY_LIMIT,
  DEFAULT_PROGRESS_INTERVAL,
  Device,
  DeviceAqlQueue,
  DevicePm4Queue,
  DeviceSignal,
  DispatchError,
  LaunchError,
  type LaunchErrorCode,
  Module,
  type PacketOptions,
  Pm4Error,
  type Pm4QueueOptions,
  QueueDeadlock,
  type QueuedDispatch,
  type QueueOptions,
} from './runtime/device.js';
export type {
  AddressingMode,
  ChannelOrder,
  ChannelType,
  DeviceImage,
  DeviceSampler,
  ImageOptions,
  ImageType,
  SamplerOptions,
} from './runtime/image.js';
export type {
  DeviceBuffer,
  DeviceOptions,
  DispatchErrorKind,
  KernelArg,
  LaunchMessage,
  LaunchOptions,
  LaunchProgress,
  LaunchResult,
  TrapHandlerOptions,
  ValueType,
  WaveState,
} from './runtime/types.js';
