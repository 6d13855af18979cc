// Compares gcnkit's disassembly with llvm-objdump's, separating the ELF framing (section headers,
// labels, zero runs, addresses and the bytes shown) from the instruction text, so the framing can be
// asserted while instruction families are still being written.

/** An instruction line: `\t<text padded>// <ADDR>: <HEX...>[ <annotation>]`. */
const INST = /^\t(.*)\/\/ ([0-9A-F]{12,}):((?: [0-9A-F]{8})+|(?: [0-9A-F]{2})+)( <.*>)?$/;

export interface Comparison {
  /** Framing items (non-instruction lines verbatim, runs of instruction lines as address + bytes). */
  framingExpected: string[];
  framingActual: string[];
  /** Instruction lines of the reference, and how many gcnkit reproduces exactly at the same address. */
  instructions: number;
  agree: number;
  /** The first few reference lines gcnkit does not reproduce, with gcnkit's line at that address. */
  mismatches: { want: string; got: string | undefined }[];
  identical: boolean;
}

function framing(lines: string[]): string[] {
  const items: string[] = [];
  let run: string | null = null;
  for (const l of lines) {
    const m = INST.exec(l);
    if (m) {
      run = run === null ? `@${m[2]}:${m[3].replace(/ /g, '')}` : run + m[3].replace(/ /g, '');
      continue;
    }
    if (run !== null) items.push(run);
    run = null;
    items.push(l);
  }
  if (run !== null) items.push(run);
  return items;
}

/** Instruction lines keyed by section ordinal and address (relocatable sections all start at 0). */
function byAddress(lines: string[]): Map<string, string> {
  const map = new Map<string, string>();
  let section = 0;
  for (const l of lines) {
    if (l.startsWith('Disassembly of section ')) section++;
    const m = INST.exec(l);
    if (m && !map.has(`${section}:${m[2]}`)) map.set(`${section}:${m[2]}`, l);
  }
  return map;
}

export function compareDisassembly(expected: string, actual: string, maxMismatches = 5): Comparison {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const gotAt = byAddress(got);
  let instructions = 0;
  let agree = 0;
  const mismatches: { want: string; got: string | undefined }[] = [];
  let section = 0;
  for (const l of want) {
    if (l.startsWith('Disassembly of section ')) section++;
    const m = INST.exec(l);
    if (!m) continue;
    instructions++;
    const g = gotAt.get(`${section}:${m[2]}`);
    if (g === l) agree++;
    else if (mismatches.length < maxMismatches) mismatches.push({ want: l, got: g });
  }
  return {
    framingExpected: framing(want),
    framingActual: framing(got),
    instructions,
    agree,
    mismatches,
    identical: expected === actual,
  };
}
