import type { FastifyInstance } from 'fastify';
import type { PageSchema } from '../../../schema/types.js';
import { asView, pageComponents } from '../../../schema/permission.js';
import { badRequest, fail, ok } from '../../http/result.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/**
 * The page schemas the renderer draws, by code (`/online/cgformList/:code`) or by the menu
 * component that names them (`system/SysPositionList`), so a schema file plus a menu row is a page.
 * The whole declaration is public to a signed-in user: it names no data, and the table name is what
 * the contract's duplicate check sends back (resolved against the same registry).
 */
export async function schemaRoutes(app: FastifyInstance) {
  const { schemas } = app.ctx;
  // Rebuilt when the registry changes (an online form synced): a new page is found by its component too.
  let byComponent = new Map<string, PageSchema>();
  let builtAt = -1;
  const componentOf = (name: string) => {
    if (builtAt !== schemas.version) {
      byComponent = new Map(schemas.schemas.flatMap((s) => pageComponents(s).map((c) => [c, asView(s, c)] as const)));
      builtAt = schemas.version;
    }
    return byComponent.get(name);
  };

  app.get<{ Querystring: { code?: unknown; component?: unknown } }>('/sys/schema/page', { config: { access: 'record' }, ...documentedOnly({ querystring: fields({ code: ['string', '页面编码'], component: ['string', '菜单组件'] }) }) }, async (req) => {
    const { code, component } = req.query;
    if (typeof code !== 'string' && typeof component !== 'string') throw badRequest('缺少参数 code 或 component');
    const schema = typeof code === 'string' ? schemas.get(code) : componentOf(component as string);
    // A plain failure, not a 404: the web asks this for every menu component and falls back to the not-built page.
    if (!schema) return fail('页面配置不存在', 404);
    return ok(schema);
  });
}
