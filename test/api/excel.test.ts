import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { exportPaging } from '../../src/server/crud/export-order.js';

async function sheetOf(data: ArrayBuffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function xlsx(rows: unknown[][]): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('导入');
  rows.forEach((r) => sheet.addRow(r));
  return new Blob([await wb.xlsx.writeBuffer()]);
}

/** exportXls / importExcel of the schema engine, through sys_position. */
describe(`Excel export and import [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    for (const [code, name, postRank] of [['CEO', '总经理', '5'], ['DEV', '开发工程师', '3'], ['HR', '人事专员', '2']]) {
      expectOk(await s.api.post('/sys/position/add', { code, name, postRank }, { token }));
    }
  });
  afterAll(async () => { await s?.close(); });

  const download = (query: string) => fetch(`${s.apiUrl}/sys/position/exportXls?${query}`, { headers: { 'X-Access-Token': token } });
  const upload = (file: Blob, t = token) => {
    const form = new FormData();
    form.append('file', file, 'positions.xlsx');
    return fetch(`${s.apiUrl}/sys/position/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': t } }).then(async (r) => ({ status: r.status, body: await r.json() }));
  };
  const codes = async () => expectOk(await s.api.get('/sys/position/list?column=code&order=asc', { token })).records.map((r: any) => r.code);

  it('exports a real .xlsx honouring the query, with dictionary text', async () => {
    const res = await download(`name=${encodeURIComponent('*工程*')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await sheetOf(await res.arrayBuffer());
    expect(rows[0][0]).toBe('职务管理报表');
    expect(rows[1][0]).toBe('导出人:管理员');
    expect(rows[2]).toEqual(['职务编码', '职务名称', '职级', '创建时间']);
    expect(rows.slice(3).map((r) => r.slice(0, 3))).toEqual([['DEV', '开发工程师', '中级']]);
    expect(rows[3][3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('exports only the selections when given', async () => {
    const list = expectOk(await s.api.get('/sys/position/list?code=CEO,HR', { token })).records;
    const rows = await sheetOf(await (await download(`selections=${list.map((r: any) => r.id).join(',')}`)).arrayBuffer());
    expect(rows.slice(3).map((r) => r[0]).sort()).toEqual(['CEO', 'HR']);
  });

  /** The export of `query` lists the rows the list endpoint lists with the same query, in its order, two keys read at a time. */
  async function exportsAsListed(page: string, query: string, t: string, columns: [label: string, field: string][]) {
    const before = { ...exportPaging };
    Object.assign(exportPaging, { minKeys: 2, maxKeys: 2 }); // page boundaries fall inside runs of equal values and of NULLs
    try {
      const listed = expectOk(await s.api.get(`${page}/list?${query}&pageSize=100`, { token: t })).records;
      const res = await fetch(`${s.apiUrl}${page}/exportXls?${query}`, { headers: { 'X-Access-Token': t } });
      const [, , header, ...rows] = await sheetOf(await res.arrayBuffer());
      const at = columns.map(([label]) => header.indexOf(label));
      expect(rows.map((r) => at.map((i) => r[i])), `${page} ${query}`).toEqual(listed.map((r: any) => columns.map(([, f]) => r[f])));
      expect(listed.length, `${page} ${query}`).toBeGreaterThan(1);
    } finally {
      Object.assign(exportPaging, before);
    }
  }

  it('exports in the list\'s order across many reads: NULLs and duplicates in the sort columns, filters, row rules', async () => {
    await (s.db as any).deleteFrom('pms_task').execute(); // the seed's demo tasks are not this test's
    const reviewer = await s.login('reviewer');
    for (let i = 0; i < 16; i++) {
      // Priorities and deadlines repeat; every fourth content is NULL, the rest one of two texts; a third are the reviewer's own.
      const body = { title: `排序任务${String(i).padStart(2, '0')}`, assignee: i % 2 ? 'admin' : 'reviewer', deadline: `2026-12-${10 + (i % 3)}`, priority: ['L', 'M', 'H'][i % 3], content: i % 4 ? `内容${i % 2}` : undefined };
      expectOk(await s.api.post('/pms/task/add', body, { token: i % 3 ? token : reviewer }));
    }
    // Started and finished tasks get start and finish times (NULL for the others, equal within a second).
    const tasks = expectOk(await s.api.get('/pms/task/list?column=title&order=asc&pageSize=100', { token })).records;
    for (const [n, t] of tasks.entries()) {
      if (n % 3) expectOk(await s.api.post('/pms/task/transition', { id: t.id, transition: 'start' }, { token }));
      if (n % 3 === 1) expectOk(await s.api.post('/pms/task/transition', { id: t.id, transition: 'finish' }, { token }));
    }
    expect(expectOk(await s.api.get('/pms/task/list?pageSize=1', { token })).total).toBe(16);
    expect(expectOk(await s.api.get('/pms/task/list?pageSize=1', { token: reviewer })).total).toBeLessThan(16); // the row rules leave the reviewer some tasks only
    const queries = ['', 'column=content&order=asc', 'column=content&order=desc', 'column=finishTime&order=asc', 'column=startTime&order=desc',
      'column=priority,content&order=desc', 'column=createTime&order=asc', 'priority=M&column=content&order=asc', `title=${encodeURIComponent('*任务1*')}&column=finishTime&order=desc`];
    for (const t of [token, reviewer]) {
      for (const query of queries) await exportsAsListed('/pms/task', query, t, [['任务名称', 'title'], ['优先级', 'priority_dictText']]);
    }
  });

  it('exports in the list\'s order when sorted by a decimal column with repeated values', async () => {
    for (const [n, hours] of [1.5, 2, 1.5, 0.5, 2, 8, 0.5, 7.5].entries()) {
      const plan = n % 3 ? `计划${n % 2}` : undefined; // one a day for a user; plans repeat or are NULL
      expectOk(await s.api.post('/pms/dailyWork/add', { workDate: `2026-11-0${1 + n}`, content: `工作${n}`, hours, plan }, { token }));
    }
    for (const query of ['column=hours&order=asc', 'column=hours&order=desc', 'column=plan,hours&order=desc']) {
      await exportsAsListed('/pms/dailyWork', query, token, [['今日工作', 'content'], ['工时（小时）', 'hours']]);
    }
  });

  it('imports its own export back (round trip), mapping dictionary text to values', async () => {
    const file = new Blob([await (await download('')).arrayBuffer()]);
    const ids = expectOk(await s.api.get('/sys/position/list', { token })).records.map((r: any) => r.id);
    expectOk(await s.api('DELETE', `/sys/position/deleteBatch?ids=${ids.join(',')}`, { token }));
    expect(await codes()).toEqual([]);
    const res = await upload(file);
    expect(res.body).toMatchObject({ success: true, message: '文件导入成功！数据行数：3' });
    const rows = expectOk(await s.api.get('/sys/position/list?column=code&order=asc', { token })).records;
    expect(rows.map((r: any) => [r.code, r.name, r.postRank])).toEqual([['CEO', '总经理', '5'], ['DEV', '开发工程师', '3'], ['HR', '人事专员', '2']]);
  });

  it('imports its own export back where a column is a table dictionary (企业管理 › 所属行业, a category): names back to ids', async () => {
    const list = async () => expectOk(await s.api.get('/pms/enterprise/list?pageSize=100&column=name&order=asc', { token })).records as any[];
    const before = (await list()).map((r) => [r.name, r.industry, r.industry_dictText]);
    expect(before.length).toBeGreaterThan(0);
    const sheet = await sheetOf(await (await fetch(`${s.apiUrl}/pms/enterprise/exportXls`, { headers: { 'X-Access-Token': token } })).arrayBuffer());
    expect(sheet.slice(3).map((r) => r[4])).toEqual(expect.arrayContaining(before.map((b) => b[2]))); // the export writes the names
    expectOk(await s.api('DELETE', `/pms/enterprise/deleteBatch?ids=${(await list()).map((r) => r.id).join(',')}`, { token }));
    const form = new FormData();
    form.append('file', await xlsx(sheet), 'enterprises.xlsx');
    const res = await fetch(`${s.apiUrl}/pms/enterprise/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } }).then((r) => r.json());
    expect(res).toMatchObject({ success: true, message: `文件导入成功！数据行数：${before.length}` });
    expect((await list()).map((r) => [r.name, r.industry, r.industry_dictText])).toEqual(before);
  });

  it('reports bad rows by row number and imports nothing', async () => {
    const res = await upload(await xlsx([
      ['职务编码', '职务名称', '职级'],
      ['NEW1', '新职务', '中级'],
      ['bad code', '坏编码', '中级'],
      ['NEW2', '', '中级'],
      ['CEO', '重复', '正高级'],
    ]));
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('第3行: 职务编码只能包含字母、数字、下划线和短横线');
    expect(res.body.message).toContain('第4行: 职务名称不能为空');
    expect(await codes()).toEqual(['CEO', 'DEV', 'HR']);
    const dup = await upload(await xlsx([['职务编码', '职务名称'], ['NEW1', '新职务'], ['CEO', '重复']]));
    expect(dup.body).toMatchObject({ success: false, message: '导入失败，未导入任何数据。第3行: 数据库中已存在该记录' });
    expect(await codes()).toEqual(['CEO', 'DEV', 'HR']);
  });

  it('reads date cells as dates and skips blank rows, naming each row by its line in the sheet', async () => {
    const form = new FormData();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('任务');
    sheet.addRow(['任务名称', '负责人', '截止日期', '优先级']);
    sheet.addRow(['整理申报材料', 'reviewer', new Date(Date.UTC(2030, 0, 31)), '紧急']);
    sheet.addRow([]);
    sheet.addRow(['汇总评审意见', 'reviewer', '2030-02-15', '重要']);
    sheet.addRow(['', 'reviewer', '2030-02-16', '一般']);
    sheet.getCell('C2').numFmt = 'yyyy-mm-dd';
    form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'tasks.xlsx');
    const send = () => fetch(`${s.apiUrl}/pms/task/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } }).then((r) => r.json());
    const bad = await send();
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('第5行: 任务名称不能为空');
    sheet.getCell('A5').value = '准备答辩';
    form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'tasks.xlsx');
    expect(await send()).toMatchObject({ success: true, message: '文件导入成功！数据行数：3' });
    const rows = expectOk(await s.api.get(`/pms/task/list?title=${encodeURIComponent('整理申报材料')}`, { token })).records;
    expect(rows.map((r: any) => String(r.deadline).slice(0, 10))).toEqual(['2030-01-31']);
  });

  it('refuses a file that is not a spreadsheet, a body that is not multipart, and users without the button', async () => {
    const notSheet = await upload(new Blob(['not a zip']));
    expect(notSheet.status).toBe(400);
    expect(notSheet.body).toMatchObject({ success: false, code: 400, message: '文件不是有效的 .xlsx 表格' });
    expectEnvelope(await s.api.post('/sys/position/importExcel', { a: 1 }, { token }), { status: 400, message: /multipart/ });
    const applicant = await s.login('applicant');
    expect((await upload(await xlsx([['职务编码'], ['X']]), applicant)).status).toBe(403);
    const denied = await fetch(`${s.apiUrl}/sys/position/exportXls`, { headers: { 'X-Access-Token': applicant } });
    expect(denied.status).toBe(403);
    expectRefused(await s.api.get('/sys/position/queryById?id=none', { token }), '未找到对应数据');
  });
});
