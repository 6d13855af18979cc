// Statement-level pieces the assembler driver and the directive handlers share (kept apart from the
// driver so that the handlers do not import it back).

/** Thrown by statement handlers: the statement ends with this diagnostic. */
export class StmtError extends Error {
  constructor(
    message: string,
    readonly col: number,
    readonly severity: 'error' | 'warning' = 'error',
  ) {
    super(message);
  }
}

/** The text before a `;` or `//` comment (outside strings). */
export function stripComment(s: string): string {
  let inStr = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inStr) {
      if (c === 92) i++;
      else if (c === 34) inStr = false;
    } else if (c === 34) inStr = true;
    else if (c === 59 || (c === 47 && s.charCodeAt(i + 1) === 47)) return s.slice(0, i);
  }
  return s;
}
