// Facts about src/ read with TypeScript's parser: each module's runtime imports (type-only ones are
// erased and cannot form a cycle at run time), the Node-only names it uses, and the import cycles.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type ts from 'typescript';

export const SRC = resolve(import.meta.dirname, '../../src');

/** Globals that exist in Node and not in browsers. */
const NODE_GLOBALS = new Set([
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
  'clearImmediate',
]);
const BUILTINS = new Set(builtinModules);

export interface SourceFacts {
  /** Path relative to src/, with `/`. */
  readonly file: string;
  /** Relative imports that survive compilation, as paths relative to src/ (.ts). */
  readonly imports: string[];
  /** `line: what` for each node:* / builtin import and each use of a Node global. */
  readonly nodeUses: string[];
}

let api: typeof ts | undefined;

/**
 * TypeScript's compiler API, loaded on first use and by require(): an ESM import of its 9 MB CommonJS
 * file costs about 0.9 s more of CPU (cjs-module-lexer scans it for its exports), and importers of SRC
 * alone (the browser bundle's tests) need none of it.
 */
export function typescript(): typeof ts {
  api ??= createRequire(import.meta.url)('typescript') as typeof ts;
  return api;
}

/** The syntax tree of the module at `path` (with parent links), from `text` or the file. */
export function parseSource(path: string, text = readFileSync(path, 'utf8')): ts.SourceFile {
  const t = typescript();
  return t.createSourceFile(path, text, t.ScriptTarget.ES2022, true, t.ScriptKind.TS);
}

export function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out.sort();
}

function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  const ts = typescript();
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const c = node.exportClause;
    return !!c && ts.isNamedExports(c) && c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly);
  }
  const c = node.importClause;
  if (!c) return false;
  if (c.isTypeOnly) return true;
  if (c.name) return false;
  const b = c.namedBindings;
  return !!b && ts.isNamedImports(b) && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
}

/** An identifier that names a variable (not a property, key or declared member). */
function isReference(id: ts.Identifier): boolean {
  const ts = typescript();
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) &&
    p.name === id
  )
    return false;
  if ((ts.isPropertySignature(p) || ts.isMethodSignature(p) || ts.isEnumMember(p)) && p.name === id)
    return false;
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.propertyName === id) return false;
  return true;
}

/** The facts of the module at `path`, from its syntax tree `sf` (parsed here when not given). */
export function sourceFacts(path: string, sf = parseSource(path)): SourceFacts {
  const ts = typescript();
  const imports: string[] = [];
  const nodeUses: string[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const spec = (s: string, n: ts.Node, erased: boolean) => {
    if (s.startsWith('node:') || BUILTINS.has(s)) nodeUses.push(`${line(n)}: import '${s}'`);
    else if (s.startsWith('.') && !erased) {
      const target = resolve(dirname(path), s.replace(/\.js$/, '.ts'));
      imports.push(relative(SRC, target).split('\\').join('/'));
    }
  };
  const visit = (n: ts.Node): void => {
    if (
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    )
      spec(n.moduleSpecifier.text, n, typeOnly(n));
    else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const a = n.arguments[0];
      if (a && ts.isStringLiteral(a)) spec(a.text, n, false);
    } else if (ts.isIdentifier(n) && NODE_GLOBALS.has(n.text) && isReference(n))
      nodeUses.push(`${line(n)}: ${n.text}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { file: relative(SRC, path).split('\\').join('/'), imports, nodeUses };
}

/** Every cycle of runtime imports, one per strongly connected component, as `a -> b -> ... -> a`. */
export function importCycles(facts: readonly SourceFacts[]): string[] {
  const graph = new Map(facts.map((f) => [f.file, f.imports]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  let next = 0;
  // Tarjan's algorithm; the graph is a few hundred modules, so recursion depth is no concern.
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.includes(v)) cycles.push(cyclePath(scc, graph));
  };
  for (const f of graph.keys()) if (!index.has(f)) connect(f);
  return cycles;
}

/** The shortest cycle through the component's first module (breadth-first), for the failure message. */
function cyclePath(scc: string[], graph: Map<string, string[]>): string {
  const members = new Set(scc);
  const start = [...members].sort()[0];
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const at = queue.shift() as string;
    for (const n of graph.get(at) ?? []) {
      if (!members.has(n)) continue;
      if (n === start) {
        const path = [start];
        for (let p: string | undefined = at; p !== start && p !== undefined; p = from.get(p))
          path.splice(1, 0, p);
        return [...path, start].join(' -> ');
      }
      if (!from.has(n)) {
        from.set(n, at);
        queue.push(n);
      }
    }
  }
  return scc.join(', ');
}
