// Streamed output on standard output: synchronous writes of bounded batches straight to fd 1, so that a
// command that prints gigabytes (disasm --raw of a large file) holds one batch at a time, waits for a
// slow reader instead of queueing everything it prints, and stops at once (EPIPE) when the reader goes
// away (`| head`). process.stdout would report a closed pipe only after the whole input was decoded.
import { writeSync } from 'node:fs';

const BATCH = 256 * 1024;

export class StdoutStream {
  private parts: string[] = [];
  private size = 0;

  write(s: string): void {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= BATCH) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    const bytes = Buffer.from(this.parts.join(''), 'latin1');
    this.parts = [];
    this.size = 0;
    stdoutBytes.write(bytes);
  }
}

/**
 * Where streamed bytes go: fd 1, written whole before `write` returns (the caller then reuses its
 * buffer). Tests that run a command in their own process point it elsewhere to capture the output.
 */
export const stdoutBytes: { write: (bytes: Uint8Array) => void } = { write: writeFd1 };

function writeFd1(bytes: Uint8Array): void {
  for (let o = 0; o < bytes.length; ) {
    try {
      o += writeSync(1, bytes, o, bytes.length - o);
    } catch (e) {
      // A non-blocking pipe that is full: wait for the reader.
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}
