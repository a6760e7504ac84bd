import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Reading a page's rows through the engine's generic paths takes holding the page (its menu entry
 * or one of its buttons); signing in is not enough. Pickers and dictionaries keep their own routes.
 */
describe(`read access to page data [${BACKEND}]`, () => {
  let s: TestServer;
  let applicant: string;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    applicant = await s.login('applicant');
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const refused = async (path: string, token: string) => expectEnvelope(await s.api.get(path, { token }), { status: 403, success: false, message: '没有权限，请联系管理员授权' });

  it('refuses every generic read of a page the user does not hold', async () => {
    const user = (await expectOk(await s.api.get('/sys/user/list?username=admin', { token: admin }))).records[0];
    for (const path of ['/sys/user/list', `/sys/user/queryById?id=${user.id}`, '/sys/user/exportXls', '/sys/role/list', '/sys/log/list',
      '/sys/position/list', '/online/cgform/head/list', '/online/cgreport/head/list', '/online/graphreport/item/list', '/pms/news/list']) {
      await refused(path, applicant);
    }
    // What the applicant's forms need stays open: the user picker and the dictionaries.
    expect((await expectOk(await s.api.get('/sys/user/queryUserComponentData?pageNo=1&pageSize=10', { token: applicant }))).total).toBeGreaterThan(0);
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/sex', { token: applicant }))).toHaveLength(2);
  });

  it('reads a page once a role of the user holds its menu entry, and only that page', async () => {
    const menu = await s.db.selectFrom('sysPermission').select('id').where('component', '=', 'system/SysPositionList').executeTakeFirstOrThrow();
    const role = await s.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'applicant').executeTakeFirstOrThrow();
    await s.db.insertInto('sysRolePermission').values({ id: 'read-access-test', roleId: role.id, permissionId: menu.id }).execute();
    expectOk(await s.api.post('/sys/position/add', { code: 'RA-1', name: '读权限测试' }, { token: admin }));
    expect((await expectOk(await s.api.get('/sys/position/list?code=RA-1', { token: applicant }))).records.map((r: any) => r.name)).toEqual(['读权限测试']);
    await refused('/sys/user/list', applicant);
    // Holding the page to read it is not holding its buttons.
    expectEnvelope(await s.api.post('/sys/position/add', { code: 'X1', name: '越权' }, { token: applicant }), { status: 403 });
  });

  it('the administrator reads every page, a schema without a menu row too', async () => {
    for (const path of ['/sys/user/list', '/sys/log/list', '/online/cgform/version/list', '/online/graphreport/item/list']) {
      expect((await s.api.get(path, { token: admin })).status, path).toBe(200);
    }
  });
});
