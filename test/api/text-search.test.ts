import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perfdbRoot } from '../fixtures/schemas-perfdb/root.js';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Contains search (`*x*`) on columns a page declares `search: true` goes through the database's text
 * index (SQLite FTS5 trigram kept by triggers, PostgreSQL pg_trgm): the answers are those of a plain
 * LIKE, after every kind of write, for short terms (which scan) and for wildcard characters alike.
 */
describe(`text search on search:true columns [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof perfdbRoot>;
  beforeAll(async () => {
    fixture = perfdbRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });

  const titles = async (query: string) => {
    const page = expectOk(await s.api.get(`/demo/ticket/list?${query}&column=title&order=asc&pageSize=50`, { token }));
    return page.records.map((r: { title: string }) => r.title);
  };
  const search = (field: string, term: string) => titles(`${field}=${encodeURIComponent(term)}`);
  const idOf = async (title: string) => expectOk(await s.api.get(`/demo/ticket/list?title=${encodeURIComponent(title)}`, { token })).records[0].id as string;

  it('finds a row by part of its text after add, edit, a module\'s own SQL, and delete', async () => {
    expectOk(await s.api.post('/demo/ticket/add', { title: '年度采购合同审批', content: '关于服务器采购的说明', status: '1' }, { token }));
    expectOk(await s.api.post('/demo/ticket/add', { title: '办公用品领用', content: '打印纸与墨盒', status: '0' }, { token }));
    expect(await search('title', '*采购合同*')).toEqual(['年度采购合同审批']);
    expect(await search('content', '*打印纸*')).toEqual(['办公用品领用']);

    const id = await idOf('年度采购合同审批');
    expectOk(await s.api.put('/demo/ticket/edit', { id, title: '年度租赁合同审批', content: '关于服务器采购的说明', status: '1' }, { token }));
    expect(await search('title', '*采购合同*')).toEqual([]);
    expect(await search('title', '*租赁合同*')).toEqual(['年度租赁合同审批']);

    // A write the engine does not see (a module's SQL, a workflow step) is indexed by the database's own triggers.
    await sql`update demo_ticket set title = ${'年度维保合同审批'} where id = ${id}`.execute(s.db);
    expect(await search('title', '*维保合同*')).toEqual(['年度维保合同审批']);
    expect(await search('title', '*租赁合同*')).toEqual([]);

    expectOk(await s.api('DELETE', `/demo/ticket/delete?id=${id}`, { token }));
    expect(await search('title', '*维保合同*')).toEqual([]);
  });

  it('finds imported rows', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('导入');
    sheet.addRow(['标题', '内容', '状态']);
    sheet.addRow(['季度质量抽检报告', '抽检批次 A-17', '是']);
    sheet.addRow(['季度安全巡查记录', '消防通道畅通', '否']);
    const form = new FormData();
    form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'tickets.xlsx');
    const res = await fetch(`${s.apiUrl}/demo/ticket/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } }).then((r) => r.json());
    expect(res.success).toBe(true);
    expect(await search('title', '*质量抽检*')).toEqual(['季度质量抽检报告']);
    expect(await search('content', '*A-17*')).toEqual(['季度质量抽检报告']);
  });

  it('answers as LIKE does: short terms, anchored terms, case, wildcard and quote characters', async () => {
    expectOk(await s.api.post('/demo/ticket/add', { title: 'Report "Q3" 50%_done', content: 'x', status: '1' }, { token }));
    expect(await search('title', '*季度*')).toEqual(['季度安全巡查记录', '季度质量抽检报告']); // two characters: no trigram, the scan answers
    expect(await search('title', '季度质量*')).toEqual(['季度质量抽检报告']); // starts with
    expect(await search('title', '*巡查记录')).toEqual(['季度安全巡查记录']); // ends with
    expect(await search('title', '*抽检记录*')).toEqual([]); // every trigram occurs, not the whole term
    expect(await search('title', '*report "q3"*')).toEqual(['Report "Q3" 50%_done']);
    expect(await search('title', '*50%_d*')).toEqual(['Report "Q3" 50%_done']);
    expect(await search('title', '*0%x*')).toEqual([]); // % is a character here, not a wildcard
    // Combined with other conditions and the super query.
    expect(await titles(`title=${encodeURIComponent('*季度*')}&status=0`)).toEqual(['季度安全巡查记录']);
    const sup = encodeURIComponent(JSON.stringify([{ field: 'content', rule: 'like', val: '消防通' }]));
    expect(await titles(`superQueryParams=${sup}`)).toEqual(['季度安全巡查记录']);
  });
});
