import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaError } from '../../schema/check.js';
import { loadSchemas } from './registry.js';

const SCHEMAS = path.resolve(import.meta.dirname, '../../../schemas');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of the schemas (their seed data left out) and a data dir for the stamp. */
function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
  dirs.push(root);
  fs.cpSync(SCHEMAS, path.join(root, 'schemas'), { recursive: true, filter: (src) => src !== path.join(SCHEMAS, 'seed') });
  return { dir: path.join(root, 'schemas'), file: path.join(root, 'data/schemas-checked') };
}

describe('loadSchemas trusting its last check', () => {
  it('checks, records the set, and loads the same schemas when trusting the record', () => {
    const { dir, file } = fixture();
    const checked = loadSchemas(dir, { file, build: 'b1' });
    expect(fs.existsSync(file)).toBe(true);
    const trusted = loadSchemas(dir, { file, build: 'b1' });
    expect(trusted.schemas).toEqual(checked.schemas);
    expect(loadSchemas(dir).schemas).toEqual(checked.schemas);
  });

  it('checks again when a file changed, even to something broken', () => {
    const { dir, file } = fixture();
    loadSchemas(dir, { file, build: 'b1' });
    const one = path.join(dir, 'assess/assess_plan.json');
    fs.writeFileSync(one, JSON.stringify({ ...JSON.parse(fs.readFileSync(one, 'utf8')), bogus: true }));
    expect(() => loadSchemas(dir, { file, build: 'b1' })).toThrow(SchemaError);
  });

  it('checks again under another build, and a stamp from another set is not trusted', () => {
    const { dir, file } = fixture();
    loadSchemas(dir, { file, build: 'b1' });
    const stamp = fs.readFileSync(file, 'utf8');
    loadSchemas(dir, { file, build: 'b2' });
    expect(fs.readFileSync(file, 'utf8')).not.toBe(stamp);
    fs.writeFileSync(path.join(dir, 'assess/broken.json'), '{"code": 1}');
    expect(() => loadSchemas(dir, { file, build: 'b2' })).toThrow(SchemaError);
  });
});
