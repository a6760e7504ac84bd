import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainSubRoot } from '../fixtures/schemas-main-sub/root.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Online reports: SQL stored by an administrator runs read-only with bound parameters, a timeout
 * and a row cap; anything that could write, reach internal tables or read a sensitive column is
 * refused with a clear 400 when saved or parsed (fixture: the demo order tables).
 */
describe(`online report runtime and SQL safety [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof mainSubRoot>;
  beforeAll(async () => {
    fixture = mainSubRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
    for (const [no, customer, date] of [['SO-1', '星火科技', '2025-03-01'], ['SO-2', '星辰制造', '2025-03-05'], ['SO-3', '蓝海贸易', '2025-04-10']]) {
      expectOk(await s.api.post('/demo/order/add', { orderNo: no, customer, orderDate: date }, { token }));
    }
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });

  const addReport = (body: Record<string, unknown>) => s.api.post('/online/cgreport/head/add', body, { token });
  const refused = async (sql: string, message: string | RegExp) => {
    const res = await addReport({ code: `bad_${Math.random().toString(36).slice(2, 8)}`, name: '坏报表', cgrSql: sql });
    const body = expectEnvelope(res, { status: 400, success: false, code: 400 });
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  };
  const api = async (path: string) => expectOk(await s.api.get(`/online/cgreport/api/${path}`, { token }));

  let reportId: string;
  it('a saved report (the first report call of a fresh server: checked inside the write) answers columns, query info and pages of data, its parameter bound, never pasted', async () => {
    expectOk(await addReport({
      code: 'orders', name: '订单报表',
      cgrSql: "select order_no, customer, order_date from demo_order where customer like '%${cust}%'",
      onl_cgreport_itemList: [
        { fieldName: 'order_no', fieldTxt: '订单号', isShow: 1, isOrder: 1, isSearch: 1, searchMode: 'single', orderNum: 0 },
        { fieldName: 'customer', fieldTxt: '客户', isShow: 1, isOrder: 0, isSearch: 1, orderNum: 1 },
        { fieldName: 'order_date', fieldTxt: '下单日期', isShow: 1, isOrder: 1, isSearch: 1, searchMode: 'group', orderNum: 2 },
      ],
      onl_cgreport_paramList: [{ paramName: 'cust', paramTxt: '客户', paramValue: '' }],
    }));
    const cols = await api('getRpColumns/orders');
    reportId = cols.cgRpConfigId;
    expect(cols.cgRpConfigName).toBe('订单报表');
    expect(cols.columns.map((c: any) => [c.title, c.dataIndex, c.sorter])).toEqual([['订单号', 'order_no', true], ['客户', 'customer', false], ['下单日期', 'order_date', true]]);
    expect((await api(`getQueryInfo/${reportId}`)).map((q: any) => [q.field, q.mode])).toEqual([['order_no', 'single'], ['customer', 'single'], ['order_date', 'group']]);

    const all = await api(`getData/${reportId}?column=order_no&order=desc&pageNo=1&pageSize=2`);
    expect(all.total).toBe(3);
    expect(all.records.map((r: any) => r.order_no)).toEqual(['SO-3', 'SO-2']);
    expect((await api(`getData/${reportId}?self_cust=${encodeURIComponent('星')}`)).total).toBe(2);
    // A parameter is a value: quotes in it match nothing rather than changing the statement.
    expect((await api(`getData/${reportId}?self_cust=${encodeURIComponent("' or '1'='1")}`)).total).toBe(0);
    expect((await api(`getData/${reportId}?order_no=SO-1`)).records.map((r: any) => r.customer)).toEqual(['星火科技']);
    expect((await api(`getData/${reportId}?customer=${encodeURIComponent('*海*')}`)).total).toBe(1);
    expect((await api(`getData/${reportId}?order_date_begin=2025-03-02&order_date_end=2025-04-10`)).records.map((r: any) => r.order_no).sort()).toEqual(['SO-2', 'SO-3']);
    // Sorting only on a column marked sortable; anything else keeps the statement's order.
    expect((await api(`getData/${reportId}?column=${encodeURIComponent('customer;drop table demo_order')}`)).total).toBe(3);
  });

  it('parseSql finds the columns and ${} parameters without reading rows', async () => {
    const sql = "select order_no, customer, order_date from demo_order where customer like '%${cust}%'";
    const r = expectOk(await s.api.get(`/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`, { token }));
    expect(r.fields.map((f: any) => f.fieldName)).toEqual(['order_no', 'customer', 'order_date']);
    expect(r.params.map((p: any) => p.paramName)).toEqual(['cust']);
  });

  it.each([
    ['delete from demo_order', '报表SQL只能是SELECT查询'],
    ['select 1; delete from demo_order', '报表SQL只能包含一条SELECT语句'],
    ['with d as (delete from demo_order returning id) select * from d', '报表SQL不允许使用 DELETE'],
    ['select username, password from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select * from sys_user', '表 sys_user 含敏感字段，报表SQL不能用 * 查询它，请写出需要的字段'],
    ['select token_hash from sys_session', '报表SQL不能访问内部表 sys_session'],
    ['select * from sqlite_master', '报表SQL不能访问系统目录: sqlite_master'],
    ['select * from pg_shadow', '报表SQL不能访问系统目录: pg_shadow'],
  ])('refuses to save %s', async (sql, message) => {
    await refused(sql, message);
  });

  it('a statement the database rejects is a 400 naming the problem, and nothing is saved', async () => {
    await refused('select no_such_column from demo_order', /^报表SQL执行失败/);
    expect((await expectOk(await s.api.get('/online/cgreport/head/list?name=坏报表', { token }))).total).toBe(0);
  });

  it('a whole row turned into text cannot smuggle a sensitive column out', async () => {
    // PostgreSQL: the report role holds no grant on the password column; SQLite has no such expression.
    await refused('select u::text as t from sys_user u', BACKEND === 'postgres' ? '报表SQL访问了不允许读取的表或字段' : /^报表SQL执行失败/);
    await refused('select format(\'%s\', u) as t from sys_user u', BACKEND === 'postgres' ? '报表SQL访问了不允许读取的表或字段' : /^报表SQL执行失败/);
  });

  it('reports over readable columns of users work', async () => {
    expectOk(await addReport({ code: 'users', name: '用户报表', cgrSql: 'select username, realname from sys_user' }));
    const data = await api('getData/users');
    expect(data.records.some((r: any) => r.username === 'admin')).toBe(true);
    expect(Object.keys(data.records[0]).sort()).toEqual(['realname', 'username']);
  });

  it('a runaway statement is stopped by the timeout and the next report still runs', async () => {
    expectOk(await addReport({ code: 'forever', name: '慢报表', cgrSql: 'with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) as n from c' }));
    const started = Date.now();
    const res = await s.api.get('/online/cgreport/api/getData/forever', { token });
    expect(expectEnvelope(res, { status: 400, success: false }).message).toBe('报表查询超时（超过10秒），请缩小查询范围');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await api('getData/orders')).total).toBe(3);
  }, 30_000);

  it('an unknown report is a 404, and the runtime needs a token', async () => {
    expectEnvelope(await s.api.get('/online/cgreport/api/getData/nope', { token }), { status: 404, success: false, message: '报表不存在' });
    expect((await s.api.get('/online/cgreport/api/getData/orders')).status).toBe(401);
  });
});
