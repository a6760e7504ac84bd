import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { installAuthGuard } from './auth/guard.js';
import type { SchemaModule } from './crud/hooks.js';
import { serveSchemaCrud } from './crud/crud-dispatch.js';
import type { AppContext } from './http/context.js';
import { installErrorHandling, installNotFound, rejectNulBytes } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { healthRoutes } from './http/health.js';
import { AppMetrics, metricsRoute } from './http/metrics.js';
import { installResponseHook } from './http/on-response.js';
import { installRequestLog, requestId } from './http/request-log.js';
import { requestValidation } from './http/lazy-validation.js';
import { installIdempotency } from './http/idempotency.js';
import { dictRoutes } from './modules/dict/routes.js';
import { duplicateCheckRoutes } from './modules/dict/duplicate-check.js';
import { checkRuleRoutes } from './modules/rules/check-rule-routes.js';
import { fillRuleModule } from './modules/rules/fill-rule-module.js';
import { categoryModule } from './modules/category/module.js';
import { treeDataRoutes } from './modules/dict/tree-data.js';
import { linkDownRoutes } from './modules/link-down/routes.js';
import { phoneLoginRoutes } from './modules/login/phone.js';
import { loginRoutes } from './modules/login/routes.js';
import { permissionRoutes } from './modules/permission/routes.js';
import { schemaRoutes } from './modules/schema/routes.js';
import { UPLOAD_MAX_BYTES } from '../schema/upload-limit.js';
import { siteRoutes } from './modules/site/routes.js';
import { selfRoutes } from './modules/user/self-routes.js';
import { registerRoutes } from './modules/user/register-routes.js';
import { SYSTEM_PAGE_MODULES } from './modules/system/page-modules.js';
import { departModule } from './modules/depart/depart-module.js';
import { permissionModule } from './modules/permission/permission-module.js';
import { roleModule } from './modules/role/role-module.js';
import { userModule } from './modules/user/user-module.js';
import { commonRoutes } from './modules/common/routes.js';
import { cgreportModule } from './modules/cgreport/report-module.js';
import { cgformModule } from './modules/cgform/cgform-module.js';
import { cgformButtonModule } from './modules/cgform/buttons.js';
import { cgformEnhanceModule } from './modules/cgform/enhance.js';
import { graphreportModule } from './modules/graphreport/graph-module.js';
import { projectModule } from './modules/project/project-module.js';
import { reviewModule } from './modules/project/review-module.js';
import { siteSettingRoutes } from './modules/site/setting-routes.js';
import { webPublicRoutes } from './modules/web/public-routes.js';
import { WEB_CONTENT_MODULES } from './modules/web/publish-module.js';
import { PMS_PAGE_MODULES } from './modules/pms/index.js';
import { ASSESSMENT_MODULES } from './modules/assessment/index.js';
import { APPLET_MODULES, appletApi } from './modules/applet/index.js';
import { CLIENT_ROUTES } from './modules/client-routes.js';
import { webRoutes } from './web.js';
import { liveRoutes } from './live/routes.js';
import { workplaceRoutes } from './modules/workplace/routes.js';
import { registerOpenApi } from './openapi/document.js';
import { openApiRoutes } from './openapi/routes.js';
import { monitorRoutes } from './modules/monitor/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { accountRoutes } from './modules/account/index.js';
import './http/context.js';

// monitorRoutes and accountRoutes first: their hooks (not encapsulated) must see every route.
const API_MODULES = [monitorRoutes, accountRoutes, dashboardRoutes, loginRoutes, phoneLoginRoutes, permissionRoutes, dictRoutes, duplicateCheckRoutes, checkRuleRoutes, siteRoutes, selfRoutes, schemaRoutes, treeDataRoutes, linkDownRoutes, commonRoutes, siteSettingRoutes, webPublicRoutes, registerRoutes, appletApi, workplaceRoutes, ...CLIENT_ROUTES];

/** The named exceptions of schema pages (DESIGN.md): hooks into the generic CRUD, plus their own routes. */
const SCHEMA_MODULES: SchemaModule[] = [categoryModule, fillRuleModule, ...SYSTEM_PAGE_MODULES, userModule, roleModule, departModule, permissionModule, cgreportModule, cgformModule, cgformButtonModule, cgformEnhanceModule, graphreportModule, projectModule, reviewModule, ...WEB_CONTENT_MODULES, ...PMS_PAGE_MODULES, ...ASSESSMENT_MODULES, ...APPLET_MODULES];

/** The whole HTTP surface: the API under /jeecg-boot, the single-page app under /2025/. */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const limits = ctx.config.http;
  const app = Fastify({
    // A client that sends its headers, or its request, too slowly (slowloris) is cut off; an idle
    // kept-alive connection is closed; a socket silent too long too, if HTTP_CONNECTION_TIMEOUT_MS says so.
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for late headers and requests at this interval (30 s by default, which would let
      // a 10 s header timeout run to 40 s): a quarter of the header timeout, between 50 ms and 1 s.
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor((limits.headersTimeoutMs || limits.requestTimeoutMs || 4000) / 4))),
    },
    logger: opts.logger ?? false,
    // One line per request from request-log.ts instead of Fastify's two; its id is the proxy's X-Request-Id when sent.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For: otherwise a client could pick its own address.
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The API answers GET, not HEAD: a HEAD twin for each of its ~500 GET routes doubled the router's start-up work.
    // The site's pages and files (web.ts) and the health checks keep theirs.
    exposeHeadRoutes: false,
    // Requests the HTTP parser rejects (bad URL characters, broken headers) still get an envelope.
    // A request whose headers or body did not arrive within the timeouts: 408. Either way the socket is
    // closed once the answer is written, whether or not the client closes its side (a slowloris does not).
    clientErrorHandler(err, socket) {
      const late = (err as NodeJS.ErrnoException).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const [code, status, message] = late ? [408, 'Request Timeout', '请求超时'] : [400, 'Bad Request', '请求格式错误'];
      const body = JSON.stringify({ success: false, message, code, result: null, timestamp: Date.now() });
      if (socket.writable) socket.end(`HTTP/1.1 ${code} ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`, () => socket.destroy());
      else socket.destroy(err);
    },
    // Router errors (bad percent-encoding, over-long parameters) answer in the envelope, without echoing the URL.
    frameworkErrors(err, _req, reply) {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as import('fastify').FastifyReply).status(status).send({ success: false, message: status === 414 ? '请求路径过长' : '请求路径格式错误', code: status, result: null, timestamp: Date.now() });
    },
    // Values sent as another JSON type are read by one rule (schema/coercion.ts), not Ajv's.
    ...requestValidation(),
  });
  // On the server itself too: Fastify reads a keep-alive timeout of 0 as its own default (72 s).
  app.server.headersTimeout = limits.headersTimeoutMs;
  app.server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  app.server.maxConnections = limits.maxConnections;
  app.decorate('ctx', ctx);
  await app.register(securityHeaders);
  // Before any route: it records the route inventory the API document is built from.
  await registerOpenApi(app);
  const metrics = new AppMetrics(ctx.config.instanceName);
  app.decorate('metrics', metrics);
  installResponseHook(app);
  installRequestLog(app, ctx.config.instanceName);
  metrics.observe(app);
  installErrorHandling(app);
  rejectNulBytes(app);

  // Live notices: the socket hears only HeartBeat, so frames stay small.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  if (ctx.config.redisUrl) await ctx.live.useRedis(ctx.config.redisUrl, app.log);
  ctx.sessions.log ??= app.log;
  app.addHook('onClose', async () => { await ctx.live.close(); await ctx.state.close(); });

  // The schema files: online forms join the registry later and are served through their own route table.
  const fileSchemas = ctx.schemas.schemas;
  await app.register(async (api) => {
    installAuthGuard(api);
    // Before any route: every write route declared after it honours Idempotency-Key.
    installIdempotency(api);
    installNotFound(api);
    // One file of at most 10 MB per request; the limit answers 413 through the error handler.
    await api.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 }, throwFileSizeLimit: true });
    for (const mod of API_MODULES) await api.register(mod);
    await api.register(liveRoutes);
    await api.register(openApiRoutes);
    await api.register(metricsRoute(metrics));
    for (const mod of SCHEMA_MODULES) {
      if (!ctx.schemas.get(mod.schema)) throw new Error(`server module for unknown schema "${mod.schema}"`);
      if (mod.routes) await api.register(mod.routes);
    }
    await serveSchemaCrud(api, fileSchemas, (schema) => SCHEMA_MODULES.find((m) => m.schema === schema.code)?.hooks);
  }, { prefix: ctx.config.apiBase });

  await app.register(healthRoutes);
  await app.register(webRoutes);
  return app;
}
