export { decodeAt, disasmWords } from './codec/disasm.js';
export * from './isa/targets.js';
