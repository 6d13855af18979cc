export { type AmdgpuTargetInfo, amdgpuTargetInfo, type FeatureSetting, machName } from './amdgpu.js';
export { CodeObject, type LoadedKernel } from './code-object.js';
export { ElfError } from './errors.js';
export { buildGnuHash, buildSysvHash, gnuHash, sysvHash } from './hash.js';
export { type CodeObjectInfo, codeObjectInfo } from './info.js';
export {
  decodeKernelDescriptor,
  encodeKernelDescriptor,
  KD_SIZE,
  type KernelDescriptor,
  kdDirectives,
  kdFields,
} from './kernel-descriptor.js';
export { DEFAULT_LINKER_COMMENT, type LinkOptions, linkShared } from './link.js';
export {
  type CodeObjectMetadata,
  decodeMetadata,
  encodeMetadata,
  type KernelArgMetadata,
  type KernelMetadata,
} from './metadata.js';
export { metadataFromYaml, metadataToYaml } from './metadata-yaml.js';
export { type ElfNote, encodeNotes, noteTypeName, parseNotes } from './notes.js';
export { formatNotesLikeReadelf } from './notes-readelf.js';
export { ElfFile, latin1 } from './reader.js';
export * from './types.js';
export { type ElfImage, imageFromFile, writeElf, writeRelocatable } from './writer.js';
