import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import { columnFields } from '../../schema/ddl.js';
import { pageComponents } from '../../schema/permission.js';
import { isPersonal, type PageSchema } from '../../schema/types.js';
import { ERROR_COMPONENTS, ERROR_RESPONSES, resultOf } from './envelope.js';
import { recordRoutes, type RouteAccess } from './inventory.js';
import { pageOperations, type PageAccess } from './page-doc.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = Record<string, any>;

const SECURITY_SCHEME = 'X-Access-Token';
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/** Hand-written routes outside every page's API path, by their first path segment. */
const AREA_OF_SEGMENT: Record<string, string> = {
  sys: '系统管理', online: '在线开发', web: '门户网站', applet: '小程序', websocket: '消息推送', api: '开放接口',
};
const OTHER_AREA = '通用接口';

/** The `{a}` form of a Fastify path: `:a` parameters and the `*` wildcard. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * Registers the OpenAPI generator before any route: it records the route inventory, and fills in
 * what every hand-written route's document says besides its own schema (the Result envelope, the
 * token scheme). Response schemas document and test the replies; they do not serialize them (the
 * default serializer would drop every field a schema leaves out), so replies stay JSON.stringify.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  recordRoutes(app);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const apiBase = app.ctx.config.apiBase;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '科技成果企业服务平台 API', version: '1.0.0', description: 'JeecgBoot 兼容接口：每个回复都是 Result 包装 {success,message,code,result,timestamp}；登录后在请求头 X-Access-Token 中携带 token。' },
      servers: [{ url: apiBase }],
      components: {
        securitySchemes: { [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-Access-Token', description: '登录接口 /sys/login 返回的 token' } },
        schemas: { Result: resultOf() },
        responses: ERROR_COMPONENTS,
      },
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    stripBasePath: true,
    transform: ({ schema, url, route }) => {
      if (!url.startsWith(`${apiBase}/`)) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const s: Json = { ...schema };
      s.response ??= { 200: resultOf() };
      // A free-form query (a report's own parameters) has no properties to list one by one.
      const query = s.querystring as Json | undefined;
      if (query && !query.properties) { s['x-free-query'] = query; delete s.querystring; }
      if (route.config?.public) s.security = [];
      return { schema: s as FastifySchema, url };
    },
  });
}

/** Each menu component's area: the name of its top-level menu. */
async function menuAreas(db: Kysely<any>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_permission').select(['id', 'parentId', 'name', 'component']).where('delFlag', '=', 0).execute() as Json[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const rootName = (r: Json) => {
    for (let seen = 0; r.parentId && byId.has(r.parentId) && seen < 20; seen++) r = byId.get(r.parentId)!;
    return String(r.name);
  };
  const out = new Map<string, string>();
  for (const r of rows) if (r.component && !out.has(r.component)) out.set(r.component, rootName(r));
  return out;
}

const examples = new WeakMap<FastifyInstance, Map<string, Json>>();

/**
 * One row per page as the seed left it (its oldest), without sensitive or personal fields, as the
 * document's examples. Read once per process: the seed does not change.
 */
async function seedExamples(app: FastifyInstance): Promise<Map<string, Json>> {
  const cached = examples.get(app);
  if (cached) return cached;
  const db = app.ctx.db as unknown as Kysely<any>;
  const out = new Map<string, Json>();
  for (const schema of app.ctx.schemas.schemas) {
    if (schema.api.startsWith('/online/data/')) continue;
    const columns = columnFields(schema).filter((f) => !f.sensitive && !isPersonal(schema, f)).map((f) => f.name);
    if (!columns.length) continue; // a personal page's rows: no example at all
    try {
      const row = await db.selectFrom(schema.table).select(columns).orderBy('createTime', 'asc').orderBy('id').limit(1).executeTakeFirst();
      if (row) out.set(schema.code, row);
    } catch { /* a table a module has not created yet: no example */ }
  }
  examples.set(app, out);
  return out;
}

const ACCESS_TEXT: Record<string, string> = {
  public: '无需登录', login: '登录用户', admin: '管理员', record: '登录用户，由所访问的记录（在线表单、报表等）的权限决定',
};
const list = (x: string | string[]) => [x].flat().join(' 或 ');

/** Who may call the operation, for readers (description) and for the authorization matrix test (`x-access`). */
function describeAccess(op: Json, access: RouteAccess | PageAccess): Json {
  op['x-access'] = access;
  const text = typeof access === 'string' ? ACCESS_TEXT[access]
    : 'action' in access ? (access.permission ? `按钮权限 ${list(access.permission)}` : `可查看页面 ${access.page} 的用户`)
      : 'permission' in access ? `按钮权限 ${list(access.permission)}`
        : 'page' in access ? `可查看页面 ${list(access.page)} 的用户` : `拥有菜单 ${list(access.menu)} 的用户或管理员`;
  op.description = [op.description, `访问权限：${text}`].filter(Boolean).join('\n\n');
  if (access === 'public') op.security = [];
  return op;
}

/** @fastify/swagger leaves WebSocket routes out: the upgrade is documented by hand. */
function addWebSocket(doc: Json, path: string): void {
  const item = (doc.paths[path] ??= {});
  item.get ??= {
    summary: 'WebSocket 实时通知', tags: ['消息推送'],
    description: '以 WebSocket 升级（Upgrade: websocket）连接；token 作为子协议（Sec-WebSocket-Protocol）发送，或放在 ?token= 中。服务端只接收 HeartBeat 心跳，推送 JSON 通知。',
    parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string' }, description: '当前用户id' }],
    responses: { 101: { description: '切换到 WebSocket 协议' }, ...ERROR_RESPONSES },
  };
}

/** The page whose API path is the longest prefix of `path`. */
function pageOfPath(path: string, schemas: PageSchema[]): PageSchema | undefined {
  let best: PageSchema | undefined;
  for (const s of schemas) if ((path === s.api || path.startsWith(`${s.api}/`)) && (!best || s.api.length > best.api.length)) best = s;
  return best;
}

/**
 * The whole document as the server stands now: the hand-written routes' declarations (built once
 * by @fastify/swagger), plus every page's generated operations — online forms included as soon as
 * they are synced — tagged by menu area, with the seed's rows as examples.
 */
export async function buildDocument(app: FastifyInstance): Promise<Json> {
  const doc = structuredClone(app.swagger()) as Json;
  const { schemas, dicts } = app.ctx;
  const pages = schemas.schemas;
  const db = app.ctx.db as unknown as Kysely<any>;
  const apiBase = app.ctx.config.apiBase;
  const [areas, dictItems, rows] = await Promise.all([menuAreas(db), dicts.allEnabled(), seedExamples(app)]);
  const areaOfPage = (s: PageSchema) => pageComponents(s).map((c) => areas.get(c)).find(Boolean) ?? (s.api.startsWith('/online/data/') ? '在线表单' : OTHER_AREA);
  const lookup = (code: string) => dictItems[code];
  for (const schema of pages) {
    const tag = areaOfPage(schema);
    for (const op of pageOperations(schema, pages, lookup, rows.get(schema.code))) {
      const item = (doc.paths[op.path] ??= {});
      item[op.method] = describeAccess({ tags: [tag], ...op.operation, responses: { ...op.operation.responses, ...ERROR_RESPONSES } }, op.access);
    }
  }
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op || op.tags) continue;
      const page = pageOfPath(path, pages);
      op.tags = [page ? areaOfPage(page) : AREA_OF_SEGMENT[path.split('/')[1]] ?? OTHER_AREA];
      op.summary ??= page ? `${page.title}-${path.slice(page.api.length + 1) || m}` : path;
      op.responses = { ...op.responses, ...ERROR_RESPONSES };
      if (op['x-free-query']) {
        (op.parameters ??= []).push({ name: 'query', in: 'query', style: 'form', explode: true, description: '查询条件：任意参数名与值', schema: op['x-free-query'] });
        delete op['x-free-query'];
      }
    }
  }
  for (const r of app.routeInventory) {
    if (r.websocket && r.url.startsWith(`${apiBase}/`)) addWebSocket(doc, openApiPath(r.url.slice(apiBase.length)));
    const op = doc.paths[openApiPath(r.url.slice(apiBase.length))]?.[r.method.toLowerCase()];
    const access = r.config?.access ?? (r.config?.public ? 'public' : undefined);
    if (op && access && !op['x-access']) describeAccess(op, access);
  }
  doc.tags = [...new Set(Object.values(doc.paths as Json).flatMap((item) => METHODS.flatMap((m) => item[m]?.tags ?? [])))].map((name) => ({ name }));
  return doc;
}
