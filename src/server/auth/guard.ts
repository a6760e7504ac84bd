import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GUEST_REFUSAL, GUEST_USERNAME } from './guest.js';
import { checkToken } from './session.js';

/** Token from the X-Access-Token header, else the `token` query parameter (contract §2.3). */
export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q ? q : undefined;
}

/**
 * Every API route needs a valid token unless it is declared public. A missing, unknown, expired or
 * revoked token is HTTP 401 with the JeecgBoot body (success left true, code 401: contract §1).
 * Checked before the body is validated: a stranger learns nothing of what a route would accept.
 */
export function installAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.addHook('preValidation', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    const open = req.routeOptions.config?.public === true || !req.routeOptions.url; // unknown routes fall to the 404 handler
    const token = readToken(req);
    if (open) {
      if (token) {
        const res = await checkToken(app.ctx.db, token, app.ctx.sessions);
        if (res.ok) { req.user = res.user; req.token = token; }
      }
      return;
    }
    const res = await checkToken(app.ctx.db, token, app.ctx.sessions);
    if (!res.ok) {
      return reply.status(401).send({ success: true, message: res.message, code: 401, result: null, timestamp: Date.now() });
    }
    if (res.user.username === GUEST_USERNAME && req.routeOptions.config?.guest !== true) {
      return reply.status(403).send({ success: false, message: GUEST_REFUSAL, code: 403, result: null, timestamp: Date.now() });
    }
    req.user = res.user;
    req.token = token!;
  });
}
