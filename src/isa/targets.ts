// The processors gcnkit knows, with the ISA features that change decoding, printing or execution.
export type Target = 'gfx900' | 'gfx906' | 'gfx908';

export const TARGETS: readonly Target[] = ['gfx900', 'gfx906', 'gfx908'];

/** One bit per target, so an op row can say compactly where it exists. */
export const T_GFX900 = 1;
export const T_GFX906 = 2;
export const T_GFX908 = 4;
export const T_ALL = T_GFX900 | T_GFX906 | T_GFX908;
export const T_GFX906_UP = T_GFX906 | T_GFX908;

export function targetBit(t: Target): number {
  return t === 'gfx900' ? T_GFX900 : t === 'gfx906' ? T_GFX906 : T_GFX908;
}

export function isTarget(s: string): s is Target {
  return (TARGETS as readonly string[]).includes(s);
}

/** gfx908 (CDNA1) adds accumulation VGPRs (AGPRs) and the MFMA instructions. */
export function hasAgprs(t: Target): boolean {
  return t === 'gfx908';
}
