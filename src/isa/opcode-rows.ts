// The generated opcode tables (generated/doc-opcodes.ts, generated/vop-opcodes.ts) are stored as one
// string per table, to keep the browser bundle small: 2,301 [opcode, name] rows written out as array
// literals were 3.8 KB more of it gzipped. A table's string is its names in opcode order, separated by
// spaces; a number before a name gives that name's opcode, and a name without one takes the previous
// opcode + 1 (the first, 0). Names start with a letter.

export type OpcodeRows = readonly (readonly [number, string])[];

/** The rows of each packed table (packOpcodeRows' inverse), in opcode order. */
export function opcodeRows<K extends string>(tables: Record<K, string>): Record<K, OpcodeRows> {
  const out = {} as Record<K, OpcodeRows>;
  for (const k in tables) {
    const rows: [number, string][] = [];
    let op = 0;
    for (const t of tables[k].split(' ')) {
      if (t < 'a') op = Number(t);
      else rows.push([op++, t]);
    }
    out[k] = rows;
  }
  return out;
}

/** One table's string for opcodeRows; rows in ascending opcode order. */
export function packOpcodeRows(rows: OpcodeRows): string {
  const t: string[] = [];
  let next = 0;
  for (const [op, name] of rows) {
    if (op < next || !/^[a-z]/.test(name)) throw new Error(`cannot pack [${op}, ${name}]`);
    if (op !== next) t.push(String(op));
    t.push(name);
    next = op + 1;
  }
  return t.join(' ');
}
