// Operands of one SALU instruction, fetched by the executor, so that scalar semantics are plain functions
// testable without encodings. 64-bit operands are (lo, hi) dword pairs; 32-bit ops use only the lo field.
//
// - SOP2/SOPC: a = src0, b = src1. SOP1: a = src0.
// - SOPK: a = the current value of the SDST register (s_addk_i32, s_cmovk_i32 and s_cmpk_* read it),
//   b0 = the raw 16-bit immediate, zero-extended (each op sign-extends it as its definition says).
// - d is the result the executor writes to SDST (when the op has one); scc is read and written in place.
// - exec is the EXEC mask, read and written in place (s_*_saveexec_b64); the executor writes it back.
// - Ops that need the PC, hardware registers or memory (branches, s_getpc, s_setreg, ...) are not here.
export class ScalarCtx {
  a0 = 0;
  a1 = 0;
  b0 = 0;
  b1 = 0;
  d0 = 0;
  d1 = 0;
  scc = 0;
  exec0 = 0;
  exec1 = 0;
}

/** The semantics of one SALU op. All fields hold unsigned 32-bit values (use >>> 0 when writing). */
export type SaluFn = (x: ScalarCtx) => void;
