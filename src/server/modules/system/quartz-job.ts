import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { quartzCronProblem } from '../../../schema/cron.js';
import type { Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { applyDefaults, idParam, keepStoredWhenNull, requireAnyAction, requireOneOf } from './checks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_quartz_job';
const RUNNING = 0;
const STOPPED = -1;

function check(row: Row): void {
  if (row.cronExpression !== undefined) {
    const problem = quartzCronProblem(row.cronExpression);
    if (problem) throw badRequest(problem);
  }
  requireOneOf('状态', row.status, [RUNNING, STOPPED]);
}

/**
 * Job records and their state (contract §13.3). The server keeps the records only: nothing is
 * scheduled or executed, so there is no `execute` route pretending otherwise.
 */
async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const setStatus = (url: string, status: number, message: string) => app.get(url, async (req) => {
    await requireAnyAction(req, ['system:quartzJob:edit']);
    const id = idParam(req);
    const res = await db.updateTable(TABLE).set({ status, updateBy: req.user!.username, updateTime: formatDateTime() })
      .where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) ? okMessage(message) : fail('未找到对应数据');
  });
  setStatus('/sys/quartzJob/pause', STOPPED, '停止定时任务成功');
  setStatus('/sys/quartzJob/resume', RUNNING, '启动定时任务成功');
}

export const quartzJobModule: SchemaModule = {
  schema: 'quartz_job',
  hooks: {
    beforeAdd(_h, values) {
      applyDefaults(values, { status: RUNNING });
      check(values);
    },
    beforeEdit(_h, changes) {
      keepStoredWhenNull(changes, ['status']);
      check(changes);
    },
  },
  routes,
};
