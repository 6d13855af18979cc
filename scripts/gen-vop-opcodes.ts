// Extracts the per-generation opcodes of the VOP1/VOP2/VOPC/VOP3 ops of gfx6, gfx7 and gfx8 from LLVM 22
// and writes src/isa/generated/vop-opcodes.ts. Run: npx tsx scripts/gen-vop-opcodes.ts
//
// gfx8: every opcode of each encoding is disassembled with llvm-mc-22 -disassemble -mcpu=gfx803 (the
// names are LLVM's). gfx6/gfx7, which LLVM cannot disassemble: each candidate name (the CLRX tables'
// GCN 1.0/1.1 mnemonics, the gfx8 names) is assembled with llvm-mc-22 -show-encoding -mcpu=gfx600/gfx700,
// with the operands gfx8 printed for it or a small set of generic operand lists, and the opcode is read
// back from the encoding. The VOP3 (e64) opcode of a VOP1/VOP2/VOPC op is checked to be the generation's
// base plus its 32-bit opcode, so only the 32-bit opcode is stored for those.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packOpcodeRows } from '../src/isa/opcode-rows.js';
import { FCMP_PREDICATES, ICMP_PREDICATES } from '../src/isa/ops/vector-cmp.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const clrx = process.argv[2] ?? join(root, '..', '..', 'shared', 'reference', 'clrx');
const LLVM_MC = 'llvm-mc-22';

type Enc = 'vop1' | 'vop2' | 'vopc' | 'vop3';
type Table = Record<Enc, Map<number, string>>;

const VOP3_BASE: Record<string, Record<'vopc' | 'vop2' | 'vop1', number>> = {
  gfx6: { vopc: 0, vop2: 0x100, vop1: 0x180 },
  gfx7: { vopc: 0, vop2: 0x100, vop1: 0x180 },
  gfx8: { vopc: 0, vop2: 0x100, vop1: 0x140 },
};

function bytesOf(enc: string): number[] {
  return enc.split(',').map((b) => Number.parseInt(b.trim(), 16));
}

function dword(b: number[], k: number): number {
  return (b[k * 4] | (b[k * 4 + 1] << 8) | (b[k * 4 + 2] << 16) | (b[k * 4 + 3] << 24)) >>> 0;
}

/** Encoding and opcode of an instruction's bytes on a generation (by the first dword's high bits). */
function classify(gen: string, b: number[]): [Enc, number] | null {
  const w = dword(b, 0);
  if (w >>> 26 === 0x34) {
    const op = gen === 'gfx8' ? (w >>> 16) & 0x3ff : (w >>> 17) & 0x1ff;
    return ['vop3', op];
  }
  if (w >>> 25 === 0x3f) return ['vop1', (w >>> 9) & 0xff];
  if (w >>> 25 === 0x3e) return ['vopc', (w >>> 17) & 0xff];
  if (w >>> 31 === 0) return ['vop2', (w >>> 25) & 0x3f];
  return null;
}

function stripSuffix(name: string): string {
  return name.replace(/_(e32|e64|sdwa|dpp)$/, '');
}

/** Parses `\tname operands ; encoding: [..]` lines into [name, operands, bytes]. */
function parse(out: string): [string, string, number[]][] {
  const res: [string, string, number[]][] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*(\S+)\s*(.*?)\s*; encoding: \[([^\]]*)\]/.exec(line);
    if (m) res.push([m[1], m[2], bytesOf(m[3])]);
  }
  return res;
}

function run(args: string[], input: string): string {
  try {
    return execFileSync(LLVM_MC, args, {
      input,
      maxBuffer: 1 << 28,
      stdio: ['pipe', 'pipe', 'ignore'],
    }).toString();
  } catch (e) {
    // llvm-mc exits non-zero when some lines fail; what it printed for the others is still valid.
    return (e as { stdout: Buffer }).stdout.toString();
  }
}

function emptyTable(): Table {
  return { vop1: new Map(), vop2: new Map(), vopc: new Map(), vop3: new Map() };
}

/** Records name -> opcode; the e64 forms of VOP1/VOP2/VOPC ops are checked against the base. */
function record(gen: string, t: Table, e64: Map<string, number>, name: string, b: number[]): void {
  const c = classify(gen, b);
  if (c === null) return;
  const [enc, op] = c;
  if (enc === 'vop3') {
    e64.set(name, op);
    return;
  }
  const prev = t[enc].get(op);
  if (prev !== undefined && prev !== name) throw new Error(`${gen} ${enc} ${op}: ${prev} and ${name}`);
  t[enc].set(op, name);
}

function finish(gen: string, t: Table, e64: Map<string, number>): void {
  const base = VOP3_BASE[gen];
  const promoted = new Set<string>();
  for (const enc of ['vop1', 'vop2', 'vopc'] as const) {
    for (const [op, name] of t[enc]) {
      const o3 = e64.get(name);
      if (o3 === undefined) continue;
      if (o3 !== base[enc] + op) throw new Error(`${gen} ${name}: e64 ${o3} is not ${base[enc]} + ${op}`);
      promoted.add(name);
    }
  }
  for (const [name, op] of e64) if (!promoted.has(name)) t.vop3.set(op, name);
}

// gfx8: disassemble every opcode.
function gfx8(): [Table, Map<string, string>] {
  const lines: string[] = [];
  const hex = (w: number) =>
    [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24].map((x) => '0x' + x.toString(16)).join(',');
  const lit = hex(0x3f800000);
  for (let op = 0; op < 256; op++) {
    lines.push(hex((0x3f << 25) | (op << 9) | (1 << 17) | 0x102));
    // Ops without operands (v_nop, v_clrexcp) decode only with zero fields.
    lines.push(hex((0x3f << 25) | (op << 9)));
    lines.push(hex(((0x3e << 25) | (op << 17) | (3 << 9) | 0x102) >>> 0));
  }
  for (let op = 0; op < 64; op++) {
    const w = (op << 25) | (1 << 17) | (3 << 9) | 0x102;
    lines.push(hex(w));
    lines.push(hex(w) + ',' + lit);
  }
  for (let op = 0; op < 1024; op++) {
    lines.push(hex((0x34 << 26) | (op << 16) | 2) + ',' + hex(0x102 | (0x104 << 9) | (0x106 << 18)));
    lines.push(hex((0x34 << 26) | (op << 16)) + ',' + hex(0));
  }
  const out = run(['-disassemble', '-show-encoding', '-triple=amdgcn', '-mcpu=gfx803'], lines.join('\n'));
  const t = emptyTable();
  const e64 = new Map<string, number>();
  const text = new Map<string, string>();
  for (const [mn, ops, b] of parse(out)) {
    const name = stripSuffix(mn);
    record('gfx8', t, e64, name, b);
    if (!text.has(mn)) text.set(mn, ops);
  }
  finish('gfx8', t, e64);
  return [t, text];
}

/** Candidate mnemonics of gfx6/gfx7 from the CLRX tables (every V_* word), lower-cased. */
function clrxNames(): Set<string> {
  const names = new Set<string>();
  for (const f of ['GcnInstrsVop1.md', 'GcnInstrsVop2.md', 'GcnInstrsVop3.md', 'GcnInstrsVopc.md']) {
    for (const m of readFileSync(join(clrx, f), 'utf8').matchAll(/\bV_[A-Z0-9_]+\b/g))
      names.add(m[0].toLowerCase());
  }
  // The VOPC tables give names as patterns ({OP16}, {OP8}).
  const op16 = FCMP_PREDICATES;
  const op8 = ICMP_PREDICATES;
  for (const p of ['cmp', 'cmpx', 'cmps', 'cmpsx'])
    for (const o of op16) for (const ty of ['f16', 'f32', 'f64']) names.add(`v_${p}_${o}_${ty}`);
  for (const p of ['cmp', 'cmpx'])
    for (const o of op8)
      for (const ty of ['i16', 'u16', 'i32', 'u32', 'i64', 'u64']) names.add(`v_${p}_${o}_${ty}`);
  for (const ty of ['f16', 'f32', 'f64']) {
    names.add(`v_cmp_class_${ty}`);
    names.add(`v_cmpx_class_${ty}`);
  }
  return names;
}

/** Generic operand lists for ops gfx8 does not print: results, carry outputs, sources. */
function genericOperands(): string[] {
  const d = ['v1', 'v[2:3]', 'v[4:7]', 's1', 'vcc', 's[2:3]'];
  const s = ['v2', 'v[2:3]', 's2'];
  const list: string[] = [''];
  for (const x of d) {
    list.push(x);
    for (const a of s) {
      list.push(`${x}, ${a}`);
      for (const b of s) {
        list.push(
          `${x}, ${a}, ${b}`,
          `${x}, vcc, ${a}, ${b}`,
          `${x}, vcc, ${a}, ${b}, vcc`,
          `${x}, ${a}, ${b}, vcc`,
        );
        for (const c of s) list.push(`${x}, ${a}, ${b}, ${c}`, `${x}, s[6:7], ${a}, ${b}, ${c}`);
      }
    }
  }
  return list;
}

function older(gen: string, mcpu: string, text8: Map<string, string>): Table {
  const cands = clrxNames();
  for (const mn of text8.keys()) cands.add(stripSuffix(mn));
  const generic = genericOperands();
  const lines: string[] = [];
  for (const name of cands) {
    for (const suffix of ['', '_e32', '_e64']) {
      const mn = name + suffix;
      const t = text8.get(mn);
      if (t !== undefined) lines.push(`${mn} ${t}`);
      else for (const ops of generic) lines.push(`${mn} ${ops}`);
    }
  }
  const out = run(['-show-encoding', '-triple=amdgcn', `-mcpu=${mcpu}`], lines.join('\n'));
  const t = emptyTable();
  const e64 = new Map<string, number>();
  for (const [mn, , b] of parse(out)) record(gen, t, e64, stripSuffix(mn), b);
  finish(gen, t, e64);
  return t;
}

function emit(tables: Record<string, Table>): string {
  let s =
    '// Generated by scripts/gen-vop-opcodes.ts from llvm-mc-22 (gfx8: disassembly of every opcode; gfx6/gfx7:\n' +
    '// assembly of each candidate name). Do not edit. Each encoding lists [opcode, name] in LLVM spelling,\n' +
    "// packed (src/isa/opcode-rows.ts); vop3 lists only the VOP3-only ops (a VOP1/VOP2/VOPC op's e64 opcode\n" +
    "// is its generation's base + opcode).\n" +
    "import { type OpcodeRows, opcodeRows } from '../opcode-rows.js';\n\n" +
    'export const VOP_GEN_OPCODES: Record<\n' +
    "  'gfx6' | 'gfx7' | 'gfx8',\n" +
    "  Record<'vop1' | 'vop2' | 'vopc' | 'vop3', OpcodeRows>\n" +
    '> = {\n';
  for (const [gen, t] of Object.entries(tables)) {
    s += `  ${gen}: opcodeRows({\n`;
    for (const enc of ['vop1', 'vop2', 'vopc', 'vop3'] as const) {
      const rows = [...t[enc]].sort((a, b) => a[0] - b[0]);
      s += `    ${enc}:\n      '${packOpcodeRows(rows)}',\n`;
    }
    s += '  }),\n';
  }
  return s + '};\n';
}

const [t8, text8] = gfx8();
const t6 = older('gfx6', 'gfx600', text8);
const t7 = older('gfx7', 'gfx700', text8);
writeFileSync(join(root, 'src/isa/generated/vop-opcodes.ts'), emit({ gfx6: t6, gfx7: t7, gfx8: t8 }));
for (const [g, t] of Object.entries({ gfx6: t6, gfx7: t7, gfx8: t8 }))
  console.log(
    g,
    Object.entries(t)
      .map(([k, v]) => `${k}=${v.size}`)
      .join(' '),
  );
