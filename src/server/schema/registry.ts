import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkPageSchema, checkSchemaSet, SchemaError } from '../../schema/check.js';
import type { PageSchema } from '../../schema/types.js';

/**
 * The page schemas in force: the only tables and columns a client can ever reach generically. The
 * files under schemas/ are loaded at start; an online form joins when it is synced (`put`), checked
 * against the whole set exactly as a file would be.
 */
export class SchemaRegistry {
  private readonly byCode = new Map<string, PageSchema>();
  private readonly byTable = new Map<string, PageSchema>();
  /** Bumped by every change, so derived caches know to rebuild. */
  version = 0;

  constructor(schemas: PageSchema[]) {
    for (const s of schemas) this.index(s);
  }

  private index(s: PageSchema): void {
    this.byCode.set(s.code, s);
    this.byTable.set(s.table, s);
  }

  private list: readonly PageSchema[] | null = null;

  /** Every schema, one array until the set changes (it is read on every request: never modify it). */
  get schemas(): PageSchema[] {
    return (this.list ??= Object.freeze([...this.byCode.values()])) as PageSchema[];
  }

  get(code: string): PageSchema | undefined {
    return this.byCode.get(code);
  }

  table(name: string): PageSchema | undefined {
    return this.byTable.get(name);
  }

  /**
   * Checks a schema as it would join the set (replacing one of the same code); throws SchemaError.
   * `along` are schemas that would join with it (a main design's sub designs not yet synced).
   */
  check(schema: PageSchema, source: string, along: PageSchema[] = []): PageSchema {
    const checked = checkPageSchema(JSON.parse(JSON.stringify(schema)), source);
    const replaced = new Set([checked.code, ...along.map((s) => s.code)]);
    const others = [...this.schemas.filter((s) => !replaced.has(s.code)), ...along];
    checkSchemaSet([...others.map((s) => ({ schema: s, source: s.code })), { schema: checked, source }]);
    return checked;
  }

  /** Adds or replaces a schema after checking it and the set it joins; a refusal changes nothing. */
  put(schema: PageSchema, source: string): void {
    const checked = this.check(schema, source);
    const old = this.byCode.get(checked.code);
    if (old) this.byTable.delete(old.table);
    this.index(checked);
    this.list = null;
    this.version++;
  }
}

const listJson = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'seed' ? [] : listJson(p);
  return e.name.endsWith('.json') ? [p] : [];
});

/**
 * Reads every schemas/**.json (seed data excepted); a broken file stops start-up with one clear line.
 * `trust`: a file recording the last set that passed the checks, keyed by the checking code's build;
 * when the files and the build are the same again the checks (~200 ms) are skipped.
 */
export function loadSchemas(dir: string, trust?: { file: string; build: string }): SchemaRegistry {
  const files = listJson(dir).sort();
  const texts = files.map((file) => fs.readFileSync(file, 'utf8'));
  let stamp: string | undefined;
  if (trust) {
    const hash = createHash('sha256').update(trust.build);
    files.forEach((file, i) => hash.update(`\0${path.relative(dir, file)}\0${texts[i]}`));
    stamp = hash.digest('hex');
  }
  const trusted = stamp !== undefined && readText(trust!.file) === stamp;
  const entries = files.map((file, i) => {
    const source = path.relative(process.cwd(), file);
    let doc: unknown;
    try {
      doc = JSON.parse(texts[i]);
    } catch (e) {
      throw new SchemaError(source, '', `not valid JSON (${(e as Error).message})`);
    }
    return { schema: trusted ? doc as PageSchema : checkPageSchema(doc, source), source };
  });
  if (!trusted) {
    checkSchemaSet(entries);
    if (stamp) {
      try {
        fs.mkdirSync(path.dirname(trust!.file), { recursive: true });
        fs.writeFileSync(trust!.file, stamp);
      } catch { /* read-only: check again next time */ }
    }
  }
  return new SchemaRegistry(entries.map((e) => e.schema));
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
