import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import type { JobHandler } from '../handler.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const count = async (q: any): Promise<number> => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);

/** The dashboards' figures as they stand: users, projects (all and per state), submitted score sheets. */
async function figures(db: Kysely<any>): Promise<Record<string, number>> {
  const byState = await db.selectFrom('pms_project').select(['state', (eb) => eb.fn.countAll().as('n')]).groupBy('state').execute();
  const out: Record<string, number> = {
    users: await count(db.selectFrom('sys_user').where('delFlag', '=', 0)),
    'projects.total': byState.reduce((sum, r) => sum + Number(r.n), 0),
    'reviews.submitted': await count(db.selectFrom('pms_project_review').where('state', '=', 'submitted')),
  };
  for (const r of byState) out[`projects.${r.state ?? 'none'}`] = Number(r.n);
  return out;
}

/**
 * Snapshots the day's figures into sys_daily_stat, one row per day and figure. Run again the same
 * day, it overwrites that day's rows with the figures as they are then.
 */
export const dailyStatsJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.DailyStatsJob',
  label: '记录每日统计',
  async run({ db, now }) {
    const statDate = formatDateTime(now).slice(0, 10);
    const rows = Object.entries(await figures(db)).map(([figure, value]) => ({ id: newId(), statDate, figure, value, createTime: formatDateTime() }));
    await db.insertInto('sys_daily_stat').values(rows)
      .onConflict((oc) => oc.columns(['statDate', 'figure']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), createTime: eb.ref('excluded.createTime') })))
      .execute();
    return `${statDate} 统计 ${rows.length} 项：${rows.map((r) => `${r.figure}=${r.value}`).join('，')}`;
  },
};
