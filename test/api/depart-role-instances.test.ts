/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { dropState, stateInstance, type Instance } from '../helpers/state-instances.js';

/**
 * Two instances on one database sharing their state through Redis: a department role revoked on
 * one is no longer honoured by the other, though the other had just cached the holder's grants and menu.
 */
describe(`department role changes reach every instance at once [${BACKEND}]`, () => {
  const prefix = `depart-role:${randomBytes(4).toString('hex')}:`;
  let s: TestServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    s = await startServer();
    [a, b] = [await stateInstance(s, prefix), await stateInstance(s, prefix)];
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await s?.close();
    await dropState(prefix);
  });

  it('revoking a department role on A ends its menu and button on B at once', async () => {
    // Names of this attempt's own: a retry must not meet the rows of the attempt before it.
    const n = randomBytes(3).toString('hex');
    const admin = await s.login('admin');
    const on = (i: Instance, token: string) => ({
      get: (p: string) => i.call('GET', p, { token }),
      post: (p: string, body: unknown) => i.call('POST', p, { token, body }),
    });
    const A = on(a, admin);
    const [depart] = expectOk(await A.get('/sys/sysDepart/queryTreeList')).map((d: any) => d.id);
    expectOk(await A.post('/sys/user/add', { username: `clerk2${n}`, realname: '文员二', password: ADMIN_PASSWORD, phone: `139${String(parseInt(n, 16)).padStart(8, '0')}`, selectedroles: '', selecteddeparts: depart }));
    const clerkId = (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', `clerk2${n}`).executeTakeFirstOrThrow()).id;
    const tree = expectOk(await A.get('/sys/permission/list'));
    const menu = (function find(nodes: any[]): any { for (const n of nodes) { if (n.url === '/isystem/position') return n; const f = find(n.children ?? []); if (f) return f; } return null; })(tree);
    const add = menu.children.find((c: any) => c.perms === 'system:position:add');
    expectOk(await A.post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: `${menu.id},${add.id}`, lastpermissionIds: '' }));
    expectOk(await A.post('/sys/sysDepartRole/add', { roleName: `职务专员${n}`, roleCode: `position_clerk2${n}`, description: '', departId: depart }));
    const role = expectOk(await A.get(`/sys/sysDepartRole/list?deptId=${depart}&pageNo=1&pageSize=10`)).records.find((r: any) => r.roleCode === `position_clerk2${n}`).id;
    expectOk(await A.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role, permissionIds: `${menu.id},${add.id}`, lastpermissionIds: '' }));
    expectOk(await A.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: clerkId, newRoleId: role, oldRoleId: '' }));

    const clerk = expectOk(await b.call('POST', '/sys/login', { body: { username: `clerk2${n}`, password: ADMIN_PASSWORD } })).token as string;
    const B = on(b, clerk);
    const paths = async () => JSON.stringify(expectOk(await B.get('/sys/permission/getUserPermissionByToken')).menu);
    // After the cache's quiet second, B keeps the clerk's grants and menu.
    await sleep(1100);
    expect(await paths()).toContain('/isystem/position');
    expectOk(await B.post('/sys/position/add', { code: `IN1${n}`, name: `职务IN1${n}` }));
    expect(b.app.ctx.sessions.grantsOf(clerkId)).toBeDefined();

    expectOk(await A.post('/sys/sysDepartRole/deptRoleUserAdd', { userId: clerkId, newRoleId: '', oldRoleId: role }));
    expectEnvelope(await B.post('/sys/position/add', { code: `IN2${n}`, name: `职务IN2${n}` }), { status: 403 });
    expect(await paths()).not.toContain('/isystem/position');
  });
});
