import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { grantsOf } from '../../auth/grants.js';
import type { RowScope } from '../../crud/hooks.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { ok } from '../../http/result.js';
import { ANNOUNCEMENT, ensureBroadcastReceipts, PUBLISHED, SEND } from '../announcement/recipients.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** One to-do of the 工作台: how many, and the page that shows them. */
export interface Todo {
  key: string;
  label: string;
  count: number;
  path: string;
}

/** A count on one table of the user's own rows, within the page's row rules as its list applies them. */
type Counter = (db: Kysely<any>, username: string, scopeOf: (table: string) => Promise<RowScope | null>) => Promise<number>;

interface TodoKind {
  key: string;
  label: string;
  path: string;
  /** The menu page the to-do opens: only its holders see the to-do. */
  component: string;
  count: Counter;
}

const countOf = async (q: any) => Number((await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const scoped = (q: any, scope: RowScope | null) => (scope ? q.where(scope) : q);

/** The to-dos by role (issue 15): an applicant's drafts and returned projects, a reviewer's audit queue, an expert's unscored projects, everyone's tasks. */
const KINDS: TodoKind[] = [
  {
    key: 'draftProjects', label: '草稿项目', path: '/pms/myProject', component: 'pms/MyProjectList',
    count: (db, me) => countOf(db.selectFrom('pms_project').where('createBy', '=', me).where('state', '=', 'draft')),
  },
  {
    key: 'returnedProjects', label: '被退回的项目', path: '/pms/myProject', component: 'pms/MyProjectList',
    count: (db, me) => countOf(db.selectFrom('pms_project').where('createBy', '=', me).where('state', '=', 'returned')),
  },
  {
    key: 'auditQueue', label: '待审核项目', path: '/pms/audit', component: 'pms/ProjectAuditList',
    count: async (db, _me, scopeOf) => countOf(scoped(db.selectFrom('pms_project').where('state', '=', 'submitted'), await scopeOf('pms_project'))),
  },
  {
    key: 'unscored', label: '待评分项目', path: '/pms/score', component: 'pms/ProjectScoreList',
    count: (db, me) => countOf(db.selectFrom('pms_project_review').where('expert', '=', me).where('state', 'in', ['pending', 'draft'])),
  },
  {
    key: 'tasks', label: '我的待办任务', path: '/pms/task', component: 'pms/TaskList',
    count: (db, me) => countOf(db.selectFrom('pms_task').where('assignee', '=', me).where('state', '<>', 'done')),
  },
];

/** `GET /sys/workplace/todo`: the signed-in user's to-dos (those of the pages they hold) and unread notices, each with the page to open. */
export async function workplaceRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const db = ctx.db as unknown as Kysely<any>;

  app.get('/sys/workplace/todo', { config: { access: 'login' } }, async (req: FastifyRequest) => {
    const user = req.user!;
    const grants = await grantsOf(ctx.db, req);
    const scopeOf = (table: string) => rowRuleScope(ctx.db, req, ctx.schemas.get(table)!, ctx.schemas.schemas);
    const todos: Todo[] = [];
    for (const k of KINDS) {
      if (!grants.admin && !grants.menus.has(k.component)) continue;
      todos.push({ key: k.key, label: k.label, path: k.path, count: await k.count(db, user.username, scopeOf) });
    }
    await ensureBroadcastReceipts(db, user);
    const unread = await countOf(db.selectFrom(`${SEND} as s`).innerJoin(`${ANNOUNCEMENT} as a`, 'a.id', 's.anntId')
      .where('s.userId', '=', user.id).where('s.readFlag', '=', '0').where('a.sendStatus', '=', PUBLISHED));
    todos.push({ key: 'unreadNotices', label: '未读消息', path: '/isps/userAnnouncement', count: unread });
    return ok(todos);
  });
}
