// Live tier: the descriptor text gcnkit prints for gfx6/gfx7 code objects, which llvm-objdump-22 cannot
// disassemble, assembled by llvm-mc-22 gives back the same descriptor; and the clang-22 fixtures are what
// clang-22 builds today. Runs only with GCNKIT_LIVE=1 and LLVM installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLANG_TARGETS } from '../../scripts/gen-target-fixtures.js';
import { haveLlvm, LLVM_MC } from '../../scripts/lib/llvm.js';
import { CodeObject } from '../../src/elf/code-object.js';
import { decodeKernelDescriptor, kdDirectives } from '../../src/elf/kernel-descriptor.js';
import { ElfFile } from '../../src/elf/reader.js';

const live = process.env.GCNKIT_LIVE === '1' && haveLlvm();
const SKIP = !live && 'needs GCNKIT_LIVE=1 and LLVM 22 (llvm-mc-22, clang-22)';

for (const cpu of CLANG_TARGETS) {
  test(
    `${cpu}: gcnkit's descriptor text assembled by llvm-mc-22 is the same descriptor`,
    { skip: SKIP },
    () => {
      const co = CodeObject.load(
        new Uint8Array(readFileSync(new URL(`../fixtures/targets/kernel-${cpu}.hsaco`, import.meta.url))),
        'k.hsaco',
      );
      const kd = { ...co.kernels[0].descriptor, kernelCodeEntryByteOffset: 0n };
      const text = kdDirectives(kd, 'k', cpu, 6);
      const dir = mkdtempSync(join(tmpdir(), 'gcnkit-live-targets-'));
      try {
        const s = join(dir, 'k.s');
        const o = join(dir, 'k.o');
        writeFileSync(s, `.text\n.globl k\n.p2align 8\nk:\n.long 0xbf810000\n.rodata\n.p2align 6\n${text}`);
        const r = spawnSync(
          LLVM_MC,
          ['-triple=amdgcn-amd-amdhsa', `-mcpu=${cpu}`, '-filetype=obj', s, '-o', o],
          {
            encoding: 'utf8',
          },
        );
        assert.equal(r.status, 0, r.stderr);
        assert.equal(r.stderr, '');
        const elf = ElfFile.parse(new Uint8Array(readFileSync(o)), o);
        const rodata = elf.sections.find((x) => x.name === '.rodata');
        assert.ok(rodata);
        assert.deepEqual(
          { ...decodeKernelDescriptor(elf.contents(rodata), 0), kernelCodeEntryByteOffset: 0n },
          kd,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}
