// Hermetic tier of the csmith-lite differential tester: the committed corpus under test/difftest/ (random
// OpenCL C programs from scripts/randkernel.ts, compiled by clang-22 for gfx900/gfx908 at -O0/-O3 by
// scripts/build-difftest-corpus.sh) is run on the emulator and compared word for word with the host
// interpreter's evaluation of the program's AST. No LLVM needed. `npm test` runs each program's
// interpretation and one of its four objects on one engine, rotating over the programs so that each of
// the four (gfx900/gfx908 x -O0/-O3) runs on the translating engine and on the interpreter for some of
// them; the slow tier runs all four on both engines.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compare, parseProgram, runOnEmulator } from '../scripts/difftest.js';
import {
  builtinResult,
  conv,
  type Expr,
  interpret,
  makeInputs,
  type Program,
  type Ty,
  uac,
  type Value,
} from '../scripts/randkernel.js';
import { SLOW, sampled } from './helpers/tier.js';

/** Evaluates one expression through the interpreter (as the only output of a one-item program). */
function interpretExpr(e: Expr): Value {
  const p: Program = {
    seed: 0,
    nin: 1,
    inTypes: ['int'],
    body: [{ k: 'decl', name: 'r', ty: e.ty, e }],
    outputs: [{ name: 'r', ty: e.ty }],
    block: 1,
    grid: 1,
    sarg: 0,
  };
  const w = interpret(p, new BigUint64Array(1))[0];
  if (e.ty === 'double') return new Float64Array(new BigUint64Array([w]).buffer)[0];
  if (e.ty === 'float') return new Float32Array(new Uint32Array([Number(w)]).buffer)[0];
  return conv(w, 'ulong', e.ty);
}

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'difftest');
const files = readdirSync(DIR);
const programs = files.filter((f) => /^seed-\d+\.json$/.test(f)).sort();

test('difftest corpus is present', () => {
  assert.ok(programs.length >= 20, `${programs.length} programs in ${DIR}`);
  for (const f of programs) {
    const base = f.replace(/\.json$/, '');
    const objs = files.filter((g) => g.startsWith(`${base}-`) && g.endsWith('.hsaco'));
    assert.equal(objs.length, 4, `${base}: ${objs.join(' ')}`);
  }
});

for (const [i, f] of programs.entries()) {
  const base = f.replace(/\.json$/, '');
  test(`difftest ${base}`, () => {
    const p = parseProgram(readFileSync(join(DIR, f), 'utf8'));
    const inputs = makeInputs(p);
    const want = interpret(p, inputs);
    const objs = files.filter((g) => g.startsWith(`${base}-`) && g.endsWith('.hsaco')).sort();
    for (const [k, obj] of objs.entries()) {
      // One object on one engine, rotating: object i mod 4, the engine changing every 4 programs, so that
      // every object kind runs on both engines (all four on both when slow).
      for (const [e, engine] of (['jit', 'interpreter'] as const).entries()) {
        if (!(sampled(i, k, objs.length) && (SLOW || e === Math.floor(i / objs.length) % 2))) continue;
        const got = runOnEmulator(p, new Uint8Array(readFileSync(join(DIR, obj))), inputs, engine);
        const d = compare(p, got, want);
        assert.equal(
          d,
          undefined,
          d &&
            `${obj} (${engine}): item ${d.item} output ${d.slot} (${d.name}: ${d.ty}) expected 0x${d.expected.toString(16)}, got 0x${d.got.toString(16)}`,
        );
      }
    }
  });
}

test('difftest interpreter: C conversions and OpenCL builtins', () => {
  assert.equal(uac('uchar', 'short'), 'int');
  assert.equal(uac('int', 'uint'), 'uint');
  assert.equal(uac('uint', 'long'), 'long');
  assert.equal(uac('long', 'ulong'), 'ulong');
  assert.equal(uac('ulong', 'half'), 'half');
  assert.equal(uac('half', 'float'), 'float');
  assert.equal(conv(-1n, 'int', 'uint'), 0xffffffffn);
  assert.equal(conv(300n, 'int', 'char'), 44n);
  assert.equal(conv(2 ** 31, 'double', 'int'), 0n); // out of range: the f2i helpers give 0
  assert.equal(conv(-0.9, 'double', 'uint'), 0n);
  assert.equal(conv((1n << 53n) + 1n, 'long', 'double'), 2 ** 53); // ties to even
  assert.equal(conv(16777217n, 'int', 'float'), 16777216);
  assert.equal(conv(65520n, 'int', 'half'), Number.POSITIVE_INFINITY);
  const call = (fn: string, ty: Ty, ...args: Value[]) =>
    interpretExpr({
      k: 'call',
      ty: builtinResult(fn, ty),
      fn,
      argTy: ty,
      args: args.map((v) => ({ k: 'const', ty, v })),
    });
  assert.equal(call('hadd', 'int', -3n, 0n), -2n);
  assert.equal(call('rhadd', 'int', -3n, 0n), -1n);
  assert.equal(call('abs_diff', 'char', -128n, 127n), 255n);
  assert.equal(call('add_sat', 'uchar', 200n, 100n), 255n);
  assert.equal(call('sub_sat', 'short', -32768n, 1n), -32768n);
  assert.equal(call('mul_hi', 'int', -1n, 1n), -1n);
  assert.equal(call('rotate', 'uchar', 0x81n, 9n), 0x03n);
  assert.equal(call('clz', 'short', 1n), 15n);
  assert.equal(call('ctz', 'uint', 0n), 32n);
  assert.equal(call('popcount', 'char', -1n), 8n);
  assert.equal(call('mad24', 'int', 0xffffffn, 2n, 5n), 3n); // 0xffffff is -1 as a 24-bit value
  assert.equal(call('rint', 'double', 2.5), 2);
  assert.ok(Object.is(call('rint', 'float', -0.5), -0));
  assert.equal(call('fma', 'float', 1 + 2 ** -23, 1 - 2 ** -23, -1), -(2 ** -46));
  assert.equal(
    interpretExpr({
      k: 'call',
      ty: 'int',
      fn: 'convert_int_sat',
      argTy: 'float',
      args: [{ k: 'const', ty: 'float', v: 3e9 }],
    }),
    2147483647n,
  );
});
