// The parts of the WebAssembly JavaScript API the translating engine uses (jit/vregs.ts, jit/block.ts):
// the project compiles against ES2023 and Node's types, which do not declare them (lib.dom does).

declare namespace WebAssembly {
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
    readonly buffer: ArrayBuffer;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
}
