import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.js';
import { notifyUsers } from '../../modules/announcement/notify.js';
import { formatDateTime } from '../../util/time.js';
import type { JobHandler } from '../handler.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SENDER = 'system';

interface Race { id: string; title: string; declareEnd: string | null; reviewEnd: string | null }

/** The contest the parameter names by id, else the current one; an unknown id is an error of the row. */
async function raceOf(db: Kysely<any>, parameter: string): Promise<Race | undefined> {
  const q = db.selectFrom('pms_race').select(['id', 'title', 'declareEnd', 'reviewEnd']);
  const id = parameter.trim();
  if (!id) return await q.where('isCurrent', '=', 1).executeTakeFirst() as Race | undefined;
  const race = await q.where('id', '=', id).executeTakeFirst() as Race | undefined;
  if (!race) throw new Error(`未找到参数指定的赛事：${id.slice(0, 40)}`);
  return race;
}

const distinct = (rows: { name: unknown }[]) => [...new Set(rows.map((r) => String(r.name)).filter(Boolean))];

/**
 * Tells the applicants whose projects of the contest are still unsubmitted (草稿, 已退回) that the
 * declaration closes at 申报截止. Parameter: a contest id, or empty for the current contest.
 */
export const declareDeadlineReminderJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.DeclareDeadlineReminderJob',
  label: '提醒申报人申报截止',
  async run({ db, parameter, now }) {
    const race = await raceOf(db, parameter);
    if (!race) return '没有当前赛事，未发送提醒';
    if (!race.declareEnd || race.declareEnd < formatDateTime(now)) return `「${race.title}」不在申报期内，未发送提醒`;
    const owners = distinct(await db.selectFrom('pms_project').select('createBy as name').distinct()
      .where('raceId', '=', race.id).where('state', 'in', ['draft', 'returned']).execute());
    if (!owners.length) return `「${race.title}」没有未提交的项目`;
    await inTransaction(db, (tx) => notifyUsers(tx, {
      usernames: owners, sender: SENDER, busType: 'pms_race', busId: race.id,
      title: `「${race.title}」申报即将截止`,
      content: `「${race.title}」申报将于 ${race.declareEnd} 截止，您还有未提交的项目，请尽快完成并提交申报。`,
    }));
    return `已提醒 ${owners.length} 位申报人：${owners.join('、')}`;
  },
};

/**
 * Tells the experts holding unsubmitted score sheets (待评, 已保存) of the contest to finish them.
 * Parameter: a contest id, or empty for the current contest.
 */
export const reviewReminderJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.ReviewReminderJob',
  label: '提醒专家完成评分',
  async run({ db, parameter }) {
    const race = await raceOf(db, parameter);
    if (!race) return '没有当前赛事，未发送提醒';
    const experts = distinct(await db.selectFrom('pms_project_review').select('expert as name').distinct()
      .where('raceId', '=', race.id).where('state', 'in', ['pending', 'draft']).execute());
    if (!experts.length) return `「${race.title}」没有未提交的评分`;
    await inTransaction(db, (tx) => notifyUsers(tx, {
      usernames: experts, sender: SENDER, busType: 'pms_race', busId: race.id,
      title: `「${race.title}」有待完成的评分`,
      content: `「${race.title}」还有分配给您的项目尚未提交评分${race.reviewEnd ? `，评审将于 ${race.reviewEnd} 截止` : ''}，请尽快完成。`,
    }));
    return `已提醒 ${experts.length} 位专家：${experts.join('、')}`;
  },
};
