// Where the files a run spec names are, and which of them it may touch (docs/run-spec.md, "Paths").
// Paths resolve against the spec's folder and, once `..` and symbolic links are resolved, must stay
// inside it unless --allow-outside-paths is given. An output may never be the code object or the spec
// (compared by resolved path and by file identity, so another name or a hard link does not slip
// through), and two outputs may not share a file.
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { SpecError } from './run-spec.js';

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code ?? 'error';

interface Guarded {
  readonly what: string;
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
}

export class SpecPaths {
  private readonly root: string;
  private readonly guarded: Guarded[] = [];
  private readonly outputs = new Map<string, string>();

  /**
   * `specDir`: the folder paths resolve against; `protect`: files no output may replace (the code
   * object, the spec), by the name used in messages.
   */
  constructor(
    private readonly specDir: string,
    private readonly allowOutside: boolean,
    protect: Record<string, string | undefined>,
  ) {
    this.root = realpathSync(specDir);
    for (const [what, p] of Object.entries(protect)) {
      if (p === undefined) continue;
      try {
        const st = statSync(p);
        this.guarded.push({ what, path: realpathSync(p), dev: st.dev, ino: st.ino });
      } catch {
        // Not a file we can see (already reported elsewhere if it matters).
      }
    }
  }

  private inside(real: string): boolean {
    return real === this.root || real.startsWith(this.root.endsWith(sep) ? this.root : this.root + sep);
  }

  private refuse(field: string, given: string, real: string): never {
    throw new SpecError(
      field,
      `'${given}' is ${real}, outside the spec's folder ${this.root} (--allow-outside-paths allows it)`,
    );
  }

  /** The file an input path names, checked to exist and to be inside the folder. */
  input(field: string, given: string): string {
    const abs = resolve(this.specDir, given);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch (e) {
      throw new SpecError(field, `cannot read '${given}': ${errno(e)}`);
    }
    if (!this.allowOutside && !this.inside(real)) this.refuse(field, given, real);
    return real;
  }

  /** The file an output path names (its folder resolved; the file itself is replaced, not followed). */
  output(field: string, given: string): string {
    const abs = resolve(this.specDir, given);
    let folder: string;
    try {
      folder = realpathSync(dirname(abs));
    } catch (e) {
      throw new SpecError(field, `cannot write '${given}': its folder ${dirname(abs)}: ${errno(e)}`);
    }
    const target = join(folder, basename(abs));
    if (!this.allowOutside && !this.inside(target)) this.refuse(field, given, target);
    let st: ReturnType<typeof lstatSync> | undefined;
    try {
      st = lstatSync(target);
    } catch {
      st = undefined;
    }
    if (st?.isDirectory()) throw new SpecError(field, `cannot write '${given}': it is a directory`);
    for (const g of this.guarded) {
      const same =
        g.path === target ||
        (st !== undefined && !st.isSymbolicLink() && st.dev === g.dev && st.ino === g.ino);
      if (same) throw new SpecError(field, `'${given}' is the ${g.what}: an output may not replace it`);
    }
    const other = this.outputs.get(target);
    if (other !== undefined) throw new SpecError(field, `'${given}' is also the file of ${other}`);
    this.outputs.set(target, field);
    return target;
  }
}
