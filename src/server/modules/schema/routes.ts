import type { FastifyInstance } from 'fastify';
import { badRequest, fail, ok } from '../../http/result.js';

/**
 * The page schemas the renderer draws, by code (`/online/cgformList/:code`) or by the menu
 * component that names them (`system/SysPositionList`), so a schema file plus a menu row is a page.
 * The whole declaration is public to a signed-in user: it names no data, and the table name is what
 * the contract's duplicate check sends back (resolved against the same registry).
 */
export async function schemaRoutes(app: FastifyInstance) {
  const { schemas } = app.ctx;
  const byComponent = new Map(schemas.schemas.filter((s) => s.component).map((s) => [s.component!, s]));

  app.get<{ Querystring: { code?: unknown; component?: unknown } }>('/sys/schema/page', async (req) => {
    const { code, component } = req.query;
    if (typeof code !== 'string' && typeof component !== 'string') throw badRequest('缺少参数 code 或 component');
    const schema = typeof code === 'string' ? schemas.get(code) : byComponent.get(component as string);
    // A plain failure, not a 404: the web asks this for every menu component and falls back to the not-built page.
    if (!schema) return fail('页面配置不存在', 404);
    return ok(schema);
  });
}
