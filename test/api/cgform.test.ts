import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { designField } from '../helpers/cgform-design.js';

/**
 * Online forms: a design saved through the designer API, synced to the database as its own step,
 * then served under the contract's runtime paths by the same engine as a schema file.
 */
describe(`online form designer and runtime [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const get = async (path: string) => expectOk(await s.api.get(path, { token }));
  const refused = (res: Awaited<ReturnType<TestServer['api']['get']>>, message: string, status = 400) => expectEnvelope(res, { status, success: false, message });
  const field = designField;
  const design = (fields: Record<string, unknown>[], head: Record<string, unknown> = {}) => ({
    head: { tableName: 'demo_contract', tableTxt: '合同', tableType: 1, ...head },
    fields: [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), ...fields],
    indexs: [],
  });
  const v1 = [
    field('contract_name', { dbFieldTxt: '合同名称', fieldMustInput: '1', isQuery: 1, orderNum: 1 }),
    field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', orderNum: 2 }),
    field('amount', { dbFieldTxt: '金额', dbType: 'BigDecimal', dbLength: 12, dbPointLength: 2, fieldShowType: 'number', orderNum: 3 }),
    field('remark', { dbFieldTxt: '备注', orderNum: 4 }),
  ];
  let headId: string;
  let recordId: string;

  it('saves a design, which is not served until synced', async () => {
    headId = expectOk(await s.api.post('/online/cgform/api/addAll', design(v1), { token }), '添加成功！');
    const head = (await get('/online/cgform/head/list?tableName=demo_contract')).records[0];
    expect(head).toMatchObject({ id: headId, tableTxt: '合同', isDbSynch: 'N', isDbSynch_dictText: '未同步', tableVersion: 1 });
    refused(await s.api.get(`/online/cgform/api/getData/${headId}`, { token }), 'NO_DB_SYNC');
    const fields = await get(`/online/cgform/field/listByHeadId?headId=${headId}`);
    expect(fields.map((f: any) => f.dbFieldName)).toEqual(expect.arrayContaining(['id', 'create_time', 'contract_name', 'level', 'amount', 'remark']));
  });

  it('shows the plan, syncs, and serves the form through the contract paths', async () => {
    const plan = await get(`/online/cgform/api/syncPlan/${headId}`);
    expect(plan.destructive).toBe(false);
    expect(plan.steps[0]).toMatchObject({ kind: 'createTable', table: 'demo_contract' });
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！');
    expect((await get('/online/cgform/head/list?tableName=demo_contract')).records[0].isDbSynch).toBe('Y');

    // Rows are written through the page's buttons: nobody holds them until the form is in a menu.
    expect((await s.api.post(`/online/cgform/api/form/${headId}`, { contractName: '太早' }, { token })).status).toBe(403);
    const reviewerRole = (await get('/sys/role/list?roleCode=reviewer')).records[0].id;
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId, roleIds: [reviewerRole] }, { token }), '已添加到菜单');
    refused(await s.api.post('/online/cgform/head/addToMenu', { id: headId }, { token }), '该表单已添加到菜单');
    const reviewer = await s.login('reviewer');
    const menus = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: reviewer }));
    expect(JSON.stringify(menus.menu)).toContain('online/demo_contract');
    expect(menus.auth.map((a: any) => a.action)).toEqual(expect.arrayContaining(['online:demo_contract:add', 'online:demo_contract:edit']));
    expectOk(await s.api.post('/online/cgform/api/form/demo_contract', { contractName: '评审合同', level: 'M' }, { token: reviewer }));
    const applicant = await s.login('applicant');
    expect((await s.api.post('/online/cgform/api/form/demo_contract', { contractName: '越权' }, { token: applicant })).status).toBe(403);

    refused(await s.api.post(`/online/cgform/api/form/${headId}`, { level: 'H' }, { token }), '合同名称不能为空');
    expectOk(await s.api.post(`/online/cgform/api/form/${headId}`, { contractName: '采购合同', level: 'H', amount: 1200.5, remark: '首批' }, { token }));
    expectOk(await s.api.post('/online/cgform/api/form/demo_contract', { contractName: '服务合同', level: 'L' }, { token }));
    const page = await get(`/online/cgform/api/getData/${headId}?contractName=${encodeURIComponent('*采购*')}`);
    expect(page.total).toBe(1);
    recordId = page.records[0].id;
    expect(page.records[0]).toMatchObject({ contractName: '采购合同', level_dictText: '紧急', amount: 1200.5 });
    expect((await get(`/online/cgform/api/form/${headId}/${recordId}`)).remark).toBe('首批');
    expectOk(await s.api.put(`/online/cgform/api/form/${headId}`, { id: recordId, contractName: '采购合同（修订）' }, { token }));
    // The renderer's own paths reach the same engine, and the page schema is served by code.
    expect((await get('/online/data/demo_contract/list?column=contractName&order=asc')).records.map((r: any) => r.contractName)).toEqual(['服务合同', '评审合同', '采购合同（修订）']);
    expect((await get('/sys/schema/page?code=demo_contract')).api).toBe('/online/data/demo_contract');
  });

  it("lists the tables a design may name, with their columns, for the designer's pickers: declared ones only, no sensitive column", async () => {
    const tables = await get('/online/cgform/api/declaredTables');
    const byName = new Map(tables.map((t: any) => [t.table, t]));
    expect(byName.get('demo_contract')).toMatchObject({ title: '合同', columns: expect.arrayContaining([{ column: 'contract_name', label: '合同名称', type: 'string' }]) });
    const userColumns = (byName.get('sys_user') as any).columns.map((c: any) => c.column);
    expect(userColumns).toEqual(expect.arrayContaining(['username', 'realname']));
    expect(userColumns).not.toContain('password');
    expect((await s.api.get('/online/cgform/api/declaredTables', { token: await s.login('applicant') })).status).toBe(403);
  });

  it('an edited design waits for its sync; a dropped column needs force, and the rows stay', async () => {
    const v2 = [...v1.filter((f) => f.dbFieldName !== 'remark'), field('sign_date', { dbFieldTxt: '签订日期', dbType: 'Date', fieldShowType: 'date', orderNum: 5 })];
    expectOk(await s.api.put('/online/cgform/api/editAll', { ...design(v2), head: { id: headId, tableName: 'demo_contract', tableTxt: '合同', tableType: 1 } }, { token }), '修改成功！');
    expect((await get('/online/cgform/head/list?tableName=demo_contract')).records[0]).toMatchObject({ isDbSynch: 'N', tableVersion: 2 });
    const plan = await get(`/online/cgform/api/syncPlan/${headId}`);
    expect(plan.steps.map((p: any) => `${p.kind}:${p.column?.column ?? p.column ?? ''}`)).toEqual(expect.arrayContaining(['addColumn:sign_date', 'dropColumn:remark']));
    expect(plan.destructive).toBe(true);

    const normal = expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！有 1 个删除字段未执行，需以 force 方式再次确认');
    expect(normal.skipped).toHaveLength(1);
    expectOk(await s.api.put(`/online/cgform/api/form/${headId}`, { id: recordId, signDate: '2025-06-01' }, { token }));
    const row = await get(`/online/cgform/api/form/${headId}/${recordId}`);
    expect(row).toMatchObject({ contractName: '采购合同（修订）', signDate: '2025-06-01' });
    expect(row.remark).toBeUndefined();
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/force`, {}, { token }), '同步数据库成功！');
    expect((await get(`/online/cgform/api/syncPlan/${headId}`)).steps).toEqual([]);
    expect((await get(`/online/cgform/api/getData/${headId}`)).total).toBe(3);
  });

  it('keeps every synced version and restores one as the design to sync', async () => {
    const versions = await get(`/online/cgform/version/list?headId=${headId}&column=tableVersion&order=asc`);
    expect(versions.records.map((v: any) => v.tableVersion)).toEqual([1, 2, 2]);
    expectOk(await s.api.post('/online/cgform/head/restore', { id: headId, version: 1 }, { token }), '已恢复该版本，同步数据库后生效');
    const fields = await get(`/online/cgform/field/listByHeadId?headId=${headId}`);
    expect(fields.map((f: any) => f.dbFieldName)).toContain('remark');
    expect(fields.map((f: any) => f.dbFieldName)).not.toContain('sign_date');
    expect((await get('/online/cgform/head/list?tableName=demo_contract')).records[0].isDbSynch).toBe('N');
  });

  it.each([
    [design(v1, { tableName: 'sys_user' }), '表名「sys_user」以系统保留前缀开头（sys_、onl_、qrtz_）'],
    [design(v1, { tableName: 'demo_contract' }), '表名「demo_contract」已存在'],
    [design(v1, { tableName: 'bench_x; drop table sys_user' }), '表名「bench_x; drop table sys_user」不合法：只能用小写字母、数字和下划线，以字母开头，下划线后跟字母'],
    [design([field('title'), field('Title')], { tableName: 'demo_dup' }), '字段名「title」重复'],
    [design([field('owner', { fieldShowType: 'list', dictTable: 'sys_user', dictField: 'username', dictText: 'password' })], { tableName: 'demo_leak' }), '表单配置有误：/fields/0/dict/text: "password" is sensitive and cannot be read through a dictionary'],
  ])('refuses a design that would be unsafe or broken: %#', async (body, message) => {
    refused(await s.api.post('/online/cgform/api/addAll', body, { token }), message);
  });

  it('a design changes only through the designer, a synced form cannot be deleted, and only the designer role may design', async () => {
    refused(await s.api.post('/online/cgform/head/add', { tableName: 'x_y', tableTxt: 'x' }, { token }), '请通过表单设计器新增表单');
    refused(await s.api('DELETE', `/online/cgform/head/delete?id=${headId}`, { token }), '已同步数据库的表单不能删除：demo_contract');
    const applicant = await s.login('applicant');
    expect((await s.api.post('/online/cgform/api/addAll', design(v1, { tableName: 'demo_other' }), { token: applicant })).status).toBe(403);
    refused(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/drop`, {}, { token }), '同步方式只能是 normal 或 force');
    refused(await s.api.get('/online/data/no_such_form/list', { token }), '表单不存在或未同步数据库', 404);
  });
});
