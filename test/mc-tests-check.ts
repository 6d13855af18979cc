// Shared by test/mc-tests.test.ts (hermetic) and test/live/mc-tests.test.ts: the list of LLVM MC
// test fixtures exempt from full agreement (none), and the comparison of one case.
import { disasmWords } from '../src/codec/disasm.js';
import type { Target } from '../src/isa/targets.js';

/**
 * Fixture files (`<file>.<mcpu>.json` under test/fixtures/mc-tests/) exempt from full agreement with
 * llvm-objdump-22, each with its reason. Every other file must agree on every case. Empty: all agree.
 */
export const MC_TESTS_PENDING: readonly string[] = [];

/**
 * Compares gcnkit with what llvm-objdump printed for one case; returns null when they agree, else
 * gcnkit's output. A null `want` means llvm-objdump did not take the words as one instruction: gcnkit
 * must not either, and when llvm-objdump's lines for the words are known and cover them exactly, gcnkit
 * must print those.
 */
export function checkCase(
  hex: string,
  want: string | null,
  dump: [string, number][] | undefined,
  mcpu: Target,
): string | null {
  const words = hex.split(' ').map((h) => Number.parseInt(h, 16));
  const got = disasmWords(words, mcpu);
  const gotText = got.map((g) => g.text).join(' | ');
  if (want !== null) {
    return got.length === 1 && got[0].text === want && got[0].size === words.length ? null : gotText;
  }
  if (dump && dump.reduce((n, d) => n + d[1], 0) === words.length) {
    const same =
      dump.length === got.length && dump.every((d, k) => d[0] === got[k].text && d[1] === got[k].size);
    return same ? null : gotText;
  }
  return got.length === 1 && !got[0].text.startsWith('.long') ? gotText : null;
}
