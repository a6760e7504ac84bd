import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/server/app.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import { ADMIN_PASSWORD, type ApiResponse, type TestServer } from './server.js';

/** Redis database the multi-instance tests share their state in (each run under its own prefix). */
export const STATE_REDIS_URL = process.env.TEST_STATE_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

/** One more server instance on a test server's database, its state in Redis under `prefix`. */
export interface Instance {
  app: FastifyInstance;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>;
}

/** Starts an instance on `s`'s database sharing its state through Redis with every other instance of `prefix`. */
export async function stateInstance(s: TestServer, prefix: string, extra: Record<string, unknown> = {}): Promise<Instance> {
  const { ctx } = await bootstrap({ ...s.app.ctx.config, adminPassword: ADMIN_PASSWORD, redisUrl: STATE_REDIS_URL, redisPrefix: prefix, ...extra });
  const app = await buildApp(ctx);
  app.addHook('onClose', async () => { await ctx.db.destroy(); });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${ctx.config.apiBase}`;
  return {
    app,
    call: async (method, path, o = {}) => {
      const headers: Record<string, string> = { ...o.headers, ...(o.token ? { 'X-Access-Token': o.token } : {}) };
      if (o.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${base}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
    },
  };
}

/** Removes what the instances of `prefix` left in Redis. */
export async function dropState(prefix: string): Promise<void> {
  const redis = new Redis(STATE_REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
