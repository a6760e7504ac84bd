import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Each answered request's bookkeeping (request log, metrics, the monitor's trace) runs from the app's
 * one onResponse hook (http/on-response.ts, issue 39), each part still seeing the requests it saw.
 */
describe(`one onResponse hook [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  it('the app has one onResponse hook, calling the request log, the metrics and the trace', async () => {
    const hooks = Object.getOwnPropertySymbols(s.app).find((k) => k.description === 'fastify.hooks')!;
    // Besides @fastify/websocket's own (it closes an upgraded request's socket).
    const own = ((s.app as any)[hooks].onResponse as unknown[]).map(String).filter((text) => !text.includes('request.ws'));
    expect(own, 'the app\'s own onResponse hooks').toHaveLength(1);
    expect(s.app.responseListeners).toHaveLength(3);
  });

  it('an API request is logged, counted and traced; a request outside the API is counted, not traced', async () => {
    await s.api.get('/sys/position/list?pageNo=7', { token: admin });
    expect((await s.raw('/health')).status).toBe(200);
    const traced = expectOk(await s.api.get('/sys/monitor/trace', { token: admin })).records;
    expect(traced.find((r: any) => r.path.includes('pageNo=7'))).toMatchObject({ method: 'GET', status: 200, user: 'admin' });
    expect(traced.some((r: any) => r.path === '/health')).toBe(false);
    const counted = await s.app.metrics.text();
    expect(counted).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"[^}]*\} [1-9]/);
    expect(counted).toMatch(/http_requests_total\{method="GET",route="\/jeecg-boot\/sys\/position\/list",status="200"[^}]*\} [1-9]/);
  });
});
