/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * Row rules (数据权限) declared in a page schema, through 任务管理 (schemas/pms/pms_task.json): a
 * reviewer reaches the tasks they created or are assigned, on every data path; a user who guesses
 * another row's id is told it is not there. The administrator reaches every row.
 */
describe(`row rules: a reviewer reaches their own and assigned tasks only [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let reviewer2: string;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer();
    await (s.db as any).deleteFrom('pms_task').execute(); // the seed's demo tasks are not this test's
    admin = await s.login('admin');
    reviewer = await s.login('reviewer');
    reviewer2 = await addUserWithRole(s, admin, 'reviewer2', '审核人二', 'reviewer');
    const add = async (title: string, assignee: string, token: string) => {
      expectOk(await s.api.post('/pms/task/add', { title, assignee, deadline: '2026-12-31', priority: 'L' }, { token }), '添加成功！');
      id[title] = ((await (s.db as any).selectFrom('pms_task').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id);
    };
    await add('给审核人', 'reviewer', admin);
    await add('给审核人二', 'reviewer2', admin);
    await add('审核人派给二', 'reviewer2', reviewer);
    await add('两人合办', 'reviewer2,reviewer', admin);
    await add('相似账号', 'reviewer22', admin);
  });
  afterAll(async () => { await s?.close(); });

  const titles = async (token: string, query = '') => expectOk(await s.api.get(`/pms/task/list?pageSize=50&column=title&order=asc${query}`, { token })).records.map((r: any) => r.title).sort();
  const gone = (res: any) => expect([403, 404].includes(res.status) || res.body?.success === false, res.text).toBe(true);

  it('lists what each one reaches: own rows, assigned rows (one of several too), never a look-alike account', async () => {
    expect(await titles(reviewer)).toEqual(['两人合办', '审核人派给二', '给审核人'].sort());
    expect(await titles(reviewer2)).toEqual(['两人合办', '审核人派给二', '给审核人二'].sort());
    expect(await titles(admin)).toHaveLength(5);
    expect(expectOk(await s.api.get('/pms/task/list?pageSize=1', { token: reviewer })).total).toBe(3);
  });

  it('does not read another row by its id: queryById, history', async () => {
    expectEnvelope(await s.api.get(`/pms/task/queryById?id=${id['给审核人二']}`, { token: reviewer }), { success: false, message: '未找到对应数据' });
    expectEnvelope(await s.api.get(`/pms/task/history?id=${id['给审核人二']}`, { token: reviewer }), { status: 404, success: false });
    expect(expectOk(await s.api.get(`/pms/task/queryById?id=${id['给审核人']}`, { token: reviewer })).title).toBe('给审核人');
  });

  it('does not change another row: edit, delete, batch delete, transition', async () => {
    const other = id['给审核人二'];
    gone(await s.api.put('/pms/task/edit', { id: other, title: '改掉' }, { token: reviewer }));
    gone(await s.api('DELETE', `/pms/task/delete?id=${other}`, { token: reviewer }));
    gone(await s.api('DELETE', `/pms/task/deleteBatch?ids=${id['给审核人']},${other}`, { token: reviewer }));
    gone(await s.api.post('/pms/task/transition', { id: other, transition: 'start' }, { token: reviewer }));
    const rows = await (s.db as any).selectFrom('pms_task').select(['id', 'title', 'state']).execute();
    expect(rows).toHaveLength(5);
    expect(rows.find((r: any) => r.id === other)).toMatchObject({ title: '给审核人二', state: 'todo' });
    expectOk(await s.api.post('/pms/task/transition', { id: id['两人合办'], transition: 'start' }, { token: reviewer }));
  });

  it('lists in a table dictionary only the rows reached: getDictItems, loadDict, loadDictItem', async () => {
    const texts = (res: any) => expectOk(res).map((i: any) => i.text).sort();
    expect(texts(await s.api.get('/sys/dict/getDictItems/pms_task,title,id', { token: reviewer }))).toEqual(['两人合办', '审核人派给二', '给审核人'].sort());
    expect(texts(await s.api.get(`/sys/dict/loadDict/pms_task,title,id?keyword=${encodeURIComponent('审核人')}`, { token: reviewer2 }))).toEqual(['审核人派给二', '给审核人二'].sort());
    expect(expectOk(await s.api.get(`/sys/dict/loadDictItem/pms_task,title,id?key=${id['给审核人二']},${id['给审核人']}`, { token: reviewer }))).toEqual(['给审核人']);
    expect(texts(await s.api.get('/sys/dict/getDictItems/pms_task,title,id', { token: admin }))).toHaveLength(5);
  });

  it('exports only the reachable rows', async () => {
    const res = await fetch(`${s.apiUrl}/pms/task/exportXls?selections=${Object.values(id).join(',')}`, { headers: { 'X-Access-Token': reviewer2 } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const cells = wb.worksheets[0].getColumn(1).values.filter(Boolean).map(String);
    expect(cells.filter((c) => Object.keys(id).includes(c)).sort()).toEqual(['两人合办', '审核人派给二', '给审核人二'].sort());
  });
  it('shows in the data log (数据日志) only the entries of rows reached, once the role may read the log', async () => {
    // The administrator edits a row each reviewer reaches, one only the second reaches, and a user.
    for (const title of ['给审核人', '给审核人二']) expectOk(await s.api.put('/pms/task/edit', { id: id[title], title, remark: '改过' }, { token: admin }));
    const guest = await (s.db as any).selectFrom('sys_user').select(['id', 'realname']).where('username', '=', 'guest').executeTakeFirstOrThrow();
    expectOk(await s.api.put('/sys/user/edit', { id: guest.id, realname: guest.realname, email: 'guest@example.com' }, { token: admin }));
    const logPage = (await (s.db as any).selectFrom('sys_permission').select('id').where('url', '=', '/monitor/datalog').executeTakeFirstOrThrow()).id;
    const role = expectOk(await s.api.get('/sys/role/list?roleCode=reviewer', { token: admin })).records[0];
    const before: string[] = expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }));
    expectEnvelope(await s.api.get('/sys/dataLog/list', { token: reviewer }), { status: 403 });
    expectOk(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: [...before, logPage].join(','), lastpermissionIds: before.join(',') }, { token: admin }));

    const entries = async (token: string) => expectOk(await s.api.get('/sys/dataLog/list?pageSize=100', { token })).records as any[];
    const mine = await entries(reviewer);
    expect(mine.map((e) => e.dataId)).toEqual([id['给审核人'], id['给审核人']]);
    expect((await entries(reviewer2)).map((e) => e.dataId)).toEqual([id['给审核人二'], id['给审核人二']]);
    const all = await entries(admin);
    expect(new Set(all.map((e) => e.dataId))).toEqual(new Set([id['给审核人'], id['给审核人二'], guest.id]));

    // The compare routes keep to the same entries.
    const versions = (who: string, dataId: string) => s.api.get(`/sys/dataLog/queryDataVerList?dataTable=pms_task&dataId=${dataId}`, { token: who });
    expect(expectOk(await versions(reviewer, id['给审核人']))).toHaveLength(2);
    expectEnvelope(await versions(reviewer, id['给审核人二']), { success: false, message: '未找到版本信息' });
    const others = all.filter((e) => e.dataId === id['给审核人二']).map((e) => e.id);
    expectEnvelope(await s.api.get(`/sys/dataLog/queryCompareList?dataId1=${others[0]}&dataId2=${others[1]}`, { token: reviewer }), { success: false, message: '未找到对应数据' });
    expect(expectOk(await s.api.get(`/sys/dataLog/queryCompareList?dataId1=${mine[0].id}&dataId2=${mine[1].id}`, { token: reviewer }))).toHaveLength(2);
    expect(expectOk(await s.api.get(`/sys/dataLog/queryCompareList?dataId1=${others[0]}&dataId2=${others[1]}`, { token: admin }))).toHaveLength(2);
  });
});
