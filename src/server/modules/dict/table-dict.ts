import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/connect.js';
import type { RowScope } from '../../crud/hooks.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { conditionSql } from '../../crud/where.js';
import { columnFields } from '../../../schema/ddl.js';
import { escapeLike } from '../../../schema/query.js';
import { snakeCase, type FieldSchema, type PageSchema } from '../../../schema/types.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { GUEST_REFUSAL, GUEST_USERNAME } from '../../auth/guest.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, forbidden } from '../../http/result.js';
import { requirePersonalAccess } from './page-readers.js';
import { formatDateTime } from '../../util/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const SENSITIVE_MESSAGE = '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!';

/** A table dictionary resolved against the loaded schemas: only declared, non-sensitive columns. */
export interface TableDict {
  schema: PageSchema;
  text: string;
  value: string;
  /** Filters from a JSON condition, on declared fields: equalities, or a bound (`{"<=": "$now"}`). */
  filters: [string, string, Bound?][];
  /** The table's row rules for this request: a dictionary lists only rows the user reaches. */
  scope?: RowScope | null;
}

/** Finds a declared, readable field by its camelCase name or its snake_case column name. */
export function readableField(schema: PageSchema, name: string): FieldSchema {
  const field = columnFields(schema).find((f) => f.name === name || snakeCase(f.name) === name);
  if (!field) throw badRequest(`字段 ${name.slice(0, 64)} 未在 ${schema.table} 中声明`);
  if (field.sensitive) throw badRequest(SENSITIVE_MESSAGE);
  return field;
}

export function declaredTable(registry: SchemaRegistry, table: string): PageSchema {
  const schema = registry.table(table.trim());
  if (!schema) throw badRequest(`表 ${table.slice(0, 64)} 未声明，不能作为字典或校验对象`);
  return schema;
}

type Bound = '<=' | '>=';
const CONDITION_MESSAGE = '表字典过滤条件需为JSON对象，如 {"status":"1"} 或 {"declareEnd":{">=":"$now"}}';

/** A condition's value: a text or number, `$now` the server's time (a window open now). */
const conditionValue = (v: unknown): string | null => (typeof v === 'string' ? (v === '$now' ? formatDateTime() : v) : typeof v === 'number' ? String(v) : null);

/**
 * Parses `table,text,value[,condition]` (contract §4.2). The condition is not SQL here: it must be
 * a JSON object of field → value equalities, or field → `{"<=": v}` / `{">=": v}` bounds, on declared fields.
 */
export function parseTableDict(registry: SchemaRegistry, code: string): TableDict {
  const [table, text, value, ...rest] = code.split(',');
  if (!table || !text || !value) throw badRequest('表字典格式应为 table,text,value');
  const schema = declaredTable(registry, table);
  const filters: [string, string, Bound?][] = [];
  const condition = rest.join(',').trim();
  if (condition) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeURIComponent(condition));
    } catch {
      throw badRequest(CONDITION_MESSAGE);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(CONDITION_MESSAGE);
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      const invalid = () => badRequest(`过滤条件 ${k.slice(0, 64)} 的值无效`);
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const bounds = Object.entries(v as Record<string, unknown>);
        if (!bounds.length) throw invalid();
        for (const [op, bound] of bounds) {
          const value = conditionValue(bound);
          if ((op !== '<=' && op !== '>=') || value === null) throw invalid();
          filters.push([readableField(schema, k).name, value, op]);
        }
      } else {
        const value = conditionValue(v);
        if (value === null) throw invalid();
        filters.push([readableField(schema, k).name, value]);
      }
    }
  }
  return { schema, text: readableField(schema, text.trim()).name, value: readableField(schema, value.trim()).name, filters };
}

/**
 * A table dictionary as the user may read it: a personal column of a page they may not read is a
 * 403. The guest (anyone, one public call away) reads code dictionaries only: its shell needs no
 * table rows, and a table dictionary over sys_user would list every account and name.
 */
export async function readableTableDict(ctx: Pick<AppContext, 'db' | 'schemas'>, req: FastifyRequest, code: string): Promise<TableDict> {
  if (req.user?.username === GUEST_USERNAME) throw forbidden(GUEST_REFUSAL);
  const d = parseTableDict(ctx.schemas, code);
  await requirePersonalAccess(ctx, req, d.schema, [d.text, d.value, ...d.filters.map(([field]) => field)]);
  return { ...d, scope: await rowRuleScope(ctx.db, req, d.schema, ctx.schemas.schemas) };
}

/** Rows of a table dictionary as DictModel, filtered and capped. */
export async function tableDictItems(db: Kysely<any>, dialect: Dialect, d: TableDict, opts: { keyword?: string; keys?: string[]; limit: number }) {
  let q = db.selectFrom(d.schema.table).select([`${d.text} as text`, `${d.value} as value`]);
  for (const [field, v, bound] of d.filters) q = q.where(field, bound ?? '=', v);
  if (d.scope) q = q.where(d.scope);
  if (opts.keys) q = q.where(d.value, 'in', opts.keys);
  const kw = opts.keyword?.trim();
  if (kw) {
    if (kw.includes(',')) {
      const list = kw.split(',').map((s) => s.trim()).filter(Boolean);
      q = q.where((eb) => eb.or([eb(d.text, 'in', list), eb(d.value, 'in', list)]));
    } else {
      const pattern = `%${escapeLike(kw)}%`;
      q = q.where((eb) => eb.or([d.text, d.value].map((field) => conditionSql(eb, { field, op: 'like', value: pattern }, dialect))));
    }
  }
  const rows = (await q.limit(opts.limit).execute()) as { text: unknown; value: unknown }[];
  return rows.map((r) => {
    const text = String(r.text ?? '');
    return { value: String(r.value ?? ''), text, title: text, label: text };
  });
}
