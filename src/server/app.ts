import Fastify, { type FastifyInstance } from 'fastify';
import { installAuthGuard } from './auth/guard.js';
import type { AppContext } from './http/context.js';
import { installErrorHandling, installNotFound } from './http/errors.js';
import { dictRoutes } from './modules/dict/routes.js';
import { loginRoutes } from './modules/login/routes.js';
import { permissionRoutes } from './modules/permission/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { selfRoutes } from './modules/user/self-routes.js';
import { webRoutes } from './web.js';
import './http/context.js';

const API_MODULES = [loginRoutes, permissionRoutes, dictRoutes, siteRoutes, selfRoutes];

/** The whole HTTP surface: the API under /jeecg-boot, the single-page app under /2025/. */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false, allowUnionTypes: true } },
  });
  app.decorate('ctx', ctx);
  installErrorHandling(app);

  await app.register(async (api) => {
    installAuthGuard(api);
    installNotFound(api);
    for (const mod of API_MODULES) await api.register(mod);
  }, { prefix: ctx.config.apiBase });

  await app.register(webRoutes);
  return app;
}
