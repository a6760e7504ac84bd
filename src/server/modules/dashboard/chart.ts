import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RowScope } from '../../crud/hooks.js';
import { countBy, dbOf, scoped } from './access.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const month = (col: string) => sql<string>`substr(${sql.ref(col)}, 1, 7)`;

/** The last twelve months, `YYYY-MM`, oldest first. */
function lastMonths(now = new Date()): string[] {
  const out: string[] = [];
  for (let i = 11; i >= 0; i--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
  return out;
}

/** `select substr(col,1,7), count(*) … group by` over the last twelve months, every month listed (0 when none). */
async function perMonth(q: any, col: string) {
  const months = lastMonths();
  const rows = await q.where(col, '>=', months[0]).select([month(col).as('m'), (eb: any) => eb.fn.countAll().as('n')]).groupBy(month(col)).execute();
  const counts = new Map(rows.map((r: any) => [String(r.m), Number(r.n)]));
  return months.map((m) => ({ month: m, count: counts.get(m) ?? 0 }));
}

/**
 * 图表 gallery over the platform's own data: users and logins per month, projects by state and
 * track, the distribution of submitted scores, announcements per month. Projects and scores keep
 * the project list's row rules.
 */
export async function chartFigures(req: FastifyRequest, projectScope: RowScope | null) {
  const { ctx } = req.server;
  const db = dbOf(req);
  const projects = () => scoped(db.selectFrom('pms_project'), projectScope);
  const dict = async (code: string) => (await ctx.dicts.texts(code)) ?? new Map<string, string>();
  const stateText = await dict('project_state');
  const trackText = await dict('race_track');

  const stateTrack = await projects().select(['state', 'track', (eb: any) => eb.fn.countAll().as('n')]).groupBy(['state', 'track']).execute();
  const scores = await db.selectFrom('pms_project_review').where('state', '=', 'submitted').where('projectId', 'in', projects().select('id'))
    .select([sql<number>`floor(${sql.ref('total')} / 10) * 10`.as('bucket'), (eb: any) => eb.fn.countAll().as('n')])
    .groupBy(sql`floor(${sql.ref('total')} / 10) * 10`).execute();
  const logins = await perMonth(db.selectFrom('sys_log').where('logType', '=', 1), 'createTime');
  const users = await perMonth(db.selectFrom('sys_user').where('delFlag', '=', 0), 'createTime');
  const notices = await perMonth(db.selectFrom('sys_announcement'), 'createTime');
  const sex = await countBy(db.selectFrom('sys_user').where('delFlag', '=', 0), 'sex');

  return {
    projectsByStateTrack: stateTrack.map((r: any) => ({
      state: stateText.get(r.state) ?? r.state, track: r.track ? trackText.get(r.track) ?? r.track : '未填写', count: Number(r.n),
    })),
    scoreBuckets: scores.filter((r: any) => r.bucket != null).map((r: any) => ({ bucket: `${Number(r.bucket)}-${Number(r.bucket) + 9}`, from: Number(r.bucket), count: Number(r.n) }))
      .sort((a: any, b: any) => a.from - b.from),
    loginsPerMonth: logins,
    usersPerMonth: users,
    noticesPerMonth: notices,
    usersBySex: [...sex].map(([k, n]) => ({ sex: k === '1' ? '男' : k === '2' ? '女' : '未填写', count: n })),
  };
}
