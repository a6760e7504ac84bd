import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/result.js';
import { DASHBOARDS, requireDashboard } from './access.js';
import { analysisFigures } from './analysis.js';
import { chartFigures } from './chart.js';
import { taskFigures } from './task.js';

/** The dashboards' figures (issue 15): each answers whoever holds its menu, within their row rules. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { raceId?: string } }>('/sys/dashboard/analysis', {
    config: { access: { menu: DASHBOARDS.analysis } },
    schema: { querystring: { type: 'object', properties: { raceId: { type: 'string', maxLength: 64 } } } },
  }, async (req) => {
    await requireDashboard(req, DASHBOARDS.analysis);
    return ok(await analysisFigures(req, req.query.raceId || undefined));
  });

  app.get('/sys/dashboard/task', { config: { access: { menu: DASHBOARDS.task } } }, async (req) => {
    await requireDashboard(req, DASHBOARDS.task);
    return ok(await taskFigures(req));
  });

  app.get('/sys/dashboard/chart', { config: { access: { menu: DASHBOARDS.chart } } }, async (req) => {
    await requireDashboard(req, DASHBOARDS.chart);
    return ok(await chartFigures(req));
  });
}
