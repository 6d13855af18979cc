// The documentation is in the repository and holds together: every relative link of README.md and
// docs/*.md names a file that exists (and, with #anchor, a heading of it), every docs page is linked from
// the README, and nothing in the tree cites the design document that lived outside the repository.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => join('docs', f))].filter((f) =>
  f.endsWith('.md'),
);

/** GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped, spaces to -. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

/** Markdown links [text](target) outside code blocks and code spans. */
function links(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

test('docs: every relative link of README.md and docs/*.md names an existing file and heading', () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const target of links(join(root, page))) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path, anchor] = target.split('#');
      const file = path === '' ? join(root, page) : join(root, dirname(page), path);
      if (!existsSync(file)) broken.push(`${page}: ${target}: no such file`);
      else if (anchor !== undefined && statSync(file).isFile() && !anchors(file).has(anchor))
        broken.push(`${page}: ${target}: no heading #${anchor} in ${relative(root, file)}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('docs: the README links every page of docs/', () => {
  const linked = new Set(links(join(root, 'README.md')).map((t) => t.split('#')[0]));
  const pagesOfDocs = pages.filter((p) => p.startsWith('docs'));
  assert.ok(pagesOfDocs.length >= 8, `docs/ has ${pagesOfDocs.length} pages`);
  assert.deepEqual(
    pagesOfDocs.filter((p) => !linked.has(p)),
    [],
  );
});

test('docs: no file of the tree cites the old out-of-tree design document', () => {
  // Spelled in two pieces so that this file does not match itself.
  const name = 'ARCHI' + 'TECTURE';
  const hits: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.(ts|mjs|js|sh|md|json)$/.test(e.name) && statSync(join(root, rel)).size < 1 << 20) {
        if (readFileSync(join(root, rel), 'utf8').includes(name)) hits.push(rel);
      }
    }
  };
  for (const dir of ['src', 'test', 'scripts', 'bench', 'docs', 'examples', '.ci'])
    if (existsSync(join(root, dir))) walk(dir);
  if (readFileSync(join(root, 'README.md'), 'utf8').includes(name)) hits.push('README.md');
  assert.deepEqual(hits, []);
});
