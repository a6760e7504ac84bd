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

  // Several at once: the web keeps the menu's page schemas, fetched while the browser is idle after login.
  app.get<{ Querystring: { components?: unknown; codes?: unknown } }>('/sys/schema/pages', {
    config: { access: 'login' },
    ...documentedOnly({ querystring: fields({ components: ['string', `菜单组件，逗号分隔`], codes: ['string', '页面编码，逗号分隔'] }) }),
  }, async (req) => {
    const components = nameList(req.query.components, 'components');
    const codes = nameList(req.query.codes, 'codes');
    if (!components.length && !codes.length) throw badRequest('缺少参数 components 或 codes');
    if (components.length + codes.length > MAX_PAGES) throw badRequest(`一次最多取${MAX_PAGES}个页面`);
    const found = (names: string[], get: (name: string) => PageSchema | undefined) =>
      Object.fromEntries(names.flatMap((n) => { const s = get(n); return s ? [[n, s]] : []; }));
    return ok({ components: found(components, componentOf), codes: found(codes, (c) => schemas.get(c)) });
  });
}

/** How many pages one `/sys/schema/pages` request may ask for. */
const MAX_PAGES = 100;

/** A comma-separated parameter's names; absent is none. */
function nameList(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'string') throw badRequest(`参数 ${name} 应为逗号分隔的文本`);
  return [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
}
