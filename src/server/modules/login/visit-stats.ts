import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ok } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';

const DAYS = 7;
const dayOf = (d: Date) => formatDateTime(d).slice(0, 10);

/**
 * The home page's visit figures (contract: LoginController loginfo/visitInfo), read from the login
 * log (sys_log, log_type 1). Unlike JeecgBoot, which counts every login-log line, only successful
 * logins count: failed attempts and logouts are log lines too, but not visits.
 */
export async function visitStatsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const logins = () => db.selectFrom('sysLog').where('logType', '=', 1).where('userid', 'is not', null)
    .where('logContent', 'like', '%登录成功%');

  app.get('/sys/loginfo', { config: { access: 'login' } }, async () => {
    const today = dayOf(new Date());
    const [total, day] = await Promise.all([
      logins().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      logins().where('createTime', '>=', `${today} 00:00:00`).where('createTime', '<=', `${today} 23:59:59`)
        .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`count(distinct ${eb.ref('ip')})`.as('ips')]).executeTakeFirstOrThrow(),
    ]);
    return ok({ totalVisitCount: Number(total.n), todayVisitCount: Number(day.n), todayIp: Number(day.ips) }, '登录成功');
  });

  // One row per day of the last seven (today included), days without a login as zeros, for the chart's `type` axis.
  app.get('/sys/visitInfo', { config: { access: 'login' } }, async () => {
    const days = Array.from({ length: DAYS }, (_, i) => {
      const d = new Date();
      d.setDate(d.getDate() - (DAYS - 1 - i));
      return dayOf(d);
    });
    const rows = await logins().where('createTime', '>=', `${days[0]} 00:00:00`)
      .select((eb) => [
        sql<string>`substr(${eb.ref('createTime')}, 1, 10)`.as('tian'),
        eb.fn.countAll<number>().as('visit'),
        sql<number>`count(distinct ${eb.ref('ip')})`.as('ip'),
      ])
      .groupBy(sql`tian`).execute();
    const byDay = new Map(rows.map((r) => [r.tian, r]));
    return ok(days.map((tian) => ({ tian, type: tian.slice(5), visit: Number(byDay.get(tian)?.visit ?? 0), ip: Number(byDay.get(tian)?.ip ?? 0) })));
  });
}
