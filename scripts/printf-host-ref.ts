// Helper of scripts/build-printf-fixtures.sh: `printf-host-ref.ts OUT.c c` writes a C program that prints
// every formatter case of test/helpers/printf-cases.ts with the host C library's printf, each result followed
// by "\x01\n"; `printf-host-ref.ts RESULTS json` turns that program's output into the JSON fixture.
import { readFileSync, writeFileSync } from 'node:fs';
import { formatCases } from '../test/helpers/printf-cases.js';

const [file, mode] = process.argv.slice(2);
const cases = formatCases();
if (mode === 'c') {
  const lines = ['#include <stdio.h>', '#include <stdint.h>', '#include <string.h>', 'int main(void) {'];
  for (const c of cases) {
    const fmt = JSON.stringify(c.fmt);
    const a = c.arg;
    let call: string;
    switch (a.t) {
      case 'i32':
        call = `printf(${fmt}, (int)${a.v === '-2147483648' ? '(-2147483647 - 1)' : a.v})`;
        break;
      case 'u32':
        call = `printf(${fmt}, (unsigned)${a.v}u)`;
        break;
      case 'i64':
        call = `printf(${fmt}, (long long)${a.v === '-9223372036854775808' ? '(-9223372036854775807LL - 1)' : a.v + 'LL'})`;
        break;
      case 'u64':
        call = `printf(${fmt}, (unsigned long long)${a.v}ULL)`;
        break;
      case 'f64':
        call = `{ uint64_t b = 0x${a.bits}ULL; double x; memcpy(&x, &b, 8); printf(${fmt}, x); }`;
        break;
      case 'f32':
        call = `{ uint32_t b = 0x${a.bits}u; float x; memcpy(&x, &b, 4); printf(${fmt}, x); }`;
        break;
      case 'str':
        call = `printf(${fmt}, ${JSON.stringify(a.v)})`;
        break;
    }
    lines.push(`  ${call}; fputs("\\x01\\n", stdout);`);
  }
  lines.push('  return 0;', '}');
  writeFileSync(file, lines.join('\n') + '\n');
} else if (mode === 'json') {
  const parts = readFileSync(file, 'latin1').split('\x01\n');
  parts.pop();
  if (parts.length !== cases.length) throw new Error(`${parts.length} results for ${cases.length} cases`);
  process.stdout.write(JSON.stringify(parts, null, 0).replace(/","/g, '",\n"') + '\n');
} else {
  throw new Error('usage: printf-host-ref.ts FILE c|json');
}
