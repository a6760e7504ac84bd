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

/** How a route is reached: open to anyone, or by the guest account too; neither means a signed-in account. */
export interface RouteEntry { public?: boolean; guest?: boolean }
/** The answer that turns a request away. */
export interface Refusal { status: 401 | 403; body: { success: boolean; message: string; code: number; result: null; timestamp: number } }

/**
 * Every API route needs a valid token unless it is declared public. A missing, unknown, expired or
 * revoked token is HTTP 401 with the JeecgBoot body (success left true, code 401: contract §1).
 * On success the request carries its user and token; on an open route a valid token is taken too.
 */
export async function admit(app: FastifyInstance, req: FastifyRequest, entry: RouteEntry): Promise<Refusal | null> {
  const token = readToken(req);
  if (entry.public) {
    if (token) {
      const res = await checkToken(app.ctx.db, token, app.ctx.sessions);
      if (res.ok) { req.user = res.user; req.token = token; req.tokenHash = res.tokenHash; }
    }
    return null;
  }
  const res = await checkToken(app.ctx.db, token, app.ctx.sessions);
  if (!res.ok) return { status: 401, body: { success: true, message: res.message, code: 401, result: null, timestamp: Date.now() } };
  if (res.user.username === GUEST_USERNAME && entry.guest !== true) {
    return { status: 403, body: { success: false, message: GUEST_REFUSAL, code: 403, result: null, timestamp: Date.now() } };
  }
  req.user = res.user;
  req.token = token!;
  req.tokenHash = res.tokenHash;
  return null;
}

/**
 * The guard of every route, checked before the body is validated: a stranger learns nothing of
 * what a route would accept. Unknown routes fall to the 404 handler; the schema routes' dispatcher
 * (crud/crud-dispatch.ts) admits each request itself, once it knows the route.
 */
export function installAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('tokenHash', null);
  // Answered by callback, not async: it runs on every request, and a dispatched one passes straight through.
  app.addHook('preValidation', (req, reply, done) => {
    const config = req.routeOptions.config;
    if (req.method === 'OPTIONS' || config?.dispatch) { done(); return; }
    admit(app, req, { public: config?.public === true || !req.routeOptions.url, guest: config?.guest }).then((refusal) => {
      if (refusal) reply.status(refusal.status).send(refusal.body);
      else done();
    }, done);
  });
}
