// A host reference of OpenCL's read_imagef for 2D images, written from the OpenCL C specification's
// "Image addressing and filtering" rules (nearest: texel floor(u); linear: floor(u - 0.5) and the next
// with weight frac(u - 0.5); repeat and mirrored repeat computed on the normalized coordinate; clamp and
// none read the border colour (0, 0, 0, 0) outside). Independent of src/.

export type Mode = 'none' | 'clamp_to_edge' | 'clamp' | 'repeat' | 'mirrored_repeat';
/** The S# clamp mode the ROCm device library uses for each OpenCL addressing mode. */
export const HW_MODE: Record<Mode, number> = {
  none: 6,
  clamp_to_edge: 2,
  clamp: 6,
  repeat: 0,
  mirrored_repeat: 1,
};

export function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 ? r - 1 : r;
}

/** OpenCL's read_imagef for a 2D image, normalized coordinates, border (0,0,0,0). */
export function reference(
  texel: (x: number, y: number) => number[],
  W: number,
  H: number,
  s: number,
  t: number,
  mode: Mode,
  linear: boolean,
): number[] {
  const fetch = (i: number, j: number) => (i < 0 || j < 0 || i >= W || j >= H ? [0, 0, 0, 0] : texel(i, j));
  const coords = (c: number, n: number): [number, number, number] => {
    // [i0, i1, a] (nearest: [i, i, 0]).
    if (mode === 'repeat') {
      const u = (c - Math.floor(c)) * n;
      if (!linear) {
        let i = Math.floor(u);
        if (i > n - 1) i -= n;
        return [i, i, 0];
      }
      let i0 = Math.floor(u - 0.5);
      let i1 = i0 + 1;
      const a = u - 0.5 - Math.floor(u - 0.5);
      if (i0 < 0) i0 += n;
      if (i1 > n - 1) i1 -= n;
      return [i0, i1, a];
    }
    if (mode === 'mirrored_repeat') {
      const sp = Math.abs(c - 2 * rint(0.5 * c));
      const u = sp * n;
      if (!linear) {
        const i = Math.min(Math.floor(u), n - 1);
        return [i, i, 0];
      }
      const i0 = Math.max(Math.floor(u - 0.5), 0);
      const i1 = Math.min(Math.floor(u - 0.5) + 1, n - 1);
      return [i0, i1, u - 0.5 - Math.floor(u - 0.5)];
    }
    const u = c * n;
    const edge = (i: number) => (mode === 'clamp_to_edge' ? Math.min(Math.max(i, 0), n - 1) : i);
    if (!linear) {
      const i = edge(Math.floor(u));
      return [i, i, 0];
    }
    const i0 = Math.floor(u - 0.5);
    return [edge(i0), edge(i0 + 1), u - 0.5 - i0];
  };
  const [i0, i1, a] = coords(s, W);
  const [j0, j1, b] = coords(t, H);
  const T00 = fetch(i0, j0);
  const T10 = fetch(i1, j0);
  const T01 = fetch(i0, j1);
  const T11 = fetch(i1, j1);
  return [0, 1, 2, 3].map(
    (k) => (1 - a) * (1 - b) * T00[k]! + a * (1 - b) * T10[k]! + (1 - a) * b * T01[k]! + a * b * T11[k]!,
  );
}
