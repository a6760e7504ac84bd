import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { designField } from '../helpers/cgform-design.js';

/**
 * Graph reports (contract §10.3): a graph's rows come from report SQL, run by the report machinery
 * (guard, read-only runner, bound `${}` parameters, row cap), or from a synced online form's table
 * through the schema registry. A graph that could not draw is refused when saved.
 */
describe(`graph report designer checks and getChartsData [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  const field = designField;
  const onlineForm = async (tableName: string, fields: Record<string, unknown>[], rows: Record<string, unknown>[]) => {
    const headId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName, tableTxt: tableName, tableType: 1 }, fields: [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), ...fields], indexs: [],
    }, { token }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }));
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId }, { token }));
    for (const row of rows) expectOk(await s.api.post(`/online/cgform/api/form/${headId}`, row, { token }));
    return headId as string;
  };

  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    await onlineForm('demo_sales', [
      field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority' }),
      field('amount', { dbFieldTxt: '金额', dbType: 'int', fieldShowType: 'number' }),
      field('unit_price', { dbFieldTxt: '单价', dbType: 'int', fieldShowType: 'number' }),
    ], [
      { level: 'H', amount: 30, unitPrice: 3 },
      { level: 'L', amount: 10, unitPrice: 1 },
      { level: 'M', amount: 20, unitPrice: 2 },
      { level: 'H', amount: 5, unitPrice: 4 },
    ]);
    await onlineForm('demo_vault', [field('label'), field('secret', { fieldShowType: 'password' })], [{ label: 'a', secret: 'x' }]);
    // Designed but never synced: not an online form the registry serves.
    expectOk(await s.api.post('/online/cgform/api/addAll', { head: { tableName: 'demo_draft', tableTxt: '草稿', tableType: 1 }, fields: [field('id', { dbIsKey: 1 }), field('title')], indexs: [] }, { token }));
  });
  afterAll(async () => { await s?.close(); });

  const byLevel = "select level, sum(amount) as amount, sum(unit_price) as price from demo_sales where level like '%${lv}%' group by level order by level";
  const graph = (more: Record<string, unknown>) => ({
    name: '销售图表', code: `g_${Math.random().toString(36).slice(2, 8)}`, graphType: 'bar,line,pie,table', displayTemplate: 'tab',
    dataType: 'sql', cgrSql: byLevel, xaxisField: 'level', yaxisField: 'amount,price', yaxisText: '金额', isShowList: 'Y', ...more,
  });
  const add = (body: Record<string, unknown>) => s.api.post('/online/graphreport/head/add', body, { token });
  const refusedOnSave = async (body: Record<string, unknown>, message: string | RegExp) => {
    const res = await add(graph({ name: '坏图表', ...body }));
    expectEnvelope(res, { status: 400, success: false, code: 400, message });
  };
  const charts = async (query: string) => expectOk(await s.api.get(`/online/graphreport/api/getChartsData?${query}`, { token }));

  let sqlGraphId: string;
  it('answers a SQL graph as {head, data, items, dictOptions}: every row, items in order, dictionaries of shown items, the statement kept on the server', async () => {
    expectOk(await add(graph({
      code: 'sales_by_level',
      onl_graphreport_itemList: [
        { fieldName: 'price', fieldTxt: '单价合计', orderNum: 2 },
        { fieldName: 'level', fieldTxt: '级别', dictCode: 'priority', orderNum: 0 },
        { fieldName: 'amount', fieldTxt: '金额合计', orderNum: 1 },
      ],
    })), '添加成功！');
    sqlGraphId = (await expectOk(await s.api.get('/online/graphreport/head/list?code=sales_by_level', { token }))).records[0].id;
    const r = await charts(`id=${sqlGraphId}`);
    expect(Object.keys(r).sort()).toEqual(['data', 'dictOptions', 'head', 'items']);
    expect(r.head).toMatchObject({ id: sqlGraphId, name: '销售图表', graphType: 'bar,line,pie,table', displayTemplate: 'tab', xaxisField: 'level', yaxisField: 'amount,price', isShowList: 'Y' });
    expect(r.head).not.toHaveProperty('cgrSql');
    expect(r.data).toEqual([{ level: 'H', amount: 35, price: 7 }, { level: 'L', amount: 10, price: 1 }, { level: 'M', amount: 20, price: 2 }]);
    expect(r.items.map((i: any) => [i.fieldName, i.fieldTxt, i.isShow])).toEqual([['level', '级别', 'Y'], ['amount', '金额合计', 'Y'], ['price', '单价合计', 'Y']]);
    expect(Object.keys(r.dictOptions)).toEqual(['level']);
    expect(r.dictOptions.level).toEqual(expect.arrayContaining([{ value: 'H', text: '紧急', label: '紧急', title: '紧急' }, { value: 'L', text: '一般', label: '一般', title: '一般' }]));
    // The code finds it too, and the designer's item list is there under JeecgBoot's name.
    expect((await charts('id=sales_by_level')).data).toHaveLength(3);
    expect((await expectOk(await s.api.get(`/online/graphreport/head/queryOnlGraphreportItemByMainId?id=${sqlGraphId}`, { token }))).map((i: any) => i.fieldName)).toEqual(['level', 'amount', 'price']);
  });

  it('binds self params as values (self_<name> or <name>), never as SQL', async () => {
    expect((await charts(`id=${sqlGraphId}&self_lv=H`)).data).toEqual([{ level: 'H', amount: 35, price: 7 }]);
    expect((await charts(`id=${sqlGraphId}&lv=M`)).data).toEqual([{ level: 'M', amount: 20, price: 2 }]);
    expect((await charts(`id=${sqlGraphId}&self_lv=${encodeURIComponent("' or '1'='1")}`)).data).toEqual([]);
    expect((await charts(`id=${sqlGraphId}&self_lv=`)).data).toHaveLength(3);
  });

  it.each([
    ['delete from demo_sales', '报表SQL只能是SELECT查询'],
    ['select 1 as level, 2 as amount, 3 as price; delete from demo_sales', '报表SQL只能包含一条SELECT语句'],
    ['select username as level, password as amount, 1 as price from sys_user', '报表SQL不能读取敏感字段 password'],
    ['select * from sys_user', '表 sys_user 含敏感字段，报表SQL不能用 * 查询它，请写出需要的字段'],
    ['select token_hash as level from sys_session', '报表SQL不能访问内部表 sys_session'],
    ['select name as level from sqlite_master', '报表SQL不能访问系统目录: sqlite_master'],
  ])('refuses to save SQL %s with the guard message', async (cgrSql, message) => {
    await refusedOnSave({ cgrSql }, message);
  });

  it('refuses SQL the database rejects, or that does not answer the axis fields; nothing is saved', async () => {
    await refusedOnSave({ cgrSql: 'select no_such_column from demo_sales' }, /^报表SQL执行失败/);
    await refusedOnSave({ cgrSql: 'select level, sum(amount) as total from demo_sales group by level' }, '图表字段 amount 不在SQL的查询结果中');
    await refusedOnSave({ yaxisField: 'amount,cost' }, '图表字段 cost 不在SQL的查询结果中');
    expect((await expectOk(await s.api.get(`/online/graphreport/head/list?name=${encodeURIComponent('坏图表')}`, { token }))).total).toBe(0);
  });

  it('checks an edit that touches the source against the stored row, and lets other edits through', async () => {
    expectEnvelope(await s.api.put('/online/graphreport/head/edit', { id: sqlGraphId, cgrSql: 'select level from demo_sales' }, { token }),
      { status: 400, success: false, message: '图表字段 amount 不在SQL的查询结果中' });
    expectEnvelope(await s.api.put('/online/graphreport/head/edit', { id: sqlGraphId, dataType: 'api' }, { token }),
      { status: 400, success: false, message: '图表暂不支持数据类型 api，请使用 SQL 或 Online表单（form）' });
    expectOk(await s.api.put('/online/graphreport/head/edit', { id: sqlGraphId, name: '销售图表（改）', displayTemplate: 'double' }, { token }));
    expect((await charts(`id=${sqlGraphId}`)).head).toMatchObject({ name: '销售图表（改）', displayTemplate: 'double' });
  });

  it('refuses JSON and API sources and unknown data types with a clear message', async () => {
    await refusedOnSave({ dataType: 'json', cgrSql: '[{"level":"H","amount":1,"price":1}]' }, '图表暂不支持数据类型 json，请使用 SQL 或 Online表单（form）');
    await refusedOnSave({ dataType: 'api', cgrSql: 'http://example.com/data' }, '图表暂不支持数据类型 api，请使用 SQL 或 Online表单（form）');
    await refusedOnSave({ dataType: 'excel' }, '图表数据类型只能是 sql 或 form，不能是 excel');
  });

  it('reads a synced online form through the registry: the axis columns only, by field or column name, ordered by x, dictionaries in items', async () => {
    expectOk(await add(graph({
      code: 'sales_form', dataType: 'form', cgrSql: 'demo_sales', xaxisField: 'level', yaxisField: 'amount,unit_price', graphType: 'pie',
      onl_graphreport_itemList: [{ fieldName: 'level', fieldTxt: '级别', dictCode: 'priority' }],
    })));
    const r = await charts('id=sales_form');
    expect(r.data).toHaveLength(4);
    expect(r.data.every((row: any) => Object.keys(row).sort().join() === 'amount,level,unit_price')).toBe(true);
    expect(r.data.map((row: any) => row.level)).toEqual(['H', 'H', 'L', 'M']);
    expect(r.data.filter((row: any) => row.level === 'H').map((row: any) => row.amount).sort()).toEqual([30, 5].sort());
    expect(r.data.find((row: any) => row.level === 'M')).toEqual({ level: 'M', amount: 20, unit_price: 2 });
    expect(r.dictOptions.level.find((o: any) => o.value === 'M').text).toBe('重要');
    // Field names as the registry spells them work as well.
    expectOk(await add(graph({ code: 'sales_form_camel', dataType: 'form', cgrSql: 'demo_sales', xaxisField: 'level', yaxisField: 'unitPrice' })));
    expect((await charts('id=sales_form_camel')).data.map((row: any) => row.unitPrice).sort()).toEqual([1, 2, 3, 4]);
  });

  it('filters on its search fields (search_flag Y) for SQL and form sources alike: exact, * pattern, range; values bound', async () => {
    const items = [
      { fieldName: 'level', fieldTxt: '级别', dictCode: 'priority', searchFlag: 'Y', searchMode: 'single' },
      { fieldName: 'amount', fieldTxt: '金额', searchFlag: 'Y', searchMode: 'group' },
    ];
    expectOk(await add(graph({ code: 'search_sql', cgrSql: 'select level, amount from demo_sales', yaxisField: 'amount', onl_graphreport_itemList: items })));
    expectOk(await add(graph({ code: 'search_form', dataType: 'form', cgrSql: 'demo_sales', yaxisField: 'amount', onl_graphreport_itemList: items })));
    for (const code of ['search_sql', 'search_form']) {
      const amounts = async (q: string) => (await charts(`id=${code}&${q}`)).data.map((r: any) => Number(r.amount)).sort((a: number, b: number) => a - b);
      expect(await amounts('level=H'), code).toEqual([5, 30]);
      expect(await amounts('amount_begin=10&amount_end=25'), code).toEqual([10, 20]);
      expect(await amounts('level=H&amount_begin=10'), code).toEqual([30]);
      expect(await amounts(`level=${encodeURIComponent('*M*')}`), code).toEqual([20]);
      expect(await amounts(`level=${encodeURIComponent("H' or '1'='1")}`), code).toEqual([]);
      // A field that is not a search field filters nothing.
      expect(await amounts('unit_price=3'), code).toEqual([5, 10, 20, 30]);
    }
  });

  it.each([
    [{ cgrSql: 'sys_user', xaxisField: 'username', yaxisField: 'status' }, 'Online表单 sys_user 不存在或未同步数据库'],
    [{ cgrSql: 'no_such_table' }, 'Online表单 no_such_table 不存在或未同步数据库'],
    [{ cgrSql: 'demo_draft', xaxisField: 'title', yaxisField: 'title' }, 'Online表单 demo_draft 不存在或未同步数据库'],
    [{ cgrSql: 'demo_sales', yaxisField: 'amount,cost' }, 'Online表单 demo_sales 没有字段 cost'],
    [{ cgrSql: 'demo_vault', xaxisField: 'label', yaxisField: 'secret' }, '图表不能读取敏感字段 secret'],
  ])('refuses a form source the registry does not serve, or a column it does not declare or keeps secret: %#', async (body, message) => {
    await refusedOnSave({ dataType: 'form', ...body }, message);
  });

  it('checks the stored source again when drawing: a head changed behind the API is refused with the guard message', async () => {
    await s.db.updateTable('onl_graphreport_head' as never).set({ cgrSql: 'select password as level, 1 as amount, 1 as price from sys_user' } as never).where('id' as never, '=', sqlGraphId as never).execute();
    expectEnvelope(await s.api.get(`/online/graphreport/api/getChartsData?id=${sqlGraphId}`, { token }), { status: 400, success: false, message: '报表SQL不能读取敏感字段 password' });
    await s.db.updateTable('onl_graphreport_head' as never).set({ dataType: 'json' } as never).where('id' as never, '=', sqlGraphId as never).execute();
    expectEnvelope(await s.api.get(`/online/graphreport/api/getChartsData?id=${sqlGraphId}`, { token }), { status: 400, success: false, message: '图表暂不支持数据类型 json，请使用 SQL 或 Online表单（form）' });
  });

  it('an unknown graph is a 404, the id is required, and the runtime needs a token', async () => {
    expectEnvelope(await s.api.get('/online/graphreport/api/getChartsData?id=nope', { token }), { status: 404, success: false, message: '图表不存在' });
    expectEnvelope(await s.api.get('/online/graphreport/api/getChartsData', { token }), { status: 400, success: false, message: '缺少参数 id' });
    expect((await s.api.get(`/online/graphreport/api/getChartsData?id=${sqlGraphId}`)).status).toBe(401);
  });
});
