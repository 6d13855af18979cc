// AMDGPU metadata as YAML, the way LLVM converts it (msgpack::Document::toYAML / fromYAML): the text
// llvm-readelf prints under "AMDGPU Metadata:", and the typing the assembler applies to an
// .amdgpu_metadata block, so that encodeMetadata(metadataFromYaml(text)) gives llvm-mc's note bytes.
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml';
import { ElfError } from './errors.js';
import {
  type CodeObjectMetadata,
  compareKeys,
  keyPath,
  MetadataFloat,
  type MetadataMap,
  type MetadataValue,
  metadataFromDocument,
  metadataToDocument,
  verifyMetadata,
} from './metadata.js';

// ---- scalar typing (DocNode::fromString) -------------------------------------------------------------

const U64_MAX = 0xffffffffffffffffn;

/** StringRef::getAsUnsignedInteger with radix 0: 0x/0b/0o/leading-0 prefixes, whole string consumed. */
function parseUnsigned(s: string): bigint | undefined {
  const prefix = /^0[xX]/.test(s)
    ? [16, 2]
    : /^0[bB]/.test(s)
      ? [2, 2]
      : s.startsWith('0o')
        ? [8, 2]
        : /^0[0-9]/.test(s)
          ? [8, 1]
          : [10, 0];
  const radix = prefix[0];
  const t = s.slice(prefix[1]);
  if (t === '') return undefined;
  let v = 0n;
  for (const c of t) {
    const d = Number.parseInt(c, 36);
    if (Number.isNaN(d) || d >= radix) return undefined;
    v = v * BigInt(radix) + BigInt(d);
    if (v > U64_MAX) return undefined;
  }
  return v;
}

/** StringRef::getAsSignedInteger: an optional '-' before an unsigned form, within int64. */
function parseSigned(s: string): bigint | undefined {
  if (!s.startsWith('-')) {
    const u = parseUnsigned(s);
    return u !== undefined && u <= 0x7fffffffffffffffn ? u : undefined;
  }
  const u = parseUnsigned(s.slice(1));
  return u !== undefined && u <= 0x8000000000000000n ? -u : undefined;
}

/** What strtod consumes entirely (C locale), as LLVM's to_float requires; the empty string reads as 0. */
const STRTOD =
  /^[ \t\n\v\f\r]*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?|inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)$/i;

function parseFloatC(s: string): number | undefined {
  if (s === '') return 0;
  if (!STRTOD.test(s)) return undefined;
  const t = s.trim().toLowerCase();
  const neg = t.startsWith('-');
  const body = t.replace(/^[+-]/, '');
  if (body.startsWith('inf')) return neg ? -Infinity : Infinity;
  if (body.startsWith('nan')) return Number.NaN;
  if (body.startsWith('0x')) {
    const m = /^0x([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?$/.exec(body)!;
    const digits = (m[1] ?? '') + (m[2] ?? '');
    const v = Number(BigInt('0x' + (digits || '0'))) * 2 ** (Number(m[3] ?? '0') - 4 * (m[2] ?? '').length);
    return neg ? -v : v;
  }
  return Number(t);
}

const int = (v: bigint): number | bigint => (v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : v);

const BOOL_WORDS: Record<string, boolean> = {};
for (const w of ['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE'])
  BOOL_WORDS[w] = true;
for (const w of ['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE'])
  BOOL_WORDS[w] = false;

/**
 * A YAML scalar as LLVM types it: untagged, the first of unsigned integer, signed integer, `true`/`false`,
 * float, string that reads it; tagged (`!int`, `!bool`, `!float`, `!nil`, `!str`), that kind or an error.
 */
export function scalarFromYaml(s: string, tag = ''): MetadataValue | { error: string } {
  if (tag === 'tag:yaml.org,2002:str') tag = '';
  if (tag === '!int' || tag === '') {
    const v = parseUnsigned(s) ?? parseSigned(s);
    if (v !== undefined) return int(v);
    if (tag !== '') return { error: 'invalid number' };
  }
  if (tag === '!nil') return null;
  if (tag === '!bool') return Object.hasOwn(BOOL_WORDS, s) ? BOOL_WORDS[s] : { error: 'invalid boolean' };
  if (tag === '' && (s === 'true' || s === 'false')) return s === 'true';
  if (tag === '!float' || tag === '') {
    const f = parseFloatC(s);
    if (f !== undefined) return new MetadataFloat(f);
    if (tag !== '') return { error: 'invalid floating point number' };
  }
  return s;
}

// ---- output (yaml::Output on a DocNode) ------------------------------------------------------------

const isNumericYaml = (s: string): boolean => {
  if (s === '' || s === '+' || s === '-') return false;
  if (s === '.nan' || s === '.NaN' || s === '.NAN') return true;
  const tail = s[0] === '-' || s[0] === '+' ? s.slice(1) : s;
  if (tail === '.inf' || tail === '.Inf' || tail === '.INF') return true;
  if (s.startsWith('0o')) return /^0o[0-7]+$/.test(s);
  if (s.startsWith('0x')) return /^0x[0-9a-fA-F]+$/.test(s);
  return /^(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][+-]?[0-9]+)?$/.test(tail);
};

/** yaml::needsQuotes: 0 none, 1 single, 2 double. */
function needsQuotes(s: string, bytes: Uint8Array): 0 | 1 | 2 {
  if (s === '') return 1;
  let q: 0 | 1 | 2 = 0;
  if (/^[ \t\n\v\f\r]|[ \t\n\v\f\r]$/.test(s)) q = 1;
  if (['null', 'Null', 'NULL', '~', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE'].includes(s)) q = 1;
  if (isNumericYaml(s)) q = 1;
  if ('-?:\\,[]{}#&*!|>\'"%@`'.includes(s[0])) q = 1;
  for (const c of bytes) {
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) continue;
    if (c === 0x5f || c === 0x2d || c === 0x5e || c === 0x2e || c === 0x2c || c === 0x20 || c === 0x09)
      continue;
    if (c === 0x0a || c === 0x0d || c === 0x7f || c <= 0x1f || c & 0x80) return 2;
    q = 1;
  }
  return q;
}

/** yaml::escape for a double-quoted scalar (printable non-ASCII kept as is). */
function escapeDouble(s: string): string {
  const short: Record<number, string> = {
    0: '0',
    7: 'a',
    8: 'b',
    9: 't',
    10: 'n',
    11: 'v',
    12: 'f',
    13: 'r',
    27: 'e',
  };
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (c in short) out += '\\' + short[c];
    else if (c < 0x20) out += '\\x' + c.toString(16).toUpperCase().padStart(2, '0');
    else if (c < 0x80) out += ch;
    else if (c === 0x85) out += '\\N';
    else if (c === 0xa0) out += '\\_';
    else if (c === 0x2028) out += '\\L';
    else if (c === 0x2029) out += '\\P';
    else if (!/[\p{C}]/u.test(ch)) out += ch;
    else {
      const h = c.toString(16).toUpperCase();
      out +=
        h.length <= 2
          ? '\\x' + h.padStart(2, '0')
          : h.length <= 4
            ? '\\u' + h.padStart(4, '0')
            : '\\U' + h.padStart(8, '0');
    }
  }
  return out;
}

/** raw_ostream << double: printf %e, with nan and INF spelled LLVM's way. */
function formatDouble(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-INF' : 'INF';
  const [m, e] = v.toExponential(6).split('e');
  const exp = Math.abs(Number(e));
  return `${Object.is(v, -0) ? '-' : ''}${m}e${e[0] === '-' ? '-' : '+'}${String(exp).padStart(2, '0')}`;
}

const scalarText = (v: MetadataValue): string =>
  v === null ? '' : v instanceof MetadataFloat ? formatDouble(v.value) : String(v);

const kindOf = (v: MetadataValue | { error: string }): string =>
  v === null
    ? 'nil'
    : typeof v === 'number' || typeof v === 'bigint'
      ? 'int'
      : v instanceof MetadataFloat
        ? 'float'
        : typeof v === 'object' && 'error' in v
          ? 'error'
          : typeof v;

/** ScalarDocNode::getYAMLTag: a tag only when re-reading the text would give another kind. */
function yamlTag(v: MetadataValue, text: string): string {
  if (v === null) return '!nil';
  const k = kindOf(v);
  if (kindOf(scalarFromYaml(text)) === k) return '';
  return k === 'string' ? '!str' : k === 'int' ? '!int' : k === 'boolean' ? '!bool' : '!float';
}

const enc = new TextEncoder();
type State = 'mapFirst' | 'mapOther' | 'seqFirst' | 'seqOther';

/** The YAML document LLVM's yaml::Output writes for a msgpack document (`---` ... `...`). */
export function documentToYaml(root: MetadataValue): string {
  const out: string[] = [];
  const stack: State[] = [];
  let padding = '\n';
  let paddingBefore = '';
  const inSeq = (s: State | undefined) => s === 'seqFirst' || s === 'seqOther';
  const newLineCheck = (emptySeq = false): void => {
    if (padding !== '\n') {
      out.push(padding);
      padding = '';
      return;
    }
    out.push('\n');
    padding = '';
    if (stack.length === 0 || emptySeq) return;
    let indent = stack.length - 1;
    let dash = false;
    const top = stack[stack.length - 1];
    if (inSeq(top)) {
      dash = true;
      // The first element of a sequence inside a sequence starts on its parent's dash line: "- - x".
      if (top === 'seqFirst' && stack.length > 1 && inSeq(stack[stack.length - 2])) {
        indent--;
        out.push('  '.repeat(indent) + '- - ');
        return;
      }
    } else if (stack.length > 1 && top === 'mapFirst' && inSeq(stack[stack.length - 2])) {
      indent--;
      dash = true;
    }
    out.push('  '.repeat(indent) + (dash ? '- ' : ''));
  };
  const upToEol = (s: string): void => {
    out.push(s);
    padding = '\n';
  };
  const scalar = (v: MetadataValue): void => {
    const text = scalarText(v);
    const tag = yamlTag(v, text);
    if (tag) {
      newLineCheck();
      out.push(tag + ' ');
    }
    newLineCheck();
    const q = typeof v === 'string' ? needsQuotes(text, enc.encode(text)) : 0;
    if (text === '') upToEol("''");
    else if (q === 0) upToEol(text);
    else if (q === 2) upToEol(`"${escapeDouble(text)}"`);
    else upToEol(`'${text.replaceAll("'", "''")}'`);
  };
  const node = (v: MetadataValue): void => {
    if (Array.isArray(v)) {
      stack.push('seqFirst');
      paddingBefore = padding;
      padding = '\n';
      for (const e of v) {
        node(e);
        if (stack[stack.length - 1] === 'seqFirst') stack[stack.length - 1] = 'seqOther';
      }
      if (stack[stack.length - 1] === 'seqFirst') {
        padding = paddingBefore;
        newLineCheck(true);
        out.push('[]');
        padding = '\n';
      }
      stack.pop();
    } else if (typeof v === 'object' && v !== null && !(v instanceof MetadataFloat)) {
      stack.push('mapFirst');
      paddingBefore = padding;
      padding = '\n';
      for (const k of Object.keys(v)
        .filter((key) => v[key] !== undefined)
        .sort(compareKeys)) {
        newLineCheck();
        out.push(k + ':');
        padding = k.length < 16 ? ' '.repeat(16 - k.length) : ' ';
        node(v[k] as MetadataValue);
        if (stack[stack.length - 1] === 'mapFirst') stack[stack.length - 1] = 'mapOther';
      }
      if (stack[stack.length - 1] === 'mapFirst') {
        padding = paddingBefore;
        newLineCheck();
        out.push('{}');
        padding = '\n';
      }
      stack.pop();
    } else scalar(v);
  };
  upToEol('---');
  node(root);
  out.push('\n...\n');
  return out.join('');
}

/** The YAML llvm-readelf prints for the metadata. */
export function metadataToYaml(md: CodeObjectMetadata): string {
  return documentToYaml(metadataToDocument(md));
}

// ---- input (yaml::Input into a DocNode) -------------------------------------------------------------

/** Parses YAML text into a msgpack document with LLVM's scalar typing; keys must read as strings. */
export function yamlToDocument(text: string, fileName: string): MetadataValue {
  const fail = (path: string, problem: string): never => {
    throw new ElfError(fileName, path || '<root>', problem);
  };
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: true, strict: false });
  if (doc.errors.length) fail('YAML', doc.errors[0].message.split('\n')[0]);
  const conv = (n: Node | null | undefined, path: string): MetadataValue => {
    if (isMap(n)) {
      const m: MetadataMap = {};
      for (const pair of n.items) {
        const k = pair.key;
        if (!isScalar(k) || typeof k.value !== 'string') return fail(path, 'a map key is not a scalar');
        const key = k.value;
        const typed = scalarFromYaml(key);
        if (typeof typed !== 'string')
          fail(keyPath(path, key), 'a key that does not read as a string is not supported');
        Object.defineProperty(m, key, {
          value: conv(pair.value as Node | null, keyPath(path, key)),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return m;
    }
    if (isSeq(n)) return n.items.map((e, i) => conv(e as Node | null, `${path}[${i}]`));
    if (isScalar(n) && typeof n.value === 'string') {
      const [start, valueEnd] = n.range ?? [0, 0];
      if (n.type === 'PLAIN' && start === valueEnd && n.tag === undefined) fail(path, 'value is empty');
      const v = scalarFromYaml(n.value, n.tag ?? '');
      if (v !== null && typeof v === 'object' && 'error' in v)
        return fail(path, `${v.error}: ${JSON.stringify(n.value)}`);
      return v as MetadataValue;
    }
    return fail(path, n ? 'aliases and complex nodes are not supported' : 'value is empty');
  };
  return conv(doc.contents as Node | null, '');
}

/**
 * Metadata from YAML, as llvm-mc reads an .amdgpu_metadata block: LLVM's scalar typing, then its
 * non-strict verifier, which re-types strings under known keys (e.g. `!str 8` as a size is 8).
 */
export function metadataFromYaml(text: string, fileName: string): CodeObjectMetadata {
  const doc = yamlToDocument(text, fileName);
  const bad = verifyMetadata(doc, (s) => {
    const v = scalarFromYaml(s);
    return typeof v === 'object' && v !== null && 'error' in v ? s : (v as MetadataValue);
  });
  if (bad) throw new ElfError(fileName, bad.path, bad.problem);
  return metadataFromDocument(doc as MetadataMap, fileName);
}
