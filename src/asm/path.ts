// POSIX path arithmetic for `.include`: the assembler runs in browsers too, so it cannot use
// node:path. Paths are only joined and normalised here; the caller's readFile hook opens them.

/** The folder part of a path ('.' for a bare name), as POSIX dirname. */
export function dirname(path: string): string {
  const p = path.replace(/\/+$/, '');
  const at = p.lastIndexOf('/');
  if (at < 0) return path.startsWith('/') ? '/' : '.';
  return at === 0 ? '/' : p.slice(0, at);
}

/** `path` relative to folder `dir` (an absolute `path` stands alone), with `.` and `..` folded. */
export function joinPath(dir: string, path: string): string {
  const full = path.startsWith('/') ? path : `${dir}/${path}`;
  const absolute = full.startsWith('/');
  const out: string[] = [];
  for (const part of full.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}
