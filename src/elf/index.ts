export { type AmdgpuTargetInfo, amdgpuTargetInfo, type FeatureSetting, machName } from './amdgpu.js';
export { ElfError } from './errors.js';
export { ElfFile, latin1 } from './reader.js';
export * from './types.js';
