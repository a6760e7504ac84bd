import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PageSchema } from '../../../schema/types.js';
import type { CrudHooks, Row, SchemaModule } from '../../crud/hooks.js';
import { composeHooks } from '../../crud/compose-hooks.js';
import { requireAction } from '../../crud/permission.js';
import { badRequest, notFound, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { DRAFT, PUBLISHED, PUBLISHABLE } from './kinds.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Set by 发布/取消发布 only, never by the add/edit form. */
const STATE_FIELDS = ['publishStatus', 'publishTime'];

function bodyId(req: FastifyRequest): string {
  const fromBody = (req.body as Row | undefined)?.id;
  const id = fromBody ?? (req.query as Row | undefined)?.id;
  if (typeof id !== 'string' || !id.trim()) throw badRequest('缺少参数 id');
  if (id.length > 64) throw badRequest('参数 id 格式不正确');
  return id.trim();
}

/** Only one race is the current one: marking a race current clears the flag elsewhere. */
async function keepOneCurrent(db: Kysely<any>, id: string, row: Row): Promise<void> {
  if (Number(row.isCurrent) === 1) await db.updateTable('pms_race').set({ isCurrent: 0 }).where('id', '<>', id).where('isCurrent', '=', 1).execute();
}

function hooksFor(code: string): CrudHooks {
  const race = code === 'pms_race';
  return {
    beforeAdd(_h, values) {
      for (const k of STATE_FIELDS) delete values[k];
      values.publishStatus = DRAFT;
      if (race && (values.isCurrent === null || values.isCurrent === undefined)) values.isCurrent = 0;
    },
    async afterAdd(h, values) {
      if (race) await keepOneCurrent(h.db, String(values.id), values);
    },
    beforeEdit(_h, changes) {
      for (const k of STATE_FIELDS) delete changes[k];
      if (race && (changes.isCurrent === null || changes.isCurrent === '')) delete changes.isCurrent;
    },
    async afterEdit(h, id, changes) {
      if (race) await keepOneCurrent(h.db, id, changes);
    },
  };
}

/** What a page adds to its 发布 / 取消发布: further columns written with the state (a schedule's spent times). */
export type StateChanges = (now: string) => Row;

/**
 * 发布 / 取消发布 of a public content page: `POST <api>/publish|unpublish` with `{ id }`, checked
 * against the `<permission>:publish` button. Publishing stamps the first publish time.
 */
function publishRoutes(schema: PageSchema, more?: StateChanges) {
  return async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    const code = schema.permission ? `${schema.permission}:publish` : undefined;
    const setState = (action: 'publish' | 'unpublish') => app.post(`${schema.api}/${action}`, { config: { access: code ? { permission: code } : 'login' } }, async (req) => {
      await requireAction(app.ctx.db, req, code);
      const id = bodyId(req);
      const row = await db.selectFrom(schema.table).select(['id', 'publishTime']).where('id', '=', id).executeTakeFirst() as Row | undefined;
      if (!row) throw notFound();
      const now = formatDateTime();
      const changes: Row = { ...more?.(now), publishStatus: action === 'publish' ? PUBLISHED : DRAFT, updateBy: req.user!.username, updateTime: now };
      if (action === 'publish' && !row.publishTime) changes.publishTime = now;
      await db.updateTable(schema.table).set(changes).where('id', '=', id).execute();
      return okMessage(action === 'publish' ? '发布成功' : '已取消发布');
    });
    setState('publish');
    setState('unpublish');
  };
}

/**
 * The server module of a page with a publish state: the state kept out of add/edit, 发布/取消发布
 * routes. `own` hooks are chained with the publish ones (compose-hooks.ts); `more` adds columns to the state change.
 */
export function publishModule(code: string, opts: { own?: CrudHooks; more?: StateChanges } = {}): SchemaModule {
  return {
    schema: code,
    hooks: opts.own ? composeHooks([hooksFor(code)], opts.own) : hooksFor(code),
    routes: async (app: FastifyInstance) => publishRoutes(app.ctx.schemas.get(code)!, opts.more)(app),
  };
}

/** The server modules of the public-content pages (schemas/pms): publish state hooks and routes. */
export const WEB_CONTENT_MODULES: SchemaModule[] = Object.keys(PUBLISHABLE).map((code) => publishModule(code));
