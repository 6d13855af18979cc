// Shared by the memory op tables: the rows of a family with their per-generation opcodes (gfx6-8 from
// the CLRX tables via memory-opcodes.ts, gfx9 from the Vega document's table), and per-processor lookups
// memoised for the per-instruction paths.
import { DOC_OPCODES } from '../generated/doc-opcodes.js';
import type { OpRow } from '../ops.js';
import { type Feature, findProcessor, type Generation, type Processor } from '../processors.js';
import { MEM_OPCODES } from './memory-opcodes.js';

export interface NamedOpcodes {
  name: string;
  opcodes: Partial<Record<Generation, number>>;
  requires?: Feature;
}

/**
 * The ops of a family in first-seen order: gfx9's document table (`doc`), then the older generations'
 * (`clrx`), merged by name. `extra` adds ops neither table lists (with the feature they need).
 */
export function mergedOpcodes(
  doc: string | null,
  clrx: string | null,
  extra: readonly NamedOpcodes[] = [],
  skip: (name: string, g: Generation) => boolean = () => false,
): NamedOpcodes[] {
  const byName = new Map<string, NamedOpcodes>();
  const at = (name: string): NamedOpcodes => {
    let r = byName.get(name);
    if (r === undefined) {
      r = { name, opcodes: {} };
      byName.set(name, r);
    }
    return r;
  };
  if (doc !== null)
    for (const [opc, name] of DOC_OPCODES[doc]) if (!skip(name, 'gfx9')) at(name).opcodes.gfx9 = opc;
  if (clrx !== null) {
    for (const [name, g6, g7, g8] of MEM_OPCODES[clrx]) {
      const r = at(name);
      if (g6 >= 0 && !skip(name, 'gfx6')) r.opcodes.gfx6 = g6;
      if (g7 >= 0 && !skip(name, 'gfx7')) r.opcodes.gfx7 = g7;
      if (g8 >= 0 && !skip(name, 'gfx8')) r.opcodes.gfx8 = g8;
    }
  }
  for (const e of extra) {
    const r = at(e.name);
    Object.assign(r.opcodes, e.opcodes);
    if (e.requires) r.requires = e.requires;
  }
  return [...byName.values()].filter((r) => Object.keys(r.opcodes).length > 0);
}

/**
 * A per-processor derived table, built on first use and memoised; the last lookup is cached so the
 * per-instruction path costs a string compare.
 */
export function perProcessor<T>(build: (p: Processor) => T): (target: string) => T {
  const made = new Map<string, T>();
  let lastName = '';
  let last: T | undefined;
  return (target: string): T => {
    if (target === lastName) return last as T;
    let v = made.get(target);
    if (v === undefined) {
      const p = findProcessor(target);
      if (p === undefined) throw new Error(`internal: no processor record for ${target}`);
      v = build(p);
      made.set(target, v);
    }
    lastName = target;
    last = v;
    return v;
  };
}

/** Rows present on the processor. */
export function rowsOn<R extends OpRow>(rows: readonly R[], p: Processor): R[] {
  return rows.filter(
    (r) => (r.requires === undefined || p.features.has(r.requires)) && r.opcodes[p.generation] !== undefined,
  );
}
