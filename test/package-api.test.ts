// The library's own entries (src/api): assemble with its readFile hook and link step, disassemble,
// readCodeObject and link, and the path arithmetic `.include` uses in place of node:path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dirname, joinPath } from '../src/asm/path.js';
import { assemble, disassemble, ElfError, link, readCodeObject } from '../src/index.js';
import { supportedNames } from '../src/isa/processors.js';
import { SCALE_INCLUDE, SCALE_SOURCE } from './helpers/library-kernel.js';

test('joinPath and dirname fold . and .. as POSIX does, without node:path', () => {
  assert.equal(joinPath('.', 'a.inc'), 'a.inc');
  assert.equal(joinPath('src/asm', '../inc/./a.inc'), 'src/inc/a.inc');
  assert.equal(joinPath('a', '../../b.inc'), '../b.inc');
  assert.equal(joinPath('/work/src', '/abs/x.inc'), '/abs/x.inc');
  assert.equal(joinPath('/', '../x.inc'), '/x.inc');
  assert.equal(dirname('main.s'), '.');
  assert.equal(dirname('src/k/main.s'), 'src/k');
  assert.equal(dirname('/main.s'), '/');
});

test('.include goes through readFile, relative to the including file, nested includes to theirs', () => {
  const files: Record<string, string> = {
    'k/inc/a.inc': '.include "b/b.inc"\nA = 1\n',
    'k/inc/b/b.inc': 'B = 2\n',
  };
  const asked: string[] = [];
  const r = assemble('.include "inc/a.inc"\n.byte A + B\n', {
    mcpu: 'gfx900',
    fileName: 'k/main.s',
    readFile: (p) => {
      asked.push(p);
      if (!(p in files)) throw new Error(`no ${p}`);
      return files[p];
    },
  });
  assert.equal(r.messages, '');
  assert.deepEqual(asked, ['k/inc/a.inc', 'k/inc/b/b.inc']);
  assert.ok(r.object && r.object.length > 64);
  assert.equal(r.codeObject, undefined, 'no kernels: nothing to link');
});

test('without readFile an .include is the error llvm-mc gives for a missing file', () => {
  const r = assemble(SCALE_SOURCE, { mcpu: 'gfx908', fileName: 'scale.s' });
  assert.equal(r.ok, false);
  assert.equal(r.object, undefined);
  assert.match(r.messages, /^scale\.s:3:10: error: Could not find include file 'inc\/scale\.inc'$/m);
});

test('assemble links a source with kernels into a code object; link() gives the same bytes', () => {
  const r = assemble(SCALE_SOURCE, { mcpu: 'gfx908', readFile: () => SCALE_INCLUDE, listing: true });
  assert.ok(r.ok && r.object && r.codeObject, r.messages);
  assert.deepEqual(r.kernels, ['scale']);
  assert.match(r.listing ?? '', /global_store_dword v1, v2, s\[6:7\]\s+; encoding: \[/);
  assert.deepEqual(link([{ name: 'scale.o', bytes: r.object }]), r.codeObject);
  const info = readCodeObject(r.codeObject, 'scale.hsaco');
  assert.equal(info.target.processor, 'gfx908');
  assert.equal(info.header.type, 'ET_DYN');
  const rel = readCodeObject(r.object);
  assert.equal(rel.header.type, 'ET_REL');
  assert.equal(
    assemble(SCALE_SOURCE, { mcpu: 'gfx908', readFile: () => SCALE_INCLUDE, link: false }).codeObject,
    undefined,
  );
});

test('a link error is a diagnostic, not an exception', () => {
  // Without its include, SCALE_SHIFT is an undefined symbol: llvm-mc leaves a relocation that ld.lld
  // refuses in a shared object.
  const r = assemble(SCALE_SOURCE.replace('.include "inc/scale.inc"\n', ''), { mcpu: 'gfx908' });
  assert.equal(r.ok, false);
  assert.ok(r.object, 'the relocatable object is still made');
  assert.equal(r.codeObject, undefined);
  assert.match(
    r.messages,
    /^<unknown>:0: error: .*R_AMDGPU_ABS32 cannot be used against symbol 'SCALE_SHIFT'/,
  );
  assert.equal(r.messages.trim().split('\n').length, 1, r.messages);
});

test('bad input: an unknown mcpu is a one-line TypeError; bytes that are no ELF are an ElfError', () => {
  assert.throws(
    () => assemble('s_endpgm', { mcpu: 'gfx1100' as 'gfx900' }),
    (e: Error) =>
      e instanceof TypeError &&
      e.message.includes(`mcpu must be one of ${supportedNames().join(', ')} (got gfx1100)`) &&
      !e.message.includes('\n'),
  );
  const junk = new Uint8Array(100).fill(7);
  for (const f of [() => disassemble(junk), () => readCodeObject(junk), () => link([junk])])
    assert.throws(f, (e: Error) => e instanceof ElfError && !e.message.includes('\n'));
});

test('the entry exports the names docs/library.md lists', async () => {
  const lib = await import('../src/index.js');
  for (const name of [
    'Device',
    'Module',
    'LaunchError',
    'DispatchError',
    'DEFAULT_MEMORY_LIMIT',
    'DEFAULT_BUDGET',
    'DEFAULT_PROGRESS_INTERVAL',
    'assemble',
    'disassemble',
    'readCodeObject',
    'link',
    'isaTable',
    'TARGETS',
    'isTarget',
    'ElfError',
  ])
    assert.ok(name in lib, `${name} is not exported`);
  assert.equal(lib.DEFAULT_MEMORY_LIMIT, 4 * 2 ** 30);
  assert.deepEqual([...lib.TARGETS], supportedNames());
  assert.ok(lib.isTarget('gfx600') && lib.isTarget('gfx803') && !lib.isTarget('gfx90a'));
  assert.ok(lib.isaTable('gfx908').some((e) => e.name === 'v_mfma_f32_32x32x1f32' && e.executable));
});
