import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The public site is sized for phones: its import graph, followed from site.html's entry through
 * every static and dynamic import, must not reach the back office's heavy libraries.
 */
const FORBIDDEN = /^(antd|@ant-design|@formily|ahooks|umi-request|@antv|quill|marked|mammoth|dayjs)(\/|$)/;
const root = path.resolve(import.meta.dirname);
const entry = path.join(root, 'main.tsx');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every local file reached from the entry and every package specifier imported on the way. */
function importGraph(start: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(tsx?|jsx?)$/.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    for (const m of source.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith('.')) {
        const target = resolve(file, spec);
        if (!target) throw new Error(`${path.relative(root, file)}: cannot resolve ${spec}`);
        queue.push(target);
      } else {
        packages.set(spec, path.relative(root, file));
      }
    }
  }
  return { files, packages };
}

describe('public site import graph', () => {
  const graph = importGraph(entry);

  it('follows the lazy pages (the scan really walks the graph)', () => {
    const rel = [...graph.files].map((f) => path.relative(root, f));
    expect(rel).toContain('pages/Home.tsx');
    expect(rel).toContain('pages/Detail.tsx');
    expect(rel).toContain('lib/rich-text.ts');
    expect(graph.packages.has('react-router-dom')).toBe(true);
  });

  it('imports no antd, Formily, ahooks or other back-office library', () => {
    const offending = [...graph.packages].filter(([spec]) => FORBIDDEN.test(spec)).map(([spec, file]) => `${file} imports ${spec}`);
    expect(offending).toEqual([]);
  });

  it('uses only React, react-dom and react-router-dom from node_modules', () => {
    const names = [...graph.packages.keys()].map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
    expect([...new Set(names)].sort()).toEqual(['react', 'react-dom', 'react-router-dom']);
  });

  it('reaches outside the site only for the pure runtime config and the isomorphic wire contract', () => {
    const outside = [...graph.files].map((f) => path.relative(path.resolve(root, '../../..'), f)).filter((f) => !f.startsWith('src/web/site/'));
    for (const f of outside) expect(f).toMatch(/^src\/web\/app\/config\.ts$|^src\/schema\/(site|web-site)\.ts$/);
  });

  it('would catch a forbidden import', () => {
    expect(FORBIDDEN.test('antd')).toBe(true);
    expect(FORBIDDEN.test('antd/es/button')).toBe(true);
    expect(FORBIDDEN.test('@formily/react')).toBe(true);
    expect(FORBIDDEN.test('ahooks')).toBe(true);
    expect(FORBIDDEN.test('react')).toBe(false);
  });
});
