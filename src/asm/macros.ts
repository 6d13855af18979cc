// `.macro` definitions and the bodies of `.macro`, `.rept`, `.irp` and `.irpc`, expanded as llvm-mc
// expands them: by text substitution before the lines are parsed.

export interface MacroParam {
  name: string;
  default: string;
  required: boolean;
  vararg: boolean;
}

export interface Macro {
  name: string;
  params: MacroParam[];
  body: string[];
}

/** The first word of a line (a directive or mnemonic), lowercased, without touching anything else. */
export function firstWord(line: string): string {
  let i = 0;
  const n = line.length;
  while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  let j = i;
  while (j < n) {
    const c = line.charCodeAt(j);
    if (c === 32 || c === 9 || c === 44 || c === 59 || c === 34 || c === 40) break;
    j++;
  }
  return line.slice(i, j).toLowerCase();
}

/** Splits macro arguments at top-level commas, or at blanks when no comma separates them. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let inStr = false;
  let sawComma = false;
  const t = text.trim();
  for (let i = 0; i < t.length; i++) {
    const ch = t[i];
    if (inStr) {
      cur += ch;
      if (ch === '\\') cur += t[++i] ?? '';
      else if (ch === '"') inStr = false;
      continue;
    }
    if (ch === '"') inStr = true;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    if (depth === 0 && ch === ',') {
      out.push(cur.trim());
      cur = '';
      sawComma = true;
      continue;
    }
    cur += ch;
  }
  if (cur.trim() !== '' || sawComma) out.push(cur.trim());
  if (sawComma) return out;
  // Without commas, blanks separate arguments unless they sit next to an operator.
  const words: string[] = [];
  for (const w of (out[0] ?? '').split(/[ \t]+/)) {
    const prev = words.length ? words[words.length - 1] : '';
    if (prev && (/[-+*/|&^<>=(]$/.test(prev) || /^[-+*/|&^<>=)]/.test(w)))
      words[words.length - 1] = `${prev} ${w}`;
    else if (w !== '') words.push(w);
  }
  return words;
}

/** Parses `.macro NAME [params]`'s parameter list (`a`, `b=1`, `c:req`, `d:vararg`). */
export function parseParams(text: string): MacroParam[] | string {
  const params: MacroParam[] = [];
  for (const raw of splitArgs(text)) {
    if (raw === '') continue;
    const eq = raw.indexOf('=');
    let head = (eq < 0 ? raw : raw.slice(0, eq)).trim();
    const def = eq < 0 ? '' : raw.slice(eq + 1).trim();
    let required = false;
    let vararg = false;
    const colon = head.indexOf(':');
    if (colon >= 0) {
      const q = head.slice(colon + 1).trim();
      head = head.slice(0, colon).trim();
      if (q === 'req') required = true;
      else if (q === 'vararg') vararg = true;
      else return `${q} is not a valid parameter qualifier for '${head}' in macro`;
    }
    if (params.some((p) => p.name === head)) return `macro '${head}' has multiple parameters named '${head}'`;
    params.push({ name: head, default: def, required, vararg });
  }
  return params;
}

const isIdChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46;

/**
 * Substitutes `\name` (longest parameter name that matches), `\@` (the expansion count) and `\()`
 * (an empty separator) in one body line.
 */
export function substitute(line: string, values: Map<string, string>, count: number | null): string {
  if (line.indexOf('\\') < 0) return line;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    if (line[i + 1] === '@' && count !== null) {
      out += String(count);
      i++;
      continue;
    }
    if (line[i + 1] === '(' && line[i + 2] === ')') {
      i += 2;
      continue;
    }
    let j = i + 1;
    while (j < line.length && isIdChar(line.charCodeAt(j)) && line[j] !== '.') j++;
    const name = line.slice(i + 1, j);
    const v = values.get(name);
    if (v !== undefined) {
      out += v;
      i = j - 1;
    } else out += ch;
  }
  return out;
}
