import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';

/** A readiness check waits this long for the database or Redis before calling it down. */
const CHECK_MS = 2_000;

// By the HTTP server: the same for the root app and the plugin that serves /ready.
const draining = new WeakSet<object>();

/**
 * From now on /ready answers 503, so the proxy stops sending new work while requests in flight
 * finish; and each kept-alive connection is closed once its reply is sent (server.close() alone
 * closes only those idle at the moment it is called, and would wait for the others' keep-alive).
 */
export function markDraining(app: FastifyInstance): void {
  draining.add(app.server);
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50).unref();
  app.server.once('close', () => clearInterval(sweep));
}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await within(check(), CHECK_MS);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    // The kind of failure only: a driver's message may name hosts or SQL.
    const error = /no answer within/.test((err as Error).message) ? 'timeout' : 'unreachable';
    return { ok: false, ms: Math.round(performance.now() - started), error };
  }
}

/**
 * Public, at the root (outside /jeecg-boot, so a load balancer needs no context path):
 * `/health` — the process answers (liveness: restart it when this fails);
 * `/ready` — the database answers, and Redis when REDIS_URL is set (readiness: send it traffic).
 * Both are cheap: no token, no session, one `select 1` and one PING.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const instance = config.instanceName ?? os.hostname();
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Its own client: a PING that must not queue behind, or be retried like, the application's commands.
    redis = new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: CHECK_MS });
    redis.on('error', () => undefined); // reported by /ready, not as an unhandled event
    app.addHook('onClose', async () => { redis?.disconnect(); });
  }

  app.get('/health', { exposeHeadRoute: true }, async () => ({ status: 'ok', instance, pid: process.pid, uptimeSeconds: Math.round(process.uptime()) }));

  app.get('/ready', { exposeHeadRoute: true }, async (_req, reply) => {
    const checks: Record<string, { ok: boolean; ms: number; error?: string }> = {
      database: await probe(() => sql`select 1`.execute(app.ctx.db)),
    };
    if (redis) {
      const client = redis;
      checks.redis = await probe(async () => {
        if (client.status === 'wait' || client.status === 'end') await client.connect();
        return client.ping();
      });
    }
    const closing = draining.has(app.server);
    const ready = !closing && Object.values(checks).every((c) => c.ok);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : closing ? 'closing' : 'unavailable', instance, checks });
  });
}
