/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { bootstrap } from '../../src/server/bootstrap.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type ApiResponse, type TestServer } from '../helpers/server.js';

const REDIS_URL = process.env.TEST_STATE_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

interface Instance {
  app: FastifyInstance;
  call(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<ApiResponse>;
}

/**
 * Two instances on one database sharing their state through Redis: a department role revoked on
 * one is no longer honoured by the other, though the other had just cached the holder's grants and menu.
 */
describe(`department role changes reach every instance at once [${BACKEND}]`, () => {
  const prefix = `depart-role:${randomBytes(4).toString('hex')}:`;
  let s: TestServer;
  let a: Instance;
  let b: Instance;

  const instance = async (): Promise<Instance> => {
    const { ctx } = await bootstrap({ ...s.app.ctx.config, adminPassword: ADMIN_PASSWORD, redisUrl: REDIS_URL, redisPrefix: prefix });
    const app = await buildApp(ctx);
    app.addHook('onClose', async () => { await ctx.db.destroy(); });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${ctx.config.apiBase}`;
    return {
      app,
      call: async (method, path, o = {}) => {
        const headers: Record<string, string> = o.token ? { 'X-Access-Token': o.token } : {};
        if (o.body !== undefined) headers['Content-Type'] = 'application/json';
        const res = await fetch(`${base}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
        const text = await res.text();
        return { status: res.status, body: JSON.parse(text), text, headers: res.headers };
      },
    };
  };

  beforeAll(async () => {
    s = await startServer();
    [a, b] = [await instance(), await instance()];
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await s?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('revoking a department role on A ends its menu and button on B at once', async () => {
    const admin = await s.login('admin');
    const on = (i: Instance, token: string) => ({
      get: (p: string) => i.call('GET', p, { token }),
      post: (p: string, body: unknown) => i.call('POST', p, { token, body }),
    });
    const A = on(a, admin);
    const [depart] = expectOk(await A.get('/sys/sysDepart/queryTreeList')).map((d: any) => d.id);
    expectOk(await A.post('/sys/user/add', { username: 'clerk2', realname: '文员二', password: ADMIN_PASSWORD, phone: '13900000078', selectedroles: '', selecteddeparts: depart }));
    const clerkId = (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', 'clerk2').executeTakeFirstOrThrow()).id;
    const tree = expectOk(await A.get('/sys/permission/list'));
    const menu = (function find(nodes: any[]): any { for (const n of nodes) { if (n.url === '/isystem/position') return n; const f = find(n.children ?? []); if (f) return f; } return null; })(tree);
    const add = menu.children.find((c: any) => c.perms === 'system:position:add');
    expectOk(await A.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: `${menu.id},${add.id}`, lastpermissionIds: '' }));
    expectOk(await A.post('/sys/sysDepartRole/add', { roleName: '职务专员', roleCode: 'position_clerk2', description: '', departId: depart }));
    const role = expectOk(await A.get(`/sys/sysDepartRole/list?deptId=${depart}&pageNo=1&pageSize=10`)).records.find((r: any) => r.roleCode === 'position_clerk2').id;
    expectOk(await A.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role, permissionIds: `${menu.id},${add.id}`, lastpermissionIds: '' }));
    expectOk(await A.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: clerkId, newRoleId: role, oldRoleId: '' }));

    const clerk = expectOk(await b.call('POST', '/sys/login', { body: { username: 'clerk2', password: ADMIN_PASSWORD } })).token as string;
    const B = on(b, clerk);
    const paths = async () => JSON.stringify(expectOk(await B.get('/sys/permission/getUserPermissionByToken')).menu);
    // After the cache's quiet second, B keeps the clerk's grants and menu.
    await sleep(1100);
    expect(await paths()).toContain('/isystem/position');
    expectOk(await B.post('/sys/position/add', { code: 'IN1', name: '职务IN1' }));
    expect(b.app.ctx.sessions.grantsOf(clerkId)).toBeDefined();

    expectOk(await A.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: clerkId, newRoleId: '', oldRoleId: role }));
    expectEnvelope(await B.post('/sys/position/add', { code: 'IN2', name: '职务IN2' }), { status: 403 });
    expect(await paths()).not.toContain('/isystem/position');
  });
});
