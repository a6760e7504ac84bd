import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { dbOf, scoped, scopeOf } from './access.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const DAYS = 30;

/** Tasks finished on each of the last 30 days (UTC, as times are stored), every day listed. */
async function finishedPerDay(q: any) {
  const days = Array.from({ length: DAYS }, (_, i) => new Date(Date.now() - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const day = sql<string>`substr(${sql.ref('finishTime')}, 1, 10)`;
  const rows = await q.where('state', '=', 'done').where('finishTime', '>=', `${days[0]} 00:00:00`)
    .select([day.as('day'), (eb: any) => eb.fn.countAll().as('n')]).groupBy(day).execute();
  const counts = new Map(rows.map((r: any) => [String(r.day), Number(r.n)]));
  return days.map((d) => ({ day: d, count: counts.get(d) ?? 0 }));
}

/** 任务看板: pms_task by state, by assignee and state, overdue and due soon, within the task list's row rules. */
export async function taskFigures(req: FastifyRequest) {
  const { ctx } = req.server;
  const db = dbOf(req);
  const scope = await scopeOf(req, 'pms_task');
  const tasks = () => scoped(db.selectFrom('pms_task'), scope);
  const today = new Date().toISOString().slice(0, 10);
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  const stateText = (await ctx.dicts.texts('task_state')) ?? new Map<string, string>();
  const rows = await tasks().select(['assignee', 'state', (eb: any) => eb.fn.countAll().as('n')]).groupBy(['assignee', 'state']).execute();
  const assignees = [...new Set(rows.map((r: any) => r.assignee).filter(Boolean))] as string[];
  const names = new Map(assignees.length
    ? (await db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', assignees).execute()).map((u: any) => [u.username, u.realname])
    : []);

  const byState = new Map<string, number>();
  const byAssignee = new Map<string, { assignee: string | null; name: string; total: number; states: Record<string, number> }>();
  for (const r of rows as any[]) {
    const n = Number(r.n);
    byState.set(r.state, (byState.get(r.state) ?? 0) + n);
    const key = r.assignee ?? '';
    const a = byAssignee.get(key) ?? { assignee: r.assignee ?? null, name: r.assignee ? names.get(r.assignee) ?? r.assignee : '未分配', total: 0, states: {} as Record<string, number> };
    a.total += n;
    a.states[r.state] = (a.states[r.state] ?? 0) + n;
    byAssignee.set(key, a);
  }
  const count = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const open = () => tasks().where('state', '<>', 'done');
  return {
    total: [...byState.values()].reduce((a, b) => a + b, 0),
    byState: [...byState].map(([state, n]) => ({ state, label: stateText.get(state) ?? state, count: n })),
    byAssignee: [...byAssignee.values()].sort((a, b) => b.total - a.total),
    overdue: await count(open().where('deadline', '<', today)),
    dueThisWeek: await count(open().where('deadline', '>=', today).where('deadline', '<=', inAWeek)),
    finishedPerDay: await finishedPerDay(tasks()),
  };
}
