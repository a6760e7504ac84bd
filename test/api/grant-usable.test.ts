import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface MenuNode { path: string; children?: MenuNode[] }
const flat = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...flat(n.children ?? [])]);

/**
 * Issue 19 item 1: granting a page with the default settings (父子关联 off, only the page ticked)
 * makes it usable by the role — its folder comes with it — and a page not granted is a 403, not a 404.
 */
describe(`a granted page is usable by the role [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let ids: Map<string, string>;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    reviewer = await s.login('reviewer');
    const rows = await s.db.selectFrom('sysPermission').select(['id', 'url', 'perms']).execute();
    ids = new Map(rows.map((r) => [r.url ?? r.perms ?? r.id, r.id]));
  });
  afterAll(async () => { await s?.close(); });

  it('grants the page alone, and the reviewer sees it in its folder and reads its rows', async () => {
    const role = expectOk(await s.api.get('/sys/role/list?roleCode=reviewer', { token: admin })).records[0];
    const before: string[] = expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }));
    expect(before).not.toContain(ids.get('/isystem'));
    expect(expectOk(await s.api.get('/sys/permission/routeExists?path=/isystem/position', { token: reviewer }))).toBe(true);
    expectEnvelope(await s.api.get('/sys/position/list', { token: reviewer }), { status: 403 });
    // Asked before the grant, so the menu kept for the reviewer's role set must be dropped by it.
    const shown = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: reviewer }));
    expect(flat(shown.menu)).not.toContain('/isystem/position');

    const page = ids.get('/isystem/position')!;
    expectOk(await s.api.post('/sys/permission/saveRolePermission',
      { roleId: role.id, permissionIds: [...before, page].join(','), lastpermissionIds: before.join(',') }, { token: admin }), '保存成功！');

    const granted: string[] = expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }));
    expect(granted).toEqual(expect.arrayContaining([page, ids.get('/isystem')]));
    expect(granted).not.toContain(ids.get('system:position:add')); // buttons are the granter's choice
    const { menu } = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: reviewer }));
    expect(flat(menu)).toEqual(expect.arrayContaining(['/isystem', '/isystem/position']));
    expect(flat(menu)).not.toContain('/isystem/user');
    expect(expectOk(await s.api.get('/sys/position/list', { token: reviewer }))).toHaveProperty('records');
  });

  it('tells a page that exists from one that does not', async () => {
    expect(expectOk(await s.api.get('/sys/permission/routeExists?path=/isystem/user/', { token: reviewer }))).toBe(true);
    expect(expectOk(await s.api.get('/sys/permission/routeExists?path=/online/cgformList/anything', { token: reviewer }))).toBe(true);
    expect(expectOk(await s.api.get('/sys/permission/routeExists?path=/no/such/page', { token: reviewer }))).toBe(false);
    expectEnvelope(await s.api.get('/sys/permission/routeExists?path=nopath', { token: reviewer }), { status: 400 });
  });

  it('the user picker does not offer the guest account (item 9)', async () => {
    const all = expectOk(await s.api.get('/sys/user/queryUserComponentData?pageNo=1&pageSize=100', { token: admin }));
    const names = all.records.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'reviewer']));
    expect(names).not.toContain('guest');
    expect(expectOk(await s.api.get('/sys/user/queryUserComponentData?username=guest', { token: admin })).total).toBe(0);
  });
});
