// Packs gcnkit as a fresh clone would be packed (no dist/, so prepack must build it) and gives the
// consumer projects of the package tests: an empty folder with the package in node_modules/gcnkit.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SCALE_INCLUDE, SCALE_RUN_JS, SCALE_SOURCE } from './library-kernel.js';

export const REPO = resolve(import.meta.dirname, '../..');

/** What a clone holds that packing reads (tests, benchmarks and examples are not packed). */
const PACK_INPUTS = [
  'package.json',
  'LICENSE',
  'README.md',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts',
  'src',
];

/** npm with no registry traffic and no noise. */
export function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} (status ${r.status}):\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** Copies the pack inputs to `work/clone`, runs `npm pack` there and returns the tarball's path. */
export function packFreshClone(work: string): { tarball: string; files: string[] } {
  const clone = join(work, 'clone');
  mkdirSync(clone);
  for (const p of PACK_INPUTS) cpSync(join(REPO, p), join(clone, p), { recursive: true });
  // The build tools (esbuild, typescript) come from the repository's install, as after `npm ci`.
  symlinkSync(join(REPO, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const out = JSON.parse(npm(['pack', '--json', '--pack-destination', work], clone)) as {
    filename: string;
    files: { path: string }[];
  }[];
  return { tarball: join(work, out[0].filename), files: out[0].files.map((f) => f.path) };
}

/** An empty project with the tarball unpacked as node_modules/gcnkit and its dependencies linked. */
export function consumerProject(work: string, tarball: string, links: readonly string[]): string {
  const dir = join(work, 'consumer');
  const pkg = join(dir, 'node_modules', 'gcnkit');
  mkdirSync(pkg, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']);
  for (const name of links) {
    mkdirSync(join(dir, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
  return dir;
}

export function tempWork(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A JavaScript module that runs the shared kernel through `import ... from 'gcnkit'` and prints JSON. */
export function consumerJs(): string {
  return `import * as gcnkit from 'gcnkit';
const source = ${JSON.stringify(SCALE_SOURCE)};
const include = ${JSON.stringify(SCALE_INCLUDE)};
const result = await (async () => {${SCALE_RUN_JS}})();
console.log(JSON.stringify(result));
`;
}

/**
 * The same in TypeScript, written against the declarations: named imports from 'gcnkit' and
 * 'gcnkit/node' (assembleFile reads scale.s and its include from disk), typed options and results.
 * No Node types: the package's declarations must stand alone.
 */
export function consumerTs(): string {
  return `import { Device, type DeviceBuffer, disassemble, type LaunchResult, readCodeObject } from 'gcnkit';
import { assembleFile } from 'gcnkit/node';

declare const console: { log(text: string): void };
const asm = assembleFile('scale.s', { mcpu: 'gfx908' });
if (!asm.ok || !asm.codeObject) throw new Error(asm.messages);
const dev = new Device();
const mod = dev.load(asm.codeObject, 'scale.hsaco');
const input = new Uint32Array(256).map((_, i) => i * 7);
const inBuf: DeviceBuffer = dev.upload(input);
const outBuf: DeviceBuffer = dev.alloc(input.byteLength);
const r: LaunchResult = mod.launch('scale', { grid: [256], block: [64], args: [inBuf, outBuf] });
const out: Uint32Array = dev.download(outBuf, Uint32Array);
let wrong = 0;
for (let i = 0; i < 256; i++) if (out[i] !== ((i * 7) << 1) + 1) wrong++;
const processor: string = readCodeObject(asm.codeObject).target.processor;
console.log(JSON.stringify({ waves: r.waves, wrong, processor, lines: disassemble(asm.codeObject).split('\\n').length > 10 }));
`;
}
