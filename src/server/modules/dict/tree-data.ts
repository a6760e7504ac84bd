import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { PageSchema } from '../../../schema/types.js';
import { rootCondition } from '../../crud/tree.js';
import { badRequest, ok } from '../../http/result.js';
import { requirePersonalAccess } from './page-readers.js';
import type { RowScope } from '../../crud/hooks.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { declaredTable, readableField } from './table-dict.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** SPEC §5: the tree select's condition must be a JSON string. */
export const TREE_CONDITION_MESSAGE = 'JTreeSelect condition传值有误，需要一个json字符串!';

/** A node of a lazily loaded tree (contract §4.3 TreeSelectModel: the leaf flag's JSON name is `leaf`; `isLeaf` is its copy). */
export interface TreeNode {
  key: string;
  title: string;
  value: string;
  leaf: boolean;
  isLeaf: boolean;
  parentId: string | null;
  [extra: string]: unknown;
}

/** One lazy tree level: which declared fields are key, text, parent and flag, under which parent. */
export interface TreeLevel {
  schema: PageSchema;
  key: string;
  text: string;
  pid: string;
  /** The flag column; without one, leaves are found by looking for children. */
  flag?: string;
  /** True when the flag column holds "is leaf" rather than "has children" (loadTreeData converIsLeafVal=0). */
  flagIsLeaf?: boolean;
  /** The parent key; undefined lists the roots (parent null, '' or '0'). */
  parent?: string;
  filters: [string, string][];
  /** More readable fields copied onto each node under their own names (e.g. a category's code). */
  extra?: string[];
  /** The table's row rules for this request: only rows the user reaches are nodes. */
  scope?: RowScope | null;
}

/** A tree is browsed level by level: a level larger than this is a data problem, not a page. */
const MAX_NODES = 5000;
const KEY = /^[\p{L}\p{N}_\-.:@]{1,64}$/u;

/** A key value sent by a client (a node id or code): one token, never an expression. */
export function keyParam(name: string, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest(`参数 ${name} 格式不正确`);
  return raw;
}

/**
 * A tree condition: a JSON object of field → value equalities on declared, readable fields of the
 * tree's schema (JeecgBoot pastes it into SQL; here it is only ever data).
 */
export function parseEqualities(schema: PageSchema, raw: unknown, message: string): [string, string][] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw !== 'string' || raw.length > 2000) throw badRequest(message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    try { parsed = JSON.parse(decodeURIComponent(raw)); } catch { throw badRequest(message); }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest(message);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > 20) throw badRequest('条件过多（最多20个字段）');
  return entries.map(([k, v]) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw badRequest(`条件 ${k.slice(0, 64)} 的值需为字符串或数字`);
    return [readableField(schema, k).name, String(v)];
  });
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The nodes of one tree level, leaf flags included. */
export async function treeNodes(db: Kysely<any>, level: TreeLevel): Promise<TreeNode[]> {
  const { schema, key, pid, flag, parent } = level;
  const extra = (level.extra ?? []).filter((f) => ![key, level.text, pid, flag].includes(f));
  const columns = [...new Set([key, level.text, pid, ...(flag ? [flag] : []), ...extra])];
  let q = db.selectFrom(schema.table).select(columns)
    .where((eb) => (parent === undefined ? rootCondition(eb, pid) : eb(pid, '=', parent)));
  for (const [field, value] of level.filters) q = q.where(field, '=', value);
  if (level.scope) q = q.where(level.scope);
  if (schema.defaultSort) q = q.orderBy(schema.defaultSort.column, schema.defaultSort.order);
  const rows = (await q.orderBy(key, 'asc').limit(MAX_NODES).execute()) as Record<string, unknown>[];

  let withChildren: Set<string> | undefined;
  if (!flag && rows.length) {
    const keys = rows.map((r) => text(r[key]));
    let children = db.selectFrom(schema.table).select(pid).distinct().where(pid, 'in', keys);
    if (level.scope) children = children.where(level.scope);
    const found = (await children.execute()) as Record<string, unknown>[];
    withChildren = new Set(found.map((r) => text(r[pid])));
  }
  return rows.map((r) => {
    const k = text(r[key]);
    const f = flag ? text(r[flag]) : '';
    const leaf = withChildren ? !withChildren.has(k) : level.flagIsLeaf ? f === '1' || f === 'true' : f !== '1';
    const node: TreeNode = { key: k, title: text(r[level.text]), value: k, leaf, isLeaf: leaf, parentId: r[pid] === null || r[pid] === undefined ? null : String(r[pid]) };
    for (const e of extra) node[e] = r[e] ?? null;
    return node;
  });
}

const str = { type: 'string', maxLength: 2000 } as const;

/**
 * GET /sys/dict/loadTreeData (contract §4.2, SPEC §7): one level of any declared tree, for JTreeSelect.
 * Table and columns resolve only through the loaded schemas (table-dict.ts): an undeclared table or
 * column, a sensitive column, a non-JSON condition or a key that is not a plain token is a 400; a
 * personal column of a page the user may not read is a 403.
 */
export async function treeDataRoutes(app: FastifyInstance): Promise<void> {
  const { schemas } = app.ctx;
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get<{ Querystring: Record<'pid' | 'tableName' | 'text' | 'code' | 'pidField' | 'hasChildField' | 'condition' | 'converIsLeafVal', string | undefined> }>('/sys/dict/loadTreeData', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: Object.fromEntries(['pid', 'tableName', 'text', 'code', 'pidField', 'hasChildField', 'condition', 'converIsLeafVal'].map((k) => [k, str])) } },
  }, async (req) => {
    const { tableName, text: textName, code, pidField, hasChildField, condition, converIsLeafVal } = req.query;
    if (!tableName || !textName || !code || !pidField) throw badRequest('缺少参数 tableName、text、code 或 pidField');
    const schema = declaredTable(schemas, tableName);
    const field = (name: string) => readableField(schema, name.trim()).name;
    if (converIsLeafVal !== undefined && converIsLeafVal !== '' && converIsLeafVal !== '0' && converIsLeafVal !== '1') throw badRequest('参数 converIsLeafVal 只能是 0 或 1');
    const level: TreeLevel = {
      schema, key: field(code), text: field(textName), pid: field(pidField),
      flag: hasChildField ? field(hasChildField) : undefined,
      flagIsLeaf: converIsLeafVal === '0',
      // '0' is JeecgBoot's root marker: roots are the rows whose parent is empty, null or '0' (rootCondition).
      parent: req.query.pid === '0' ? undefined : keyParam('pid', req.query.pid),
      filters: parseEqualities(schema, condition, TREE_CONDITION_MESSAGE),
    };
    await requirePersonalAccess(app.ctx, req, schema, [level.key, level.text, level.pid, ...(level.flag ? [level.flag] : []), ...level.filters.map(([f]) => f)]);
    level.scope = await rowRuleScope(app.ctx.db, req, schema, schemas.schemas);
    return ok(await treeNodes(db, level));
  });
}
