// Wires the semantics tables and the memory families' decoders into the decoder, once, on import. Kept
// out of the decoder modules so that those stay free of the (large) semantics tables and testable alone.

import { decodeDs } from '../emu/mem/ds.js';
import { decodeFlat } from '../emu/mem/flat.js';
import { decodeMubuf } from '../emu/mem/mubuf.js';
import { decodeSmem } from '../emu/mem/smem.js';
import { registerDecoder } from '../emu/program.js';
import { setSaluSemantics } from '../emu/salu/exec.js';
import { SALU_OPS } from '../emu/salu/ops.js';
import { setValuSemantics } from '../emu/valu/decode.js';
import { FLOAT_OPS } from '../emu/valu/float-ops.js';
import { HALF_OPS } from '../emu/valu/half-ops.js';
import { INT_OPS } from '../emu/valu/int-ops.js';
import type { ValuFn } from '../emu/valu/lanes.js';

const VALU = new Map<string, ValuFn>();
for (const table of [INT_OPS, FLOAT_OPS, HALF_OPS]) {
  for (const [name, fn] of Object.entries(table)) {
    if (VALU.has(name)) throw new Error(`internal: two semantics for ${name}`);
    VALU.set(name, fn);
  }
}
const SALU = new Map(Object.entries(SALU_OPS));

setValuSemantics((name) => VALU.get(name));
setSaluSemantics((name) => SALU.get(name));
registerDecoder('smem', decodeSmem);
registerDecoder('flat', decodeFlat);
registerDecoder('ds', decodeDs);
registerDecoder('mubuf', decodeMubuf);
