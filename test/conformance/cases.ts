// Every conformance case: OpenCL C (with the ROCm device libraries) and header-less HIP kernels, each
// with a host reference written independently in TypeScript.

import { CONTROL_CASES } from './cases-control.js';
import { EXTRA_CASES } from './cases-extra.js';
import { EXTRA2_CASES } from './cases-extra2.js';
import { FLOAT_CASES } from './cases-float.js';
import { HIP_CASES, hipDispatchPacket, hipDynamicShared } from './cases-hip.js';
import { INT_CASES } from './cases-int.js';
import { MEM_CASES } from './cases-mem.js';
import type { Case } from './harness.js';

export const CASES: readonly Case[] = [
  ...INT_CASES,
  ...FLOAT_CASES,
  ...CONTROL_CASES,
  ...MEM_CASES,
  ...HIP_CASES,
  hipDynamicShared,
  hipDispatchPacket,
  ...EXTRA_CASES,
  ...EXTRA2_CASES,
];

/** Cases whose name contains any of the comma-separated filter words (all cases for an empty filter). */
export function selectCases(filter?: string): readonly Case[] {
  const words = (filter ?? '').split(',').filter((w) => w.length > 0);
  if (words.length === 0) return CASES;
  return CASES.filter((c) => words.some((w) => c.name.includes(w) || c.source === w));
}
