import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, ClientError, forbidden } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { isAdministrator, merged } from './common.js';

const TABLE = 'pms_daily_work';

/** One entry per user per day: the unique index (createBy, workDate) is the backstop, this the clear answer. */
async function requireOnePerDay(h: HookContext, username: string, workDate: unknown, exceptId?: unknown): Promise<void> {
  if (typeof workDate !== 'string') return;
  if (workDate > formatDateTime().slice(0, 10)) throw badRequest('不能填写未来日期的日常工作');
  let q = h.db.selectFrom(TABLE).select('id').where('createBy', '=', username).where('workDate', '=', workDate);
  if (exceptId) q = q.where('id', '<>', String(exceptId));
  if (await q.executeTakeFirst()) throw new ClientError(409, `您已填写 ${workDate} 的日常工作，请编辑当天的记录`);
}

/** A department's reviewers read its entries (row rules); only the author, or an administrator, changes one. */
async function requireAuthor(h: HookContext, rows: Row[], what: string): Promise<void> {
  if (rows.every((r) => r.createBy === h.user.username)) return;
  if (!(await isAdministrator(h))) throw forbidden(`只能${what}自己填写的日常工作`);
}

/** 日常工作 (schemas/pms/pms_daily_work.json). */
export const dailyWorkModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    async beforeAdd(h, values) {
      await requireOnePerDay(h, h.user.username, values.workDate);
    },
    async beforeEdit(h, changes, _body, current) {
      await requireAuthor(h, [current], '修改');
      if ('workDate' in changes) await requireOnePerDay(h, String(current.createBy), merged(changes, current, 'workDate'), current.id);
    },
    async beforeDelete(h, ids) {
      await requireAuthor(h, await h.db.selectFrom(TABLE).select('createBy').where('id', 'in', ids).execute() as Row[], '删除');
    },
  },
};
