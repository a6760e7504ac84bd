import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { runWithCodeCache } from '../../../scripts/code-cache.mjs';

const g = globalThis as { codeCacheRan?: string[] };
const caches = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith('.v8cache'));
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('runWithCodeCache', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
    file = path.join(dir, 'bundle.cjs');
    g.codeCacheRan = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // A module with some functions to compile, that reports which version of itself ran.
  const bundle = (tag: string) => `const add = (a, b) => a + b;\nfunction tagOf() { return ${JSON.stringify(tag)}; }\nglobalThis.codeCacheRan.push(tagOf() + add(1, 1) + __filename.endsWith('bundle.cjs') + typeof require('node:path').join);\n`;

  it('writes the cache after the first run and is served from it by the next', async () => {
    fs.writeFileSync(file, bundle('a'));
    expect(runWithCodeCache(file, { writeAfterMs: 0 }).cached).toBe(false);
    await settle();
    expect(caches(dir)).toHaveLength(1);
    expect(runWithCodeCache(file, { writeAfterMs: 0 }).cached).toBe(true);
    expect(g.codeCacheRan).toEqual(['a2truefunction', 'a2truefunction']);
  });

  it('never runs an old cache for a rebuilt bundle of the same length, and drops the old cache', async () => {
    fs.writeFileSync(file, bundle('a'));
    runWithCodeCache(file, { writeAfterMs: 0 });
    await settle();
    const [old] = caches(dir);
    // A build writes a new file; same length, other code (V8 alone would accept the old cache for it).
    fs.rmSync(file);
    fs.writeFileSync(file, bundle('b'));
    const second = runWithCodeCache(file, { writeAfterMs: 0 });
    expect(second.cached).toBe(false);
    expect(g.codeCacheRan).toEqual(['a2truefunction', 'b2truefunction']);
    await settle();
    expect(caches(dir)).toEqual([path.basename(second.cacheFile)]);
    expect(caches(dir)).not.toContain(old);
  });

  const cacheFileOf = (f: string) => {
    const st = fs.statSync(f);
    return `${f}.${st.dev}-${st.ino}-${st.size}-${Math.round(st.mtimeMs)}.v8cache`;
  };

  it('runs without a cache where it cannot write one', async () => {
    fs.writeFileSync(file, bundle('a'));
    fs.mkdirSync(`${cacheFileOf(file)}.${process.pid}.tmp`);
    expect(runWithCodeCache(file, { writeAfterMs: 0 }).cached).toBe(false);
    await settle();
    expect(caches(dir)).toEqual([]);
    expect(g.codeCacheRan).toEqual(['a2truefunction']);
  });

  it('runs a bundle whose cache V8 rejects, and writes a good one', async () => {
    fs.writeFileSync(file, bundle('a'));
    fs.writeFileSync(cacheFileOf(file), 'not a code cache');
    expect(runWithCodeCache(file, { writeAfterMs: 0 }).cached).toBe(false);
    await settle();
    expect(runWithCodeCache(file, { writeAfterMs: 0 }).cached).toBe(true);
    expect(g.codeCacheRan).toEqual(['a2truefunction', 'a2truefunction']);
  });
});
