import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The schema files' CRUD is served from one table behind a wildcard route per page
 * (crud/crud-dispatch.ts): it must answer as Fastify's own routes did, and no module route may
 * quietly take one of its paths.
 */
describe(`CRUD dispatch [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const dispatched = () => s.app.routeInventory.filter((r) => r.dispatched);

  it('every CRUD route of the inventory reaches its page\'s dispatcher through Fastify\'s router', () => {
    const routes = dispatched();
    expect(routes.length).toBeGreaterThan(400);
    const pages = new Set(s.app.ctx.schemas.schemas.map((p) => `${s.app.ctx.config.apiBase}${p.api}`));
    const hidden: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:(\w+)/g, 'x');
      // A page's wildcard `<api>/*` leaves the action (list, add, subList/x) in its `*` parameter.
      const action = (s.app.findRoute({ method: r.method, url }) as { params?: Record<string, string> } | null)?.params?.['*'];
      if (action === undefined || !pages.has(url.slice(0, -action.length - 1))) hidden.push(`${r.method} ${r.url}`);
    }
    expect(hidden, 'CRUD paths answered by another route').toEqual([]);
    // Each path is declared once.
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('admits, answers and refuses as any route: token, guest, unknown action, trailing slash, other methods', async () => {
    expect((await s.api.get('/sys/user/list')).status).toBe(401);
    expect((await s.api.get('/sys/user/list', { token: 'not-a-token' })).status).toBe(401);
    const guest = expectOk(await s.api.post('/sys/guestLogin', {})).token as string;
    expect((await s.api.get('/sys/position/list', { token: guest })).status).toBe(403);

    expect(expectOk(await s.api.get('/sys/role/list?pageSize=2', { token: admin })).records.length).toBeGreaterThan(0);
    expect(expectOk(await s.api.get('/sys/role/list/?pageSize=2', { token: admin })).records.length).toBeGreaterThan(0);
    // Escaped letters name the same route, as they did when Fastify's router matched it.
    expect(expectOk(await s.api.get('/sys/role/%6Cist?pageSize=2', { token: admin })).records.length).toBeGreaterThan(0);
    // An action the page does not have is unknown, with or without a token (no 401 that would confirm the page).
    for (const token of [undefined, admin]) {
      const res = await s.api.get('/sys/position/nothing', { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 404 });
    }
    expect((await s.api('PATCH', '/sys/position/edit', { token: admin, body: {} })).status).toBe(404);
    // The method belongs to the route: list is GET only.
    expect((await s.api.post('/sys/position/list', {}, { token: admin })).status).toBe(404);
  });

  it('logs and counts a dispatched request under its route\'s pattern, not the page\'s wildcard', async () => {
    expectOk(await s.api.get('/sys/position/list?pageNo=1&pageSize=1', { token: admin }));
    const metrics = await s.api.get('/metrics', { token: admin });
    expect(metrics.text).toContain(`route="${s.app.ctx.config.apiBase}/sys/position/list"`);
    // Refused and unknown requests too: a page's wildcard is never a label.
    expect(metrics.text).not.toMatch(/route="[^"]*\/sys\/(user|role|position)\/\*"/);
  });
});
