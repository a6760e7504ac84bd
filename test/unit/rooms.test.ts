import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rooms (docs/architecture.md): src/schema is the language both sides speak and imports
 * neither; src/server and src/web never import each other. Every relative import is resolved.
 */
const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [p] : [];
  });
}

/** The room of a file under src/ (schema, server, web), or null. */
const roomOf = (file: string) => path.relative(src, file).split(path.sep)[0];

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;

function crossings(room: string, forbidden: string[]): string[] {
  const found: string[] = [];
  for (const file of files(path.join(src, room))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec?.startsWith('.')) continue;
      const target = roomOf(path.resolve(path.dirname(file), spec));
      if (forbidden.includes(target)) found.push(`${path.relative(root, file)} imports ${spec}`);
    }
  }
  return found;
}

describe('the rooms of src/', () => {
  it('the server never imports the web app', () => expect(crossings('server', ['web'])).toEqual([]));
  it('the web app never imports the server', () => expect(crossings('web', ['server'])).toEqual([]));
  it('the schema language imports neither', () => expect(crossings('schema', ['server', 'web'])).toEqual([]));
  it('sees a crossing when there is one', () => {
    // The resolver itself: a path climbing out of src/server into src/web is one.
    expect(roomOf(path.resolve(path.join(src, 'server/modules/x'), '../../../web/app/config'))).toBe('web');
    expect(roomOf(path.resolve(path.join(src, 'server'), './modules/web/seed'))).toBe('server');
  });
});
