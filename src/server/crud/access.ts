import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { mainsOf } from '../../schema/permission.js';
import type { Reach } from '../../schema/row-rules.js';
import type { PageSchema } from '../../schema/types.js';
import type { AppContext } from '../http/context.js';
import { ClientError, forbidden } from '../http/result.js';
import { bothScopes, type CrudHooks, type HookContext, type Row, type RowScope } from './hooks.js';
import { requireRead } from './read-access.js';
import { rowRuleScope } from './row-rules.js';
import { stateLabels } from './workflow.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** 409: the row, or the row it belongs to, is in a state that may not change. */
const locked = (message: string) => new ClientError(409, message);

/**
 * The one access decision of a page (issue 36), derived from its schema and the main pages it
 * hangs from. Every data path of the engine asks it, none attaches a scope of its own:
 *
 * - `rows(req, reach)`: the rows the request reaches to read (list, detail, export, history, sub
 *   lists, data log, files), to fire transitions on, or to write (edit, delete, sub rows). Reading
 *   and firing also need the page itself (its menu or buttons) unless the page's module says who
 *   reads it (an announcement's recipients).
 * - `requireChangeable`: a row outside its workflow's editable states, or whose main row is, is
 *   neither edited nor deleted, nor are sub rows added to it (409, nothing written).
 * - `requireMains`: the main rows a sub row's foreign key names are ones the user writes and
 *   that may change now (add, import).
 */
export interface PageAccess {
  rows(req: FastifyRequest, reach: Reach): Promise<RowScope | null>;
  requireChangeable(h: HookContext, ids: string[], what: '修改' | '删除'): Promise<void>;
  requireMains(h: HookContext, rows: Row[]): Promise<void>;
  /** The foreign keys (a sub page's columns naming its main rows): an edit never changes them. */
  readonly attachedBy: string[];
}

interface MainLink { main: PageSchema; fk: string }

/** Each served page's decision, by server and page code: modules and tests ask the engine's own. */
const decisions = new WeakMap<AppContext, Map<string, PageAccess>>();

/** The decision the engine serves `code` with, or undefined for a page it does not serve. */
export function accessOf(ctx: AppContext, code: string): PageAccess | undefined {
  return decisions.get(ctx)?.get(code);
}

export function pageAccess(ctx: AppContext, schema: PageSchema, moduleScope?: CrudHooks['scope']): PageAccess {
  // Looked up at each request: the set of pages (and so a sub page's main) changes as online forms sync.
  const links = (): MainLink[] => mainsOf(schema, ctx.schemas.schemas)
    .map((main) => ({ main, fk: main.subTables!.find((t) => t.code === schema.code)!.foreignKey }));

  const rules = (req: FastifyRequest, page: PageSchema, reach: Reach) => rowRuleScope(ctx.db, req, page, ctx.schemas.schemas, reach);

  async function rows(req: FastifyRequest, reach: Reach): Promise<RowScope | null> {
    let own: RowScope | null = null;
    if (reach !== 'write') {
      // Writing is guarded by the action's button; a module's read scope (an announcement's readers) never binds its managers.
      if (moduleScope) own = await moduleScope({ db: ctx.db as unknown as Kysely<any>, user: req.user!, req, ctx });
      else await requireRead(ctx.db, ctx.schemas, req, schema);
    }
    return bothScopes(own, await rules(req, schema, reach));
  }

  /** Refuses unless every row of `page` named by `ids` is in an editable state, and so is its main row, up the chain. */
  async function changeable(h: HookContext, page: PageSchema, ids: string[], what: string, whose: string): Promise<void> {
    if (!ids.length) return;
    const wf = page.workflow;
    if (wf?.editable) {
      const states = await h.db.selectFrom(page.table).select(wf.field).where('id', 'in', ids).execute() as Row[];
      const stuck = states.map((r) => String(r[wf.field] ?? '')).find((s) => !wf.editable!.includes(s));
      if (stuck !== undefined) throw locked(`${whose}当前状态「${(await stateLabels(h.req, page, wf))(stuck)}」不能${what}`);
    }
    for (const { main, fk } of mainsOf(page, ctx.schemas.schemas).map((m) => ({ main: m, fk: m.subTables!.find((t) => t.code === page.code)!.foreignKey }))) {
      const mainIds = (await h.db.selectFrom(page.table).select(fk).distinct().where('id', 'in', ids).execute() as Row[])
        .map((r) => r[fk]).filter((v): v is string => typeof v === 'string' && v !== '');
      await changeable(h, main, mainIds, `${what}${page.title}`, '所属记录');
    }
  }

  async function requireMains(h: HookContext, values: Row[]): Promise<void> {
    for (const { main, fk } of links()) {
      const named = [...new Set(values.map((v) => v[fk]))];
      if (named.some((v) => typeof v !== 'string' || !v)) throw forbidden(`缺少所属记录，不能添加${schema.title}`);
      const ids = named as string[];
      const scope = await rules(h.req, main, 'write');
      let q = h.db.selectFrom(main.table).select('id').where('id', 'in', ids);
      if (scope) q = q.where(scope);
      if ((await q.execute()).length !== ids.length) throw forbidden(`所属记录不存在或无权修改，不能添加${schema.title}`);
      await changeable(h, main, ids, `添加${schema.title}`, '所属记录');
    }
  }

  const access: PageAccess = {
    rows,
    requireChangeable: (h, ids, what) => changeable(h, schema, ids, what, ''),
    requireMains,
    get attachedBy() { return links().map((l) => l.fk); },
  };
  const served = decisions.get(ctx) ?? new Map<string, PageAccess>();
  decisions.set(ctx, served.set(schema.code, access));
  return access;
}
