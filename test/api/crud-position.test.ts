import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** The schema engine's CRUD contract, through the first schema page (schemas/system/sys_position.json). */
describe(`schema CRUD: /sys/position [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    const rows = [['CEO', '总经理', '5'], ['CTO', '技术总监', '5'], ['DEV1', '开发工程师', '3'], ['DEV2', '高级开发工程师', '4'], ['OPS', '运维_工程师', '3'], ['HR', '人事专员', '2']];
    for (const [code, name, postRank] of rows) expectOk(await s.api.post('/sys/position/add', { code, name, postRank }, { token: admin }), '添加成功！');
  });
  afterAll(async () => { await s?.close(); });

  const list = async (query: string) => expectOk(await s.api.get(`/sys/position/list?${query}`, { token: admin }));
  const codes = async (query: string) => (await list(`${query}&column=code&order=asc&pageSize=100`)).records.map((r: any) => r.code);

  it('pages with pageNo/pageSize and reports the total', async () => {
    const page = await list('pageNo=2&pageSize=4&column=code&order=asc');
    expect(page.total).toBe(6);
    expect(page.records.map((r: any) => r.code)).toEqual(['HR', 'OPS']);
    expect(page.current).toBe(2);
  });

  it('honours every operator of the query grammar', async () => {
    expect(await codes(`name=${encodeURIComponent('*工程*')}`)).toEqual(['DEV1', 'DEV2', 'OPS']);
    expect(await codes('code=DEV*')).toEqual(['DEV1', 'DEV2']);
    expect(await codes(`name=${encodeURIComponent('*工程师')}`)).toEqual(['DEV1', 'DEV2', 'OPS']);
    expect(await codes('code=!CEO')).toEqual(['CTO', 'DEV1', 'DEV2', 'HR', 'OPS']);
    expect(await codes('code=CEO,HR')).toEqual(['CEO', 'HR']);
    expect(await codes(`postRank=${encodeURIComponent(',4,2,')}`)).toEqual(['DEV2', 'HR']);
    expect(await codes(`postRank=${encodeURIComponent('>= 4')}`)).toEqual(['CEO', 'CTO', 'DEV2']);
    expect(await codes(`postRank=${encodeURIComponent('<=3')}`)).toEqual(['DEV1', 'HR', 'OPS']);
    // `_` is a literal, not a wildcard
    expect(await codes(`name=${encodeURIComponent('*_*')}`)).toEqual(['OPS']);
    const superQ = encodeURIComponent(JSON.stringify([{ field: 'code', rule: 'eq', val: 'CEO' }, { field: 'code', rule: 'eq', val: 'HR' }]));
    expect(await codes(`superQueryParams=${superQ}&superQueryMatchType=or`)).toEqual(['CEO', 'HR']);
    expect(await codes(`superQueryParams=${superQ}&superQueryMatchType=and`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await codes(`createTime_begin=${today}&createTime_end=${today}`)).length).toBe(6);
    expect(await codes('createTime_end=2000-01-01')).toEqual([]);
  });

  it('sorts by declared columns, several at once', async () => {
    const page = await list('column=postRank,code&order=desc&pageSize=3');
    expect(page.records.map((r: any) => r.code)).toEqual(['CTO', 'CEO', 'DEV2']);
  });

  it('adds <field>_dictText from the dictionary', async () => {
    const page = await list('code=DEV1');
    expect(page.records[0]).toMatchObject({ code: 'DEV1', postRank: '3', postRank_dictText: '中级' });
  });

  it('ignores parameters naming no declared field, as JeecgBoot does', async () => {
    const all = await codes('');
    expect(all.length).toBeGreaterThan(3);
    expect(await codes('password=x&ipInfo=&keyWord=1&nope_begin=x&isAdmin_MultiString=a,b')).toEqual(all);
  });

  it('refuses undeclared sort columns, super-query fields and SQL fragments with a clear 400', async () => {
    for (const [query, message] of [
      ['column=id;drop table sys_user', /将要排序的列字段不存在/],
      ['column=code%20desc,(select%201)', /将要排序的列字段不存在/],
      ['createTime_begin=2020-01-01%27%20or%201=1', /需要日期/],
      ['superQueryParams=%5B%7B%22field%22%3A%22password%22%2C%22rule%22%3A%22eq%22%2C%22val%22%3A%221%22%7D%5D', /未知的查询字段/],
      ['pageSize=abc', /pageSize/],
    ] as const) {
      const res = await s.api.get(`/sys/position/list?${query}`, { token: admin });
      expectEnvelope(res, { status: 400, success: false, code: 400, message });
    }
    // a quote in a value is only a value
    expect(await codes(`code=${encodeURIComponent("x' or '1'='1")}`)).toEqual([]);
  });

  it('validates bodies: required, length, pattern, types; drops unknown fields', async () => {
    const add = (body: unknown) => s.api.post('/sys/position/add', body, { token: admin });
    expectEnvelope(await add({ name: '缺编码' }), { status: 400, message: '职务编码不能为空' });
    expectEnvelope(await add({ code: 'X'.repeat(33), name: 'x' }), { status: 400, message: '职务编码长度不能超过32个字符' });
    expectEnvelope(await add({ code: 'a b', name: 'x' }), { status: 400, message: '职务编码只能包含字母、数字、下划线和短横线' });
    expectEnvelope(await add({ code: 'OK', name: { zh: 'x' } }), { status: 400, message: '职务名称的类型不正确' });
    // a number sent for a text field is its text, as JeecgBoot's Jackson reads it (issue 41)
    expectOk(await add({ code: 'NUM', name: 5 }), '添加成功！');
    const [num] = (await list('code=NUM')).records;
    expect(num.name).toBe('5');
    expectOk(await s.api('DELETE', `/sys/position/delete?id=${num.id}`, { token: admin }), '删除成功!');
    expectEnvelope(await add({ code: 'OK', name: 'x', postRank: '9' }), { status: 400, message: '职级的值「9」不在字典中' });
    expectOk(await add({ code: 'OK', name: 'x', isAdmin: true, 'name; drop table sys_position': 1 }), '添加成功！');
    const [ok] = (await list('code=OK')).records;
    expect(ok).toMatchObject({ code: 'OK', name: 'x' });
    expect(ok).not.toHaveProperty('isAdmin');
    expectOk(await s.api('DELETE', `/sys/position/delete?id=${ok.id}`, { token: admin }), '删除成功!');
    expectRefused(await add({ code: 'CEO', name: '重复' }), '数据库中已存在该记录');
  });

  it('reads, edits and deletes, stamping who and when', async () => {
    const [row] = (await list('code=HR')).records;
    expect(row).toMatchObject({ createBy: 'admin', sysOrgCode: 'A01' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(expectOk(await s.api.get(`/sys/position/queryById?id=${row.id}`, { token: admin }))).toMatchObject({ code: 'HR', name: '人事专员' });
    expectOk(await s.api.put('/sys/position/edit', { id: row.id, name: '人力资源专员', postRank_dictText: 'ignored' }, { token: admin }), '编辑成功!');
    expectEnvelope(await s.api.put('/sys/position/edit', { id: row.id, postRank: 'x' }, { token: admin }), { status: 400, message: '职级的值「x」不在字典中' });
    const edited = expectOk(await s.api.get(`/sys/position/queryById?id=${row.id}`, { token: admin }));
    expect(edited).toMatchObject({ name: '人力资源专员', updateBy: 'admin', code: 'HR' });
    expectRefused(await s.api.put('/sys/position/edit', { id: 'nope', name: 'x' }, { token: admin }), '未找到对应数据');
    expectOk(await s.api('DELETE', `/sys/position/delete?id=${row.id}`, { token: admin }), '删除成功!');
    expectRefused(await s.api.get(`/sys/position/queryById?id=${row.id}`, { token: admin }), '未找到对应数据');
  });

  it('deletes in batch, tolerating the trailing comma', async () => {
    const ids = (await list('code=DEV1,DEV2')).records.map((r: any) => r.id);
    expectOk(await s.api('DELETE', `/sys/position/deleteBatch?ids=${ids.join(',')},`, { token: admin }), '批量删除成功!');
    expect(await codes('code=DEV*')).toEqual([]);
  });

  it('enforces button permissions on the server', async () => {
    const denied = await s.api.post('/sys/position/add', { code: 'APP', name: 'x' }, { token: applicant });
    expectEnvelope(denied, { status: 403, success: false, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await s.api('DELETE', '/sys/position/deleteBatch?ids=a', { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.get('/sys/position/list', {}), { status: 401 });
  });
});
