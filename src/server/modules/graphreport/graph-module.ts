import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CrudHooks, HookContext, SchemaModule } from '../../crud/hooks.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, forbidden, notFound, ok } from '../../http/result.js';
import { GRAPH, holdsPage, loadRunnable, personalReach, runReach } from '../cgreport/report-access.js';
import { checkGraphSource, graphRows, searchFieldsOf } from './graph-source.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

const HEAD = 'onl_graphreport_head';
const ITEM = 'onl_graphreport_item';
/**
 * A graph that could not draw (bad SQL, a JSON/API source, an unknown form or field) is never saved,
 * nor one reading a personal column of a page its author may not read. Whoever saves a graph becomes
 * its author (its updateBy), so every edit checks its source against the editor's pages.
 */
const hooks: CrudHooks = {
  async beforeAdd(h: HookContext, values) {
    await checkGraphSource(h.ctx, h.db, values, await personalReach(h.ctx, h.req));
  },
  async beforeEdit(h: HookContext, changes, _body, current) {
    await checkGraphSource(h.ctx, h.db, { ...current, ...changes }, await personalReach(h.ctx, h.req));
  },
};

const db = (ctx: AppContext) => ctx.db as unknown as Kysely<any>;

async function loadGraph(ctx: AppContext, idOrCode: string): Promise<{ head: Row; items: Row[] }> {
  const head = await db(ctx).selectFrom(HEAD).selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode)])).executeTakeFirst();
  if (!head) throw notFound('图表不存在');
  const items = await db(ctx).selectFrom(ITEM).selectAll().where('graphreportHeadId', '=', head.id).orderBy('orderNum').orderBy('id').execute();
  return { head, items };
}

/** The dictionary of each shown item that names one, by field (the page turns values into texts with it). */
async function dictOptions(ctx: AppContext, items: Row[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const item of items.filter((i) => i.dictCode && i.isShow !== 'N')) {
    out[item.fieldName] = ((await ctx.dicts.items(item.dictCode)) ?? []).map((d) => ({ value: d.value, text: d.text, label: d.text, title: d.text }));
  }
  return out;
}

const anyQuery = { type: 'object', maxProperties: 100, additionalProperties: { type: ['string', 'number'], maxLength: 500 } } as const;

async function routes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const idOf = (q: Record<string, unknown>) => {
    const id = typeof q.id === 'string' || typeof q.id === 'number' ? String(q.id).trim() : '';
    if (!id) throw badRequest('缺少参数 id');
    return id;
  };

  /** Contract §10.3: the head (its statement kept on the server), every row it draws, its items and their dictionaries. */
  app.get('/online/graphreport/api/getChartsData', { config: { access: 'record' }, schema: { querystring: anyQuery } }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const { head, items } = await loadRunnable(ctx, req, GRAPH, () => loadGraph(ctx, idOf(query)), (g) => ({ id: g.head.id, code: g.head.code }));
    const data = await graphRows(ctx, head, query, searchFieldsOf(items), await runReach(ctx, req, head));
    const { cgrSql: _statement, ...shownHead } = head;
    return ok({ head: shownHead, data, items, dictOptions: await dictOptions(ctx, items) });
  });

  /** The designer's item list by head id (JeecgBoot's name for the generic subList). */
  app.get('/online/graphreport/head/queryOnlGraphreportItemByMainId', { config: { access: { page: HEAD } }, schema: { querystring: anyQuery } }, async (req) => {
    if (!(await holdsPage(ctx, req, ctx.schemas.table(HEAD)))) throw forbidden();
    return ok((await loadGraph(ctx, idOf(req.query as Record<string, unknown>))).items);
  });
}

export const graphreportModule: SchemaModule = { schema: HEAD, hooks, routes };
