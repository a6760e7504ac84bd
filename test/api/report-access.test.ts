import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetsRoot } from '../fixtures/schemas-widgets/root.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Reports, charts and the designers' helper routes answer only those granted them: a report's
 * menu entry (/online/cgreport/<id>), a chart's (/online/graphreport/chart/<id>), a page whose
 * popup field shows the report, the designer pages; the administrator role everything. The seeded
 * applicant holds none of these at first.
 */
describe(`who may run reports, charts and the designers' helpers [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let fixture: ReturnType<typeof widgetsRoot>;
  let reportId: string;
  let graphId: string;

  /** A menu entry (or a button under `parentId`) granted to the applicant role, as 菜单管理 and 角色授权 would store it. */
  const grantApplicant = async (menu: { url?: string; parentId?: string; perms?: string }) => {
    const id = randomUUID().replace(/-/g, '');
    const button = !!menu.parentId;
    await s.db.insertInto('sysPermission').values({
      id, parentId: menu.parentId ?? null, name: button ? '按钮' : '报表菜单', url: menu.url ?? null,
      component: button ? null : 'modules/online/cgreport/auto/OnlCgreportAutoList', componentName: null, redirect: null,
      menuType: button ? 2 : 1, perms: menu.perms ?? null, permsType: button ? '1' : null, sortNo: 1, alwaysShow: 0, icon: null,
      isRoute: button ? 0 : 1, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0, description: null, delFlag: 0, ruleFlag: 0,
      status: button ? '1' : null, internalOrExternal: 0, createBy: 'admin', createTime: '2025-01-01 00:00:00', updateBy: null, updateTime: null,
    } as never).execute();
    const role = await s.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'applicant').executeTakeFirstOrThrow();
    await s.db.insertInto('sysRolePermission').values({ id: randomUUID().replace(/-/g, ''), roleId: role.id, permissionId: id }).execute();
    return id;
  };
  const revoke = (permissionId: string) => s.db.deleteFrom('sysRolePermission').where('permissionId', '=', permissionId).execute();

  beforeAll(async () => {
    fixture = widgetsRoot();
    s = await startServer({ root: fixture.root });
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    expectOk(await s.api.post('/online/cgreport/head/add', {
      code: 'user_names', name: '用户名单', cgrSql: 'select username, realname from sys_user',
      onl_cgreport_itemList: [{ fieldName: 'username', fieldTxt: '账号', isShow: 1, isSearch: 1, orderNum: 0 }],
    }, { token: admin }));
    reportId = expectOk(await s.api.get('/online/cgreport/api/getRpColumns/user_names', { token: admin })).cgRpConfigId;
    expectOk(await s.api.post('/online/graphreport/head/add', {
      code: 'user_chart', name: '用户图表', cgrSql: 'select realname, count(*) as n from sys_user group by realname',
      xaxisField: 'realname', yaxisField: 'n', yaxisText: '人数', graphType: 'bar', displayTemplate: 'tab', isShowList: 'Y', dataType: 'sql',
    }, { token: admin }));
    graphId = expectOk(await s.api.get('/online/graphreport/head/list?code=user_chart', { token: admin })).records[0].id;
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });

  const reportRoutes = (key: string) => [`getRpColumns/${key}`, `getQueryInfo/${key}`, `getParamsInfo/${key}`, `getData/${key}`, `exportXls/${key}`]
    .map((p) => `/online/cgreport/api/${p}`);
  const refused = async (path: string, token = applicant, method = 'GET', body?: unknown) => {
    const res = await s.api(method, path, { token, body });
    expectEnvelope(res, { status: 403, success: false, message: '没有权限，请联系管理员授权' });
  };
  const allowed = async (path: string, token = applicant) => {
    const res = await s.api.get(path, { token });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
  };

  it('a report runs for the administrator, and for no one else by its code or id alone', async () => {
    for (const path of reportRoutes(reportId)) await allowed(path, admin);
    for (const key of ['user_names', reportId]) for (const path of reportRoutes(key)) await refused(path);
  });

  it('a code naming no report is 404 to the designer only: everyone else gets the 403 an existing one gets', async () => {
    expectEnvelope(await s.api.get('/online/cgreport/api/getData/no_such_report', { token: admin }), { status: 404, message: '报表不存在' });
    await refused('/online/cgreport/api/getData/no_such_report');
    await refused('/online/graphreport/api/getChartsData?id=no_such_chart');
  });

  it("the report's menu entry (by id or by code) lets its holders run it, and only it", async () => {
    const menu = await grantApplicant({ url: `/online/cgreport/${reportId}` });
    for (const path of reportRoutes(reportId)) await allowed(path);
    const data = expectOk(await s.api.get(`/online/cgreport/api/getData/${reportId}`, { token: applicant }));
    expect(data.records.some((r: any) => r.username === 'admin')).toBe(true);
    await revoke(menu);
    for (const path of reportRoutes(reportId)) await refused(path);

    const byCode = await grantApplicant({ url: '/online/cgreport/user_names' });
    await allowed('/online/cgreport/api/getData/user_names');
    await revoke(byCode);
  });

  it('a button under the report menu entry is as good as the entry', async () => {
    const menu = await grantApplicant({ url: `/online/cgreport/${reportId}` });
    await revoke(menu);
    const button = await grantApplicant({ parentId: menu, perms: 'report:user_names:export' });
    await allowed(`/online/cgreport/api/exportXls/${reportId}`);
    await revoke(button);
  });

  it('a popup field: the holders of a page whose popup shows the report read it from inside the form', async () => {
    expectOk(await s.api.post('/online/cgreport/head/add', { code: 'demo_posts', name: '职务弹窗', cgrSql: 'select name, code from sys_position' }, { token: admin }));
    const posts = expectOk(await s.api.get('/online/cgreport/api/getRpColumns/demo_posts', { token: admin })).cgRpConfigId;
    await refused(`/online/cgreport/api/getData/${posts}`);
    // The page's menu entry and its buttons, as 角色授权 grants a page.
    const page = await s.db.selectFrom('sysPermission').select('id').where('url', '=', '/demo/demo_widgets').executeTakeFirstOrThrow();
    const buttons = await s.db.selectFrom('sysPermission').select('id').where('parentId', '=', page.id).execute();
    const role = await s.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'applicant').executeTakeFirstOrThrow();
    for (const permissionId of [page.id, ...buttons.map((b) => b.id)]) {
      await s.db.insertInto('sysRolePermission').values({ id: randomUUID().replace(/-/g, ''), roleId: role.id, permissionId }).execute();
    }
    for (const path of ['getRpColumns/demo_posts', `getQueryInfo/${posts}`, `getData/${posts}`]) await allowed(`/online/cgreport/api/${path}`);
    // The page's popup names demo_posts only: other reports stay closed.
    await refused(`/online/cgreport/api/getData/${reportId}`);
    for (const b of [page, ...buttons]) await revoke(b.id);
  });

  it("a chart draws for the administrator and the holders of its menu entry; its designer's item list is the designer's", async () => {
    await allowed(`/online/graphreport/api/getChartsData?id=${graphId}`, admin);
    await refused(`/online/graphreport/api/getChartsData?id=${graphId}`);
    await refused(`/online/graphreport/api/getChartsData?id=user_chart`);
    await refused(`/online/graphreport/head/queryOnlGraphreportItemByMainId?id=${graphId}`);
    const menu = await grantApplicant({ url: `/online/graphreport/chart/${graphId}` });
    const chart = expectOk(await s.api.get(`/online/graphreport/api/getChartsData?id=${graphId}`, { token: applicant }));
    expect(chart.data.length).toBeGreaterThan(0);
    await refused(`/online/graphreport/head/queryOnlGraphreportItemByMainId?id=${graphId}`);
    await revoke(menu);
  });

  it('reloading the dictionary cache is for administrators and the dictionary page', async () => {
    await refused('/sys/dict/refleshCache');
    expectOk(await s.api.get('/sys/dict/refleshCache', { token: admin }), '刷新缓存完成！');
  });

  it('drawing a fill-rule value moves its counter: administrators and the fill-rule page only', async () => {
    await refused('/sys/fillRule/executeRuleByCode/order_num_rule', applicant, 'PUT', {});
    await refused('/sys/fillRule/executeRuleByCode/order_num_rule', applicant, 'POST', {});
    await refused('/sys/fillRule/executeRuleByCodeBatch', applicant, 'PUT', { rules: [{ ruleCode: 'order_num_rule' }] });
    await refused('/sys/fillRule/testFillRule?ruleCode=order_num_rule');
    expect(expectOk(await s.api.put('/sys/fillRule/executeRuleByCode/order_num_rule', {}, { token: admin }))).toMatch(/^CN\d{8}0001$/);
  });

  it("an online form's fields and indexes are the form designer's", async () => {
    const head = expectOk(await s.api.get('/online/cgform/head/list', { token: admin })).records[0];
    const headId = head?.id ?? 'none';
    await refused(`/online/cgform/field/listByHeadId?headId=${headId}`);
    await refused(`/online/cgform/index/listByHeadId?headId=${headId}`);
    if (head) {
      expectOk(await s.api.get(`/online/cgform/field/listByHeadId?headId=${headId}`, { token: admin }));
      expectOk(await s.api.get(`/online/cgform/index/listByHeadId?headId=${headId}`, { token: admin }));
    }
  });
});
