import type { FastifyInstance } from 'fastify';
import { columnFields } from '../../../schema/ddl.js';
import { snakeCase } from '../../../schema/types.js';
import { requireRead } from '../../crud/read-access.js';
import { ok } from '../../http/result.js';

export interface DeclaredTable {
  table: string;
  title: string;
  columns: { column: string; label: string; type: string }[];
}

/**
 * GET /online/cgform/api/declaredTables: the tables a design may name (字典table, 主表), each with
 * its columns, for the designer's pickers. Exactly what the table-dictionary and duplicate-check
 * routes accept: declared schemas only, sensitive columns left out. Holders of the designer page only.
 */
export async function declaredTableRoutes(app: FastifyInstance): Promise<void> {
  let cached: { version: number; tables: DeclaredTable[] } | undefined;
  app.get('/online/cgform/api/declaredTables', { config: { access: { page: 'onl_cgform_head' } } }, async (req) => {
    const { schemas, db } = app.ctx;
    await requireRead(db, schemas, req, schemas.table('onl_cgform_head')!);
    if (cached?.version !== schemas.version) {
      const byTable = new Map(schemas.schemas.map((s) => [s.table, s]));
      const tables = [...byTable.values()].map((s) => ({
        table: s.table,
        title: s.title,
        columns: columnFields(s).filter((f) => !f.sensitive).map((f) => ({ column: snakeCase(f.name), label: f.label, type: f.type })),
      })).sort((a, b) => a.table.localeCompare(b.table));
      cached = { version: schemas.version, tables };
    }
    return ok(cached.tables);
  });
}
