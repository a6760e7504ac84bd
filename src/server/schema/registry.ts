import fs from 'node:fs';
import path from 'node:path';
import { checkPageSchema, checkSchemaSet, SchemaError } from '../../schema/check.js';
import type { PageSchema } from '../../schema/types.js';

/** The loaded page schemas: the only tables and columns a client can ever reach generically. */
export class SchemaRegistry {
  private readonly byCode = new Map<string, PageSchema>();
  private readonly byTable = new Map<string, PageSchema>();

  constructor(readonly schemas: PageSchema[]) {
    for (const s of schemas) {
      this.byCode.set(s.code, s);
      this.byTable.set(s.table, s);
    }
  }

  get(code: string): PageSchema | undefined {
    return this.byCode.get(code);
  }

  table(name: string): PageSchema | undefined {
    return this.byTable.get(name);
  }
}

const listJson = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) return e.name === 'seed' ? [] : listJson(p);
  return e.name.endsWith('.json') ? [p] : [];
});

/** Reads every schemas/**.json (seed data excepted); a broken file stops start-up with one clear line. */
export function loadSchemas(dir: string): SchemaRegistry {
  const entries = listJson(dir).sort().map((file) => {
    const source = path.relative(process.cwd(), file);
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      throw new SchemaError(source, '', `not valid JSON (${(e as Error).message})`);
    }
    return { schema: checkPageSchema(doc, source), source };
  });
  checkSchemaSet(entries);
  return new SchemaRegistry(entries.map((e) => e.schema));
}
