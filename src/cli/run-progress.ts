// The progress line of `gcnkit run` on stderr: waves done of the total, instructions per second and the
// time since the run began. On a terminal one line is rewritten in place and cleared at the end;
// elsewhere (`--progress` into a file or pipe) each report is its own line.

export interface ProgressReport {
  readonly wavesDone: number;
  readonly wavesTotal: number;
  readonly waveInstructions: number;
  /** Seconds since the launch began. */
  readonly seconds: number;
}

const rate = (n: number): string =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(2)} G`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(2)} M`
      : n >= 1e3
        ? `${(n / 1e3).toFixed(1)} k`
        : `${Math.round(n)}`;

/** Seconds between two end-of-run reports, so that many short runs do not flood stderr. */
const RUN_REPORT_INTERVAL = 0.5;

export class Progress {
  private shown = false;
  private last = -Infinity;

  constructor(
    private readonly write: (s: string) => void,
    private readonly tty: boolean,
    /** performance.now() at the start of the run. */
    private readonly start: number,
  ) {}

  /**
   * Reports launch `label` (e.g. `launches[1] (step), run 3/10`). `endOfRun`: the report a run ends with,
   * printed only for the last run of a launch entry or when the previous report is old enough.
   */
  report(label: string, p: ProgressReport, endOfRun?: 'last' | 'more'): void {
    const now = performance.now();
    if (endOfRun === 'more' && now - this.last < RUN_REPORT_INTERVAL * 1000) return;
    this.last = now;
    const ips = p.seconds > 0 ? p.waveInstructions / p.seconds : 0;
    const elapsed = (now - this.start) / 1000;
    const line = `${label}: waves ${p.wavesDone}/${p.wavesTotal}, ${rate(ips)} instructions/s, ${elapsed.toFixed(1)} s elapsed`;
    if (this.tty) {
      this.write(`\r${line}\x1b[K`);
      this.shown = true;
    } else this.write(line + '\n');
  }

  /** Clears the line (on a terminal) before other output on stderr, and at the end. */
  clear(): void {
    if (this.tty && this.shown) this.write('\r\x1b[K');
    this.shown = false;
  }
}
