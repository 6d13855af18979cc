// Live (GCNKIT_LIVE=1, clang-22 and ld.lld-22): every part of the device-only HIP header
// examples/hip/gcnkit_hip.h does what HIP's does. A kernel that records threadIdx, blockIdx, blockDim and
// gridDim in all three dimensions and exercises the atomics and fences is compiled for each target with
// the header (as docs/compile.md compiles HIP) and run on the emulator over a 3D grid.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Device } from '../../src/runtime/device.js';

const have = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const live = process.env.GCNKIT_LIVE === '1' && ['clang-22', 'ld.lld-22'].every(have);
const skip = live ? false : 'needs GCNKIT_LIVE=1, clang-22 and ld.lld-22';
const header = join(import.meta.dirname, '..', '..', 'examples', 'hip');
const tmp = mkdtempSync(join(tmpdir(), 'gcnkit-live-hip-header-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const SOURCE = `#include "gcnkit_hip.h"
extern "C" __global__ void probe(unsigned *ids, int *acc, float *facc) {
  unsigned flat = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned g = block * (blockDim.x * blockDim.y * blockDim.z) + flat;
  ids[g * 4 + 0] = threadIdx.x | threadIdx.y << 8 | threadIdx.z << 16;
  ids[g * 4 + 1] = blockIdx.x | blockIdx.y << 8 | blockIdx.z << 16;
  ids[g * 4 + 2] = blockDim.x | blockDim.y << 8 | blockDim.z << 16;
  ids[g * 4 + 3] = gridDim.x | gridDim.y << 8 | gridDim.z << 16;
  atomicAdd(&acc[0], 1);
  atomicMax(&acc[1], (int)g);
  atomicMin(&acc[2], -(int)g);
  atomicExch(&acc[3], 7);
  atomicCAS(&acc[4], 0, (int)g + 1);
  atomicAdd(&facc[0], 0.5f);
  __threadfence();
  __threadfence_block();
}
`;

const BLOCK = [4, 3, 2];
const BLOCKS = [2, 3, 2];
const N = BLOCK[0] * BLOCK[1] * BLOCK[2] * BLOCKS[0] * BLOCKS[1] * BLOCKS[2];
const pack = (x: number, y: number, z: number) => x | (y << 8) | (z << 16);

for (const gpu of ['gfx900', 'gfx906', 'gfx908']) {
  test(`live: the HIP header's index variables, atomics and fences on ${gpu}`, { skip }, () => {
    const src = join(tmp, 'probe.hip');
    const out = join(tmp, `probe-${gpu}.hsaco`);
    writeFileSync(src, SOURCE);
    const cc = spawnSync(
      'clang-22',
      [
        '-x',
        'hip',
        `--offload-arch=${gpu}`,
        '-nogpuinc',
        '-nogpulib',
        '--cuda-device-only',
        '--no-gpu-bundle-output',
        '-mcode-object-version=5',
        '-O3',
        `-I${header}`,
        src,
        '-o',
        out,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(cc.status, 0, cc.stderr);
    const dev = new Device();
    const mod = dev.load(readFileSync(out));
    const ids = dev.alloc(N * 16);
    const acc = dev.alloc(20);
    const facc = dev.alloc(4);
    mod.launch('probe', { grid: BLOCK.map((b, i) => b * BLOCKS[i]), block: BLOCK, args: [ids, acc, facc] });
    const got = dev.download(ids, Uint32Array);
    let g = 0;
    for (let bz = 0; bz < BLOCKS[2]; bz++)
      for (let by = 0; by < BLOCKS[1]; by++)
        for (let bx = 0; bx < BLOCKS[0]; bx++)
          for (let tz = 0; tz < BLOCK[2]; tz++)
            for (let ty = 0; ty < BLOCK[1]; ty++)
              for (let tx = 0; tx < BLOCK[0]; tx++, g++)
                assert.deepEqual(
                  Array.from(got.subarray(g * 4, g * 4 + 4)),
                  [
                    pack(tx, ty, tz),
                    pack(bx, by, bz),
                    pack(BLOCK[0], BLOCK[1], BLOCK[2]),
                    pack(BLOCKS[0], BLOCKS[1], BLOCKS[2]),
                  ],
                  `work-item ${g}`,
                );
    const a = dev.download(acc, Int32Array);
    assert.deepEqual(Array.from(a.subarray(0, 4)), [N, N - 1, -(N - 1), 7]);
    assert.ok(a[4] >= 1 && a[4] <= N, `atomicCAS: one winner, got ${a[4]}`);
    assert.equal(dev.download(facc, Float32Array)[0], N / 2);
  });
}
