// Instruction lines of llvm-objdump -d text: `\t<text>  // <ADDR>: <HEX DWORDS>[ <annotation>]`.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface DisLine {
  text: string;
  /** Dwords as lowercase hex, space-separated (the MC-test fixture form). */
  hex: string;
}

const LINE = /^\t(.*?)\s+\/\/ [0-9A-F]+: ([0-9A-F]{8}(?: [0-9A-F]{8})*)/;

export function disLines(path: string): DisLine[] {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('latin1');
  const out: DisLine[] = [];
  for (const l of text.split('\n')) {
    const m = LINE.exec(l);
    if (m) out.push({ text: m[1], hex: m[2].toLowerCase() });
  }
  return out;
}
