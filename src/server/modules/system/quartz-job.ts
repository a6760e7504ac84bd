import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { requireRead } from '../../crud/read-access.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { cronRefusal } from '../../jobs/cron.js';
import { jobHandler, unknownJobClass } from '../../jobs/registry.js';
import { deleteRunsOf, JOBS, jobRow, runsOf } from '../../jobs/runs.js';
import { attachScheduler, JobScheduler, RUNNING, schedulerOf } from '../../jobs/scheduler.js';
import { routeOf } from '../../http/request-log.js';
import { formatDateTime } from '../../util/time.js';
import { applyDefaults, idParam, keepStoredWhenNull, requireAnyAction, requireOneOf } from './checks.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const STOPPED = -1;
const EDIT = 'system:quartzJob:edit';
const jobIdQuery = documentedOnly({ querystring: fields({ id: ['string', '任务id'] }, ['id']) });

/** A row the scheduler can run: a known job class, a cron croner reads, a known state. */
function check(row: Row): void {
  if (row.jobClassName !== undefined && !jobHandler(String(row.jobClassName))) throw badRequest(unknownJobClass(row.jobClassName));
  if (row.cronExpression !== undefined) {
    const refusal = cronRefusal(row.cronExpression);
    if (refusal) throw badRequest(refusal);
  }
  requireOneOf('状态', row.status, [RUNNING, STOPPED]);
}

/** The page's writes change what runs: every instance follows (this one at once, the others at their next sync). */
const reschedule = (h: HookContext) => schedulerOf(h.ctx)?.reloadSoon();

const intParam = (req: FastifyRequest, name: string, fallback: number, max: number) => {
  const raw = (req.query as Record<string, unknown> | undefined)?.[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`参数 ${name} 应为正整数`);
  return Math.min(n, max);
};

/**
 * 定时任务 (contract §13.3): rows run on their cron by the scheduler (src/server/jobs), started and
 * stopped here, 立即执行 on demand, each run in the row's run log.
 */
async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const scheduler = new JobScheduler(db, app.log, app.ctx.config.jobs, app.ctx);
  attachScheduler(app.ctx, scheduler);
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  const setStatus = (url: string, status: number, message: string) => app.get(url, { config: { access: { permission: EDIT } }, ...jobIdQuery }, async (req) => {
    await requireAnyAction(req, [EDIT]);
    const id = idParam(req);
    const job = await jobRow(db, id);
    if (!job) return fail('未找到对应数据');
    if (status === RUNNING) check({ jobClassName: job.jobClassName, cronExpression: job.cronExpression });
    await db.updateTable(JOBS).set({ status, updateBy: req.user!.username, updateTime: formatDateTime() }).where('id', '=', id).execute();
    await scheduler.reload();
    return okMessage(message);
  });
  setStatus('/sys/quartzJob/pause', STOPPED, '停止定时任务成功');
  setStatus('/sys/quartzJob/resume', RUNNING, '启动定时任务成功');

  app.get('/sys/quartzJob/execute', { config: { access: { permission: EDIT } }, ...jobIdQuery }, async (req) => {
    await requireAnyAction(req, [EDIT]);
    const job = await jobRow(db, idParam(req));
    if (!job) return fail('未找到对应数据');
    if (!jobHandler(job.jobClassName)) throw badRequest(unknownJobClass(job.jobClassName));
    await scheduler.executeNow(job);
    return okMessage('执行成功!');
  });

  app.get('/sys/quartzJob/runs', { config: { access: { page: 'quartz_job' } } }, async (req) => {
    await requireRead(app.ctx.db, app.ctx.schemas, req, app.ctx.schemas.get('quartz_job')!);
    const id = idParam(req);
    return ok(await runsOf(db, id, intParam(req, 'pageNo', 1, 100_000), intParam(req, 'pageSize', 10, 100)));
  });
}

export const quartzJobModule: SchemaModule = {
  schema: 'quartz_job',
  hooks: {
    beforeAdd(h, values) {
      applyDefaults(values, { status: RUNNING });
      // Imported jobs wait to be started by hand (contract §13.3).
      if (routeOf(h.req).endsWith('/importExcel')) values.status = STOPPED;
      check(values);
    },
    afterAdd: reschedule,
    beforeEdit(_h, changes) {
      keepStoredWhenNull(changes, ['status']);
      check(changes);
    },
    afterEdit: reschedule,
    async afterDelete(h, ids) {
      await deleteRunsOf(h.db, ids);
      reschedule(h);
    },
  },
  routes,
};
