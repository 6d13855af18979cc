// What Device.load and Module.launch say about inputs that are not what they expect: a relocatable object,
// an object without metadata, a kernel name that is not there, a grid the AQL packet cannot hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkShared } from '../src/elf/link.js';
import { ElfFile } from '../src/elf/reader.js';
import { Device } from '../src/runtime/device.js';
import { assembleKernel, kernelObject, kernelSource } from './helpers/kernel-asm.js';
import { launchError } from './helpers/launch-error.js';

test('a relocatable object (ET_REL) is refused at load, saying to link it', () => {
  const obj = assembleKernel(kernelSource('k', '  s_nop 0'));
  // Before: it loaded, and launch said "no kernel named 'k' (kernels: none)".
  assert.match(
    launchError(() => new Device().load(obj, 'k.o'), 'object-kind').message,
    /^k\.o is a relocatable object \(ET_REL\), not a loadable code object: link it first with ld\.lld -shared/,
  );
});

test('a code object without AMDGPU metadata is refused at load, saying how to get it', () => {
  const src = kernelSource('k', '  s_nop 0').replace(/\.amdgpu_metadata[\s\S]*\.end_amdgpu_metadata\n/, '');
  assert.doesNotMatch(src, /amdgpu_metadata/);
  // Linked exactly like a good one; only the note is missing.
  const bare = linkShared([ElfFile.parse(assembleKernel(src), 'k.o')]);
  assert.match(
    launchError(() => new Device().load(bare, 'k.hsaco'), 'no-metadata').message,
    /^k\.hsaco has no AMDGPU metadata note \(NT_AMDGPU_METADATA\).*: compile it for code object v4 or v5/,
  );
});

test('an unknown kernel name is a LaunchError listing the kernels', () => {
  const mod = new Device().load(kernelObject('k', '  s_nop 0'));
  assert.match(
    launchError(() => mod.launch('nope', { grid: [1], block: [1], args: [] }), 'no-kernel').message,
    /^no kernel named 'nope' \(kernels: k\)$/,
  );
});

test('a grid dimension of 2^32 or more exceeds the AQL packet, and says so', () => {
  const mod = new Device().load(kernelObject('k', '  s_nop 0'));
  // Before: "grid[0] = 4294967296 is not a positive integer".
  assert.match(
    launchError(() => mod.launch('k', { grid: [2 ** 32], block: [64], args: [] }), 'grid').message,
    /^grid\[0\] = 4294967296 exceeds the AQL packet's 32-bit grid size/,
  );
  assert.match(
    launchError(() => mod.launch('k', { grid: [64, 0], block: [64], args: [] }), 'argument').message,
    /^grid\[1\] = 0 is not a positive integer$/,
  );
});
