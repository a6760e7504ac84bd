import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from './log-redact.js';

/** An id the proxy or the caller sent is kept when it is short and plain; anything else is replaced. */
const PLAIN_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id nginx (or a client) sent, so one request can be followed
 * from the proxy's log to the instance's, else a new UUID.
 */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && PLAIN_ID.test(sent) ? sent : randomUUID();
}

/** The route's pattern (not the URL, which holds ids): a bounded set of labels and log keys. */
export function routeOf(req: FastifyRequest): string {
  return req.dispatchedRoute ?? req.routeOptions.url ?? 'unmatched';
}

/**
 * One JSON line per finished request (Fastify's own two lines are turned off in buildApp; written
 * from the app's one onResponse hook, on-response.ts), with
 * its id, route, status, time and user; every reply carries X-Request-Id (and X-Instance when the
 * instance is named) so a user's report of a failure leads to its log line.
 */
export function installRequestLog(app: FastifyInstance, instanceName?: string): void {
  app.decorateRequest('dispatchedRoute', null);
  app.addHook('onRequest', (req, reply, next) => {
    reply.header('X-Request-Id', req.id);
    if (instanceName) reply.header('X-Instance', instanceName);
    next();
  });
  app.responseListeners.push((req, reply) => {
    const status = reply.statusCode;
    const entry = {
      method: req.method,
      url: redactUrl(req.url),
      route: routeOf(req),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: req.user?.username,
    };
    if (status >= 500) req.log.warn(entry, 'request failed');
    else req.log.info(entry, 'request');
  });
}
