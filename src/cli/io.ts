// File input and output for the commands. Inputs are regular files (or `-`, standard input) under a
// stated size limit: a FIFO, a device or a directory is refused at once from fstat of the opened file,
// which is opened non-blocking so that even opening a FIFO with no writer cannot hang. Outputs are
// written atomically: a temporary file in the same folder, renamed over the target when complete, so a
// failure leaves no file behind and the old one untouched.
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  type Stats,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { inputError } from './errors.js';

export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

/** Size limits of the inputs (docs/cli.md, "Limits"). */
export const LIMITS = {
  /** A code object run, inspected or linked: real ones are a few MiB. */
  codeObject: 64 * MiB,
  /** A code object disassembled: its text is 15 to 25 times its size, built in memory. */
  disasm: 16 * MiB,
  /** `disasm --raw` streams its input and output in bounded memory; the limit bounds the time. */
  raw: 1 * GiB,
  /** Assembly source: the assembler holds the source, its statements and the listing in memory. */
  asm: 16 * MiB,
  /** A run spec (JSON). */
  spec: 16 * MiB,
  /** A PM4 stream (`gcnkit pm4`): decoded whole, its text about 40 times its size. */
  pm4: 16 * MiB,
} as const;

/** How much is read or written at a time. */
export const CHUNK = 1 * MiB;

/** The name of standard input in messages. */
export const STDIN_NAME = '<stdin>';

const errno = (e: unknown) => (e as NodeJS.ErrnoException).code ?? 'error';

export function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['GiB', GiB],
    ['MiB', MiB],
    ['KiB', KiB],
  ] as const)
    if (n >= size && n % size === 0) return `${n / size} ${unit}`;
  return `${n} bytes`;
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** An opened input: a regular file whose size is known, or standard input (size unknown). */
export class Input {
  private constructor(
    /** The name messages use: the path as given, or <stdin>. */
    readonly name: string,
    private readonly fd: number,
    /** Bytes of a regular file (at open time); undefined for standard input. */
    readonly size: number | undefined,
    private readonly limit: number,
    private readonly what: string,
  ) {}

  /**
   * Opens `file` (`-` = standard input when `stdin` allows it) for reading at most `limit` bytes of
   * `what` ("code object", "assembly source" ...), which the size error names.
   */
  static open(file: string, limit: number, what: string, stdin = true): Input {
    if (file === '-' && stdin) return new Input(STDIN_NAME, 0, undefined, limit, what);
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (e) {
      throw inputError(file, `cannot read: ${errno(e)}`);
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile())
        throw inputError(
          file,
          `is ${kindOf(st)}, not a regular file${stdin ? ' (use - to read standard input)' : ''}`,
        );
      const input = new Input(file, fd, st.size, limit, what);
      if (st.size > limit) throw input.tooBig(st.size);
      return input;
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  private tooBig(size: number | undefined): Error {
    const limit = `the limit for ${this.what} (${formatBytes(this.limit)})`;
    return inputError(
      this.name,
      size === undefined ? `more than ${limit}` : `${size} bytes, more than ${limit}`,
    );
  }

  /**
   * The contents in chunks of at most `chunkSize` bytes; each chunk is valid until the next is asked
   * for. Standard input is read as it comes and stops as soon as it passes the limit.
   */
  *chunks(chunkSize = CHUNK): Generator<Uint8Array> {
    const buf = new Uint8Array(this.size === undefined ? chunkSize : Math.min(chunkSize, this.size));
    let total = 0;
    for (;;) {
      // A regular file is read up to the size fstat gave: growth while reading is not ours to follow.
      const want = this.size === undefined ? buf.length : Math.min(buf.length, this.size - total);
      if (want === 0) return;
      const n = this.readSome(buf, want);
      if (n === 0) return;
      total += n;
      if (total > this.limit) throw this.tooBig(undefined);
      yield buf.subarray(0, n);
    }
  }

  private readSome(buf: Uint8Array, want: number): number {
    for (;;) {
      try {
        return readSync(this.fd, buf, 0, want, null);
      } catch (e) {
        // Standard input may be a non-blocking pipe or terminal: wait for data instead of failing.
        if (errno(e) === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        if (errno(e) === 'EOF') return 0;
        throw inputError(this.name, `cannot read: ${errno(e)}`);
      }
    }
  }

  /** The whole contents (at most the limit). */
  readAll(): Uint8Array {
    if (this.size !== undefined) {
      const out = new Uint8Array(this.size);
      let n = 0;
      for (const c of this.chunks()) {
        out.set(c, n);
        n += c.length;
      }
      return n === out.length ? out : out.subarray(0, n);
    }
    const parts: Uint8Array[] = [];
    let n = 0;
    for (const c of this.chunks()) {
      parts.push(c.slice());
      n += c.length;
    }
    const out = new Uint8Array(n);
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }

  close(): void {
    if (this.fd !== 0) closeSync(this.fd);
  }
}

/** The bytes of `file` (`-` = standard input), at most `limit` bytes of `what`. */
export function readInput(file: string, limit: number, what: string): Uint8Array {
  const input = Input.open(file, limit, what);
  try {
    return input.readAll();
  } finally {
    input.close();
  }
}

/**
 * An output written atomically: bytes go to a temporary file beside the target, which replaces the
 * target on commit(). abort() (or a failure in write/commit) removes the temporary file. `-` writes
 * to standard output directly.
 */
export class Output {
  private fd: number;
  private readonly temp: string | undefined;
  private done = false;

  constructor(readonly path: string) {
    if (path === '-') {
      this.fd = 1;
      this.temp = undefined;
      return;
    }
    const rand = Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
    this.temp = join(dirname(path), `.${basename(path)}.${process.pid}-${rand}.tmp`);
    try {
      this.fd = openSync(this.temp, 'wx', 0o666);
    } catch (e) {
      throw inputError(path, `cannot write: ${errno(e)}`);
    }
  }

  write(bytes: Uint8Array): void {
    try {
      for (let o = 0; o < bytes.length; )
        o += writeSync(this.fd, bytes, o, Math.min(CHUNK, bytes.length - o));
    } catch (e) {
      this.abort();
      throw inputError(this.path, `cannot write: ${errno(e)}`);
    }
  }

  commit(): void {
    if (this.temp === undefined || this.done) return;
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
      this.fd = -1;
      renameSync(this.temp, this.path);
      this.done = true;
    } catch (e) {
      this.abort();
      throw inputError(this.path, `cannot write: ${errno(e)}`);
    }
  }

  /** Drops the temporary file; the target is as it was. */
  abort(): void {
    if (this.temp === undefined || this.done) return;
    this.done = true;
    try {
      if (this.fd >= 0) closeSync(this.fd);
    } catch {}
    try {
      unlinkSync(this.temp);
    } catch {}
  }
}

/** Writes `bytes` to `file` atomically. */
export function writeOutput(file: string, bytes: Uint8Array): void {
  writeChunks(file, [bytes]);
}

/** Writes the chunks `source` yields to `file` atomically; a throw from the source aborts the write. */
export function writeChunks(file: string, source: Iterable<Uint8Array>): void {
  const out = new Output(file);
  try {
    for (const c of source) out.write(c);
    out.commit();
  } catch (e) {
    out.abort();
    throw e;
  }
}

/** The name of an input in messages and reports: the path as given, or <stdin> for `-`. */
export const nameOf = (file: string): string => (file === '-' ? STDIN_NAME : file);
