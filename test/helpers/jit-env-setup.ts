// Loaded into every test process by scripts/test-tier.mjs (node --import): GCNKIT_JIT_COMPILE_AFTER, which
// the tiers set to 0 unless it is set already, applied as `gcnkit run` and gcnkit/node apply it, so that
// the translating engine compiles every region on first use (docs/testing.md).
import { applyJitEnv } from '../../src/cli/jit-env.js';

applyJitEnv();
