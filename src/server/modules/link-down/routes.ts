import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { rootCondition } from '../../crud/tree.js';
import { badRequest, ok } from '../../http/result.js';
import { declaredTable, readableField } from '../dict/table-dict.js';
import { requirePersonalAccess } from '../dict/page-readers.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { parseEqualities } from '../dict/tree-data.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const LINK_DOWN_CONDITION_MESSAGE = '联动组件 condition 需为JSON对象，如 {"status":"1"}';
export const LINK_DOWN_PARAMS_MESSAGE = '缺少参数 table、txt、key、idField 或 pidField';

/** One level of cascading selects lists at most this many options. */
const MAX_OPTIONS = 1000;

/** An option of a cascading select (contract §9.4): the stored value, its label, and the row's own and parent ids. */
export interface LinkDownOption {
  store: string;
  label: string;
  id: string;
  pid: string | null;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const str = { type: 'string', maxLength: 2000 } as const;
const PARAMS = ['table', 'txt', 'key', 'idField', 'pidField', 'pidValue', 'condition'] as const;

/**
 * GET /online/cgform/api/querySelectOptions (contract §9.4): one level of a `link_down` field.
 * Table and columns resolve only through the loaded schemas, like table dictionaries: an undeclared
 * table or column, or a sensitive one, is a 400; a personal one of a page the user may not read is
 * a 403. `pidValue` and the condition's values are bound values, never SQL. Without `pidValue` the
 * first level is listed: rows whose parent column is null, '' or '0' — the engine's own root rule
 * (crud/tree.ts), so a tree page's table and seed data written either way (JeecgBoot uses '0' for
 * categories, null elsewhere) cascade alike.
 */
export async function linkDownRoutes(app: FastifyInstance): Promise<void> {
  const { schemas } = app.ctx;
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get<{ Querystring: Partial<Record<typeof PARAMS[number], string>> }>('/online/cgform/api/querySelectOptions', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: Object.fromEntries(PARAMS.map((k) => [k, str])) } },
  }, async (req) => {
    const { table, txt, key, idField, pidField, pidValue, condition } = req.query;
    if (!table || !txt || !key || !idField || !pidField) throw badRequest(LINK_DOWN_PARAMS_MESSAGE);
    const schema = declaredTable(schemas, table);
    const field = (name: string) => readableField(schema, name.trim()).name;
    const [label, store, id, pid] = [field(txt), field(key), field(idField), field(pidField)];
    const filters = parseEqualities(schema, condition, LINK_DOWN_CONDITION_MESSAGE);
    await requirePersonalAccess(app.ctx, req, schema, [label, store, id, pid, ...filters.map(([name]) => name)]);

    let q = db.selectFrom(schema.table).select([...new Set([label, store, id, pid])])
      .where((eb) => (pidValue === undefined || pidValue === '' ? rootCondition(eb, pid) : eb(pid, '=', pidValue)));
    for (const [name, value] of filters) q = q.where(name, '=', value);
    const scope = await rowRuleScope(app.ctx.db, req, schema, schemas.schemas);
    if (scope) q = q.where(scope);
    if (schema.defaultSort) q = q.orderBy(schema.defaultSort.column, schema.defaultSort.order);
    const rows = (await q.orderBy(id, 'asc').limit(MAX_OPTIONS).execute()) as Record<string, unknown>[];
    return ok(rows.map((r): LinkDownOption => ({
      store: text(r[store]), label: text(r[label]), id: text(r[id]), pid: r[pid] === null || r[pid] === undefined ? null : String(r[pid]),
    })));
  });
}
