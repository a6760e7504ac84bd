import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDraining } from '../../src/server/http/health.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** /health, /ready, /metrics, request ids, and a close that lets requests in flight finish. */
describe(`health, readiness, metrics [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  it('/health and /ready answer without a token; /ready checks the database', async () => {
    const health = await s.raw('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', pid: process.pid });
    expect(typeof health.body.instance).toBe('string');
    const ready = await s.raw('/ready');
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { database: { ok: true } } });
  });

  it('keeps a plain X-Request-Id from the proxy, replaces one that is not, and returns it on every reply', async () => {
    const kept = await s.api.get('/sys/randomImage/k1', { headers: { 'X-Request-Id': 'nginx-5f2a.77' } });
    expect(kept.headers.get('x-request-id')).toBe('nginx-5f2a.77');
    const replaced = await s.api.get('/sys/randomImage/k1', { headers: { 'X-Request-Id': 'a b\u00e9"}{' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await s.api.get('/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/jeecg-boot/metrics: 401 without a token, 403 to an applicant, Prometheus text to the administrator', async () => {
    expectEnvelope(await s.api.get('/metrics'), { status: 401, code: 401 });
    const applicant = await s.login('applicant', ADMIN_PASSWORD);
    expectEnvelope(await s.api.get('/metrics', { token: applicant }), { status: 403, success: false });
    const admin = await s.login('admin');
    await s.api.get('/sys/position/list', { token: admin });
    const res = await s.api.get('/metrics', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(res.text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    // Counted by route pattern and status, never by the URL (ids would make a label per row).
    expect(res.text).toMatch(/^http_requests_total\{method="GET",route="\/jeecg-boot\/sys\/position\/list",status="200"\} [1-9]/m);
    expect(res.text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/m);
    expect(res.text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/jeecg-boot\/sys\/position\/list"\} [1-9]/m);
    expect(res.text).toMatch(/^http_request_errors_total/m);
  });

  // Last: it closes the server.
  it('draining: /ready turns 503 at once, and close waits for the logins in flight to be answered', async () => {
    markDraining(s.app);
    const ready = await s.raw('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('closing');

    const answered: number[] = [];
    const logins = Array.from({ length: 6 }, () => s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD })
      .then((r) => { answered.push(performance.now()); return r; }));
    await new Promise((r) => setTimeout(r, 20)); // the requests are on the wire; scrypt keeps them in flight
    await s.app.close();
    const closedAt = performance.now();
    const results = await Promise.allSettled(logins);
    const ok = results.filter((r) => r.status === 'fulfilled' && r.value.status === 200 && r.value.body.success);
    expect(ok.length, JSON.stringify(results.map((r) => r.status === 'fulfilled' ? r.value.status : String(r.reason)))).toBe(results.length);
    expect(Math.max(...answered)).toBeLessThanOrEqual(closedAt);
  });
});
