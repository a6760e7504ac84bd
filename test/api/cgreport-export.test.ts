import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

async function sheetOf(data: ArrayBuffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** GET /online/cgreport/api/exportXls/{code}: the report's query without paging, as a real .xlsx. */
describe(`online report export [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    expectOk(await s.api.post('/online/cgreport/head/add', {
      code: 'user_report', name: '用户报表',
      cgrSql: "select username, realname, sex from sys_user where realname like '%${name}%'",
      onl_cgreport_itemList: [
        { fieldName: 'username', fieldTxt: '账号', isShow: 1, isOrder: 1, isSearch: 1, orderNum: 0 },
        { fieldName: 'realname', fieldTxt: '姓名', isShow: 0, isSearch: 1, orderNum: 1 },
        { fieldName: 'sex', fieldTxt: '性别', isShow: 1, dictCode: 'sex', isSearch: 1, orderNum: 2 },
      ],
      onl_cgreport_paramList: [{ paramName: 'name', paramTxt: '姓名包含', paramValue: '' }],
    }, { token }));
  });
  afterAll(async () => { await s?.close(); });

  const download = (path: string, t: string | null = token) => fetch(`${s.apiUrl}/online/cgreport/api/exportXls/${path}`, { headers: t ? { 'X-Access-Token': t } : {} });

  it('writes the shown columns by their texts, dictionary values as text, in the asked order, every page at once', async () => {
    const res = await download('user_report?column=username&order=asc&pageNo=2&pageSize=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1])).toBe('用户报表.xlsx');
    const rows = await sheetOf(await res.arrayBuffer());
    expect(rows[0][0]).toBe('用户报表');
    expect(rows[1][0]).toBe('导出人:管理员');
    expect(rows[2]).toEqual(['账号', '性别']);
    expect(rows.slice(3)).toEqual([['admin', '男'], ['applicant', '女'], ['expert', '男'], ['expert2', '男'], ['expert3', '女'], ['expert4', '男'], ['expert5', '女'], ['guest'], ['reviewer', '男']]);
  });

  it('honours the search fields and the report parameters as getData does', async () => {
    const byQuery = await sheetOf(await (await download(`user_report?sex=2`)).arrayBuffer());
    expect(byQuery.slice(3)).toEqual([['applicant', '女'], ['expert3', '女'], ['expert5', '女']]);
    const byParam = await sheetOf(await (await download(`user_report?self_name=${encodeURIComponent('核')}`)).arrayBuffer());
    expect(byParam.slice(3)).toEqual([['reviewer', '男']]);
    const hidden = await sheetOf(await (await download(`user_report?realname=${encodeURIComponent('*专家*')}`)).arrayBuffer());
    expect(hidden.slice(3)).toEqual([['expert', '男']]);
    // The export answers to the same id getData uses.
    const id = expectOk(await s.api.get('/online/cgreport/api/getRpColumns/user_report', { token })).cgRpConfigId;
    expect((await sheetOf(await (await download(`${id}?sex=2`)).arrayBuffer())).slice(3)).toEqual([['applicant', '女'], ['expert3', '女'], ['expert5', '女']]);
  });

  it("stops at the service's row cap", async () => {
    expectOk(await s.api.post('/online/cgreport/head/add', {
      code: 'many_rows', name: '序号',
      cgrSql: 'with recursive c(x) as (select 1 union all select x + 1 from c where x < 10005) select x from c',
      onl_cgreport_itemList: [{ fieldName: 'x', fieldTxt: '序号', isShow: 1, orderNum: 0 }],
    }, { token }));
    const rows = await sheetOf(await (await download('many_rows')).arrayBuffer());
    expect(rows[0][0]).toBe('序号报表');
    expect(rows.length - 3).toBe(10_000);
  }, 60_000);

  it('an unknown report is a 404 naming it, and the export needs a token', async () => {
    const missing = await download('nope');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('报表不存在');
    expect((await download('user_report', null)).status).toBe(401);
    expectEnvelope(await s.api.get('/online/cgreport/api/exportXls/nope', { token }), { status: 404, success: false, message: '报表不存在' });
  });
});
