import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { actionPermission, type CrudAction } from '../../../schema/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../http/result.js';
import { addDictText } from '../dict-text.js';
import type { HookContext, Row, RowScope } from '../hooks.js';
import { requireAction } from '../permission.js';
import type { PagePlan } from '../plan.js';
import { bind, slim, Slot } from '../open-statements.js';
import { normalizeHasChild } from '../tree.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The rules every action of a page shares: its button, the rows it reaches, the hooks' context and
 * transaction, and how a row is shown. Each action (list.ts, read.ts, write.ts, …) asks these,
 * never a rule of its own.
 */

export const ALREADY_STORED = '数据库中已存在该记录';

export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/**
 * Refuses unless the request's user holds the action's button. Looked up at each request: the set of
 * pages (and so a sub page's main) can change as online forms sync.
 */
export async function requirePermission(plan: PagePlan, req: FastifyRequest, action: CrudAction): Promise<void> {
  const code = actionPermission(plan.schema, action, plan.ctx.schemas.schemas);
  if (!code) throw forbidden(); // the schema checks refuse such a page; never open by omission
  await requireAction(plan.ctx.db, req, code);
}

export const hookContext = (plan: PagePlan, req: FastifyRequest, tx: Kysely<any> = plan.db): HookContext => ({ db: tx, user: req.user!, req, ctx: plan.ctx });

/** Runs a write and its hooks in one transaction: a refusing hook leaves nothing behind. */
export const inWrite = <T>(plan: PagePlan, fn: (tx: Kysely<any>) => Promise<T>) => inTransaction(plan.db, fn);

/** The rows the request reads (access.ts): every read path of the page asks it. */
export const readScope = (plan: PagePlan, req: FastifyRequest) => plan.access.rows(req, 'read');

/**
 * The stored rows `ids` when the request may write every one of them; a row it reads but may not
 * write is refused (403), one it does not read is not there (404).
 */
export async function writableRows(plan: PagePlan, req: FastifyRequest, tx: Kysely<any>, ids: string[], what: '修改' | '删除'): Promise<Row[]> {
  const { schema, columns } = plan;
  const scope = await plan.access.rows(req, 'write');
  let q = tx.selectFrom(schema.table).select(columns).where('id', 'in', ids);
  if (scope) q = q.where(scope);
  const found = (await q.execute()) as Row[];
  if (!scope || found.length === new Set(ids).size) return found; // an id that exists nowhere is simply not written
  const read = await readScope(plan, req);
  let seen = tx.selectFrom(schema.table).select('id').where('id', 'in', ids);
  if (read) seen = seen.where(read);
  if ((await seen.execute()).length === new Set(ids).size) throw forbidden(`无权${what}该数据`);
  throw notFound('未找到对应数据');
}

/**
 * The row `id` within `scope`. Its statement is compiled once per read scope, as a list's is
 * (query.ts); a scope without a key (a module's) is built for the request.
 */
export async function findById(plan: PagePlan, id: string, scope: RowScope | null = null): Promise<Row | undefined> {
  const build = () => {
    let q = plan.db.selectFrom(plan.schema.table).select(plan.columns).where('id', '=', new Slot(0) as unknown as string);
    if (scope) q = q.where(scope);
    return slim(q.compile());
  };
  const cache = plan.byIdStatements;
  const made = !scope ? cache.get('', build) : scope.key !== undefined ? cache.get(`|${scope.key}`, build) : build();
  return (await plan.db.executeQuery(bind(made, [id]))).rows[0] as Row | undefined;
}

/** Rows as every read shows them: dictionary texts, the tree's has-child flag, the module's derived values. */
export async function present(plan: PagePlan, req: FastifyRequest, records: Row[]): Promise<Row[]> {
  await addDictText(plan.db, plan.ctx.dicts, plan.translated, records);
  if (plan.tree) normalizeHasChild(plan.tree, records);
  if (plan.hooks.decorate) await plan.hooks.decorate(hookContext(plan, req), records);
  return records;
}

/** The body as the linkage rules leave it (hidden fields' values dropped), or their refusal. */
export function linked(plan: PagePlan, body: Row, stored: Row | null): Row {
  const r = plan.linkage?.(body, stored);
  if (r?.problem) throw badRequest(r.problem);
  return r ? r.body : body;
}

/** The column values of a checked body (declared fields only): virtual fields are the module's, not columns. */
export const cleanBody = (plan: PagePlan, body: Row): Row => Object.fromEntries(Object.entries(body).filter(([k]) => !plan.virtual.has(k)));

/** The main row's part of a body: a main page's `<subCode>List` arrays are checked by sub-tables.ts. */
export const ownBody = (plan: PagePlan, body: unknown): unknown => (plan.subs ? plan.subs.strip(body) : body);
