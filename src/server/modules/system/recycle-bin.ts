import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { HookContext, Row } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ok, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { commaIds, inChunks } from '../user/id-list.js';
import { takenMessage } from '../user/user-unique.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The recycle bins of 用户管理 and 字典管理 (JeecgBoot's logic delete, issue 41). A deleted user or
 * dictionary goes to `sys_recycle_bin` as it was, with what hung off it (a user's roles and
 * departments, a dictionary's items), in the delete's own transaction; the page's rows, and every
 * list of people or dictionaries, no longer hold it. Restoring puts it back as it was (links to
 * roles or departments deleted meanwhile are dropped; an account, phone, e-mail, work number or
 * dictionary code someone took meanwhile refuses); purging forgets it.
 */
const USER = 'sys_user';
const DICT = 'sys_dict';
const USER_LINKS = [['sys_user_role', 'userId'], ['sys_user_depart', 'userId'], ['sys_depart_role_user', 'userId']] as const;

const parse = (s: unknown) => JSON.parse(String(s ?? 'null'));

async function keep(h: HookContext, kind: string, ids: string[], linksOf: (db: Kysely<any>, id: string) => Promise<Record<string, Row[]>>): Promise<void> {
  const rows = await inChunks(ids, (s) => h.db.selectFrom(kind).selectAll().where('id', 'in', s).execute()) as Row[];
  const now = formatDateTime();
  for (const row of rows) {
    const id = String(row.id);
    await h.db.deleteFrom('sys_recycle_bin').where('id', '=', id).execute();
    await h.db.insertInto('sys_recycle_bin').values({ id, kind, rowData: JSON.stringify(row), links: JSON.stringify(await linksOf(h.db, id)), deleteBy: h.user.username, deleteTime: now }).execute();
  }
}

/** Before a user's delete: into the bin with their roles and departments (the delete then unlinks them). */
export const keepDeletedUsers = (h: HookContext, ids: string[]) => keep(h, USER, ids, async (db, id) => Object.fromEntries(await Promise.all(
  USER_LINKS.map(async ([table, key]) => [table, await db.selectFrom(table).selectAll().where(key, '=', id).execute()] as const))));

/** Before a dictionary's delete: into the bin with its items (the delete then removes them). */
export const keepDeletedDicts = (h: HookContext, ids: string[]) => keep(h, DICT, ids, async (db, id) => ({ sys_dict_item: await db.selectFrom('sys_dict_item').selectAll().where('dictId', '=', id).execute() as Row[] }));

async function binned(db: Kysely<any>, kind: string, ids?: string[]): Promise<{ id: string; row: Row; links: Record<string, Row[]> }[]> {
  let q = db.selectFrom('sys_recycle_bin').select(['id', 'rowData', 'links']).where('kind', '=', kind);
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  const rows = await q.orderBy('deleteTime', 'desc').orderBy('id').limit(ids ? ids.length || 1 : 5000).execute();
  return rows.map((r: any) => ({ id: r.id, row: parse(r.rowData), links: parse(r.links) ?? {} }));
}

/** Puts a binned row and its links back; links to rows that no longer exist (a deleted role or department) are dropped. */
async function restore(tx: Kysely<any>, kind: string, entry: { row: Row; links: Record<string, Row[]> }, user: string): Promise<void> {
  await tx.insertInto(kind).values({ ...entry.row, updateBy: user, updateTime: formatDateTime() }).execute();
  const exists = async (table: string, id: unknown) => !!(await tx.selectFrom(table).select('id').where('id', '=', String(id)).executeTakeFirst());
  for (const [table, rows] of Object.entries(entry.links)) {
    for (const link of rows) {
      if (table === 'sys_user_role' && !(await exists('sys_role', link.roleId))) continue;
      if (table === 'sys_user_depart' && !(await exists('sys_depart', link.depId))) continue;
      if (table === 'sys_depart_role_user' && !(await exists('sys_depart_role', link.droleId))) continue;
      if (await exists(table, link.id)) continue;
      await tx.insertInto(table).values(link).execute();
    }
  }
  await tx.deleteFrom('sys_recycle_bin').where('id', '=', String(entry.row.id)).execute();
}

const USER_DELETE = 'system:user:delete';
const DICT_DELETE = 'system:dict:delete';

export async function recycleBinRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const allowed = (req: FastifyRequest, code: string) => requireAction(app.ctx.db, req, code);

  // 用户回收站: the deleted users, their departments' names in `orgCode` as JeecgBoot lists them (never a password).
  app.get('/sys/user/recycleBin', { config: { access: { permission: USER_DELETE } } }, async (req) => {
    await allowed(req, USER_DELETE);
    const entries = await binned(db, USER);
    const names = new Map<string, string>();
    for (const e of entries) {
      const departs = (e.links.sys_user_depart ?? []).map((l) => String(l.depId));
      const found = departs.length ? await db.selectFrom('sys_depart').select(['id', 'departName']).where('id', 'in', departs).execute() : [];
      names.set(e.id, found.map((d: any) => d.departName).join(','));
    }
    return ok(entries.map(({ id, row }) => {
      const { password: _p, salt: _s, ...user } = row;
      return { ...user, orgCode: names.get(id) ?? '', delFlag: 1 };
    }));
  });

  app.put<{ Body: { userIds?: string } }>('/sys/user/putRecycleBin', {
    config: { access: { permission: USER_DELETE } },
    schema: { body: { type: 'object', properties: { userIds: { type: 'string', maxLength: 200_000 } } } },
  }, async (req) => {
    await allowed(req, USER_DELETE);
    const ids = commaIds(req.body?.userIds, '用户');
    await inTransaction(db, async (tx) => {
      for (const entry of await binned(tx, USER, ids)) {
        const taken = await takenMessage(tx as never, entry.row, undefined);
        if (taken) throw badRequest(`无法还原用户 ${String(entry.row.username)}：${taken}`);
        await restore(tx, USER, entry, req.user!.username);
      }
    });
    return okMessage('还原成功');
  });

  app.delete<{ Querystring: { userIds?: string } }>('/sys/user/deleteRecycleBin', {
    config: { access: { permission: USER_DELETE } },
    schema: { querystring: { type: 'object', properties: { userIds: { type: 'string', maxLength: 200_000 } } } },
  }, async (req) => {
    await allowed(req, USER_DELETE);
    const ids = commaIds(req.query.userIds, '用户');
    if (ids.length) await inChunks(ids, (s) => db.deleteFrom('sys_recycle_bin').where('kind', '=', USER).where('id', 'in', s).execute());
    return okMessage('删除成功');
  });

  // 字典回收站 (DictDeleteList): the deleted dictionaries, one put back or forgotten by id.
  app.get('/sys/dict/deleteList', { config: { access: { permission: DICT_DELETE } } }, async (req) => {
    await allowed(req, DICT_DELETE);
    return ok((await binned(db, DICT)).map(({ row }) => ({ ...row, delFlag: 1 })));
  });

  app.put<{ Params: { id: string } }>('/sys/dict/back/:id', { config: { access: { permission: DICT_DELETE } } }, async (req) => {
    await allowed(req, DICT_DELETE);
    const [entry] = await binned(db, DICT, [req.params.id]);
    if (!entry) throw badRequest('回收站中没有该字典');
    await inTransaction(db, async (tx) => {
      if (await tx.selectFrom(DICT).select('id').where('dictCode', '=', String(entry.row.dictCode)).executeTakeFirst()) throw badRequest(`字典编码 ${String(entry.row.dictCode)} 已被使用，无法还原`);
      await restore(tx, DICT, entry, req.user!.username);
    });
    await app.ctx.dicts.changed();
    return okMessage('操作成功!');
  });

  app.delete<{ Params: { id: string } }>('/sys/dict/deletePhysic/:id', { config: { access: { permission: DICT_DELETE } } }, async (req) => {
    await allowed(req, DICT_DELETE);
    const res = await db.deleteFrom('sys_recycle_bin').where('kind', '=', DICT).where('id', '=', req.params.id).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw badRequest('回收站中没有该字典');
    return okMessage('删除成功!');
  });
}
