import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { grantsOf } from '../auth/grants.js';
import { readToken } from '../auth/guard.js';
import { fail } from '../http/result.js';
import { readSiteSettings } from '../modules/site/settings.js';
import { buildDocument } from './document.js';

/** Swagger UI's own files, as @fastify/swagger-ui ships them: served from node_modules, no outside network. */
const UI_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = (apiBase: string) => `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="UTF-8">
<title>接口文档</title>
<link rel="stylesheet" href="${apiBase}/doc/swagger-ui.css">
<link rel="icon" type="image/png" href="${apiBase}/doc/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${apiBase}/doc/swagger-ui-bundle.js"></script>
<script src="${apiBase}/doc/init.js"></script>
</body>
</html>`;

/**
 * The page's start: the token comes from ?token= or from the signed-in web app (same origin, its
 * stored 'Access-Token'), and goes with the document's request and every "Try it out".
 */
const init = (apiBase: string) => `(function () {
  var token = new URLSearchParams(location.search).get('token');
  if (!token) { try { token = JSON.parse(localStorage.getItem('Access-Token') || 'null').value; } catch (e) { token = null; } }
  window.SwaggerUIBundle({
    url: '${apiBase}/v3/api-docs', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false,
    requestInterceptor: function (r) { if (token && !r.headers['X-Access-Token']) r.headers['X-Access-Token'] = token; return r; },
  });
})();
`;

/**
 * Whether this request may read the document: anyone when the site setting 公开接口文档 is on,
 * else the administrator role. Answers the refusal itself and returns false.
 */
async function mayReadDocs(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if ((await readSiteSettings(app.ctx.db)).openApiDocs) return true;
  if (!req.user) {
    // As the guard answers a route that is not public: no token, or one that is no longer valid.
    const message = readToken(req) ? 'Token失效，请重新登录!' : 'token为空!';
    await reply.status(401).send({ success: true, message, code: 401, result: null, timestamp: Date.now() });
    return false;
  }
  if ((await grantsOf(app.ctx.db, req)).admin) return true;
  await reply.status(403).send(fail('接口文档仅管理员可查看', 403));
  return false;
}

const fileParams = { type: 'object', properties: { file: { type: 'string', maxLength: 64 } } } as const;

/** `/v3/api-docs` (JSON, built per request) and the browsable `/doc.html` (Swagger UI). */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const apiBase = app.ctx.config.apiBase;
  app.get('/v3/api-docs', {
    config: { public: true, access: 'admin' },
    schema: { summary: 'OpenAPI 3.1 接口文档（JSON）', response: { 200: { type: 'object', description: 'OpenAPI 文档', required: ['openapi', 'paths'] } } },
  }, async (req, reply) => {
    if (!(await mayReadDocs(app, req, reply))) return reply;
    return buildDocument(app);
  });
  // The page is a shell with no data: the document it loads is the guarded part.
  app.get('/doc.html', {
    config: { public: true, access: 'public', document: true },
    schema: { summary: '接口文档页面（Swagger UI）', response: { 200: { type: 'string', description: 'HTML 页面' } } },
  }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page(apiBase)));
  app.get<{ Params: { file: string } }>('/doc/:file', {
    config: { public: true, access: 'public' },
    schema: { summary: '接口文档页面的脚本与样式', params: fileParams, response: { 200: { type: 'string', description: '静态文件' } } },
  }, async (req, reply) => {
    const { file } = req.params;
    if (file === 'init.js') return reply.type('application/javascript; charset=utf-8').send(init(apiBase));
    const type = UI_FILES[file];
    if (!type) return reply.status(404).send(fail('文件不存在', 404));
    return reply.type(type).header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(path.join(UI_DIR, file)));
  });
}
