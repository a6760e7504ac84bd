import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/result.js';
import { DASHBOARDS, dbOf, requireDashboard, scopeKey, scopeOf } from './access.js';
import { analysisFigures } from './analysis.js';
import { chartFigures } from './chart.js';
import { KeptFigures } from './kept-figures.js';
import { taskFigures } from './task.js';

/** The dashboards' figures (issue 15): each answers whoever holds its menu, within their row rules. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  // Both count projects within the user's row rules: users whose rules give the same scope share their figures.
  const { keepMs, costlyMs } = app.ctx.config.dashboardFigures;
  const analysis = new KeptFigures<Awaited<ReturnType<typeof analysisFigures>>>(keepMs, costlyMs);
  const chart = new KeptFigures<Awaited<ReturnType<typeof chartFigures>>>(keepMs, costlyMs);

  app.get<{ Querystring: { raceId?: string } }>('/sys/dashboard/analysis', {
    config: { access: { menu: DASHBOARDS.analysis } },
    schema: { querystring: { type: 'object', properties: { raceId: { type: 'string', maxLength: 64 } } } },
  }, async (req) => {
    await requireDashboard(req, DASHBOARDS.analysis);
    const raceId = req.query.raceId || undefined;
    const scope = await scopeOf(req, 'pms_project');
    const key = JSON.stringify([raceId ?? null, scopeKey(dbOf(req), 'pms_project', scope)]);
    return ok(await analysis.get(key, () => analysisFigures(req, scope, raceId)));
  });

  app.get('/sys/dashboard/task', { config: { access: { menu: DASHBOARDS.task } } }, async (req) => {
    await requireDashboard(req, DASHBOARDS.task);
    return ok(await taskFigures(req));
  });

  app.get('/sys/dashboard/chart', { config: { access: { menu: DASHBOARDS.chart } } }, async (req) => {
    await requireDashboard(req, DASHBOARDS.chart);
    const scope = await scopeOf(req, 'pms_project');
    return ok(await chart.get(scopeKey(dbOf(req), 'pms_project', scope), () => chartFigures(req, scope)));
  });
}
