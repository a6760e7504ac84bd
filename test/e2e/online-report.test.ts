import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, type RunningServer } from './harness';
import { shot } from './day/steps';

/** Waits as long as the page's own default (a loaded machine renders slowly). */
const POLL = { timeout: 15_000 };
const REPORT_SQL = "select username, realname, sex from sys_user where realname like '%${name}%'";

/** Online reports as an administrator builds and uses them: the designer, the SQL check, the report page and its export. */
describe('online report designer and report page in Chromium', () => {
  const session = browserSession({ asAdmin: true, contextOptions: { acceptDownloads: true } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const designer = () => page.locator('.ant-modal').filter({ has: page.getByRole('button', { name: '解析SQL' }) });
  const grid = () => designer().locator('.ant-tabs-tabpane-active');
  const listRows = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row');
  const reportPage = () => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '用户性别报表' }) });
  const reportRows = () => reportPage().locator('.ant-table-tbody tr.ant-table-row');
  const reportCells = () => reportRows().evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
  const parse = async (sql: string) => {
    await designer().getByLabel('报表SQL').fill(sql);
    await designer().getByRole('button', { name: '解析SQL' }).click();
  };

  it('designs a report from its SQL, refuses an unsafe statement, then searches, translates and exports it on its page', async () => {
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.baseUrl}/2025/online/cgreport`);
    await page.getByRole('button', { name: '新增报表' }).click();
    await designer().getByLabel('报表编码').fill('user_sex');
    await designer().getByLabel('报表名称').fill('用户性别报表');
    await parse(REPORT_SQL);
    await grid().getByLabel('realname字段文本').waitFor();
    expect(await grid().locator('tbody tr.ant-table-row td:first-child').allTextContents()).toEqual(['username', 'realname', 'sex']);
    await grid().getByLabel('username字段文本').fill('账号');
    await grid().getByLabel('realname字段文本').fill('姓名');
    await grid().getByRole('checkbox', { name: 'realname查询' }).check();
    await grid().getByLabel('sex字段文本').fill('性别');
    await grid().getByLabel('sex字典编码').fill('sex');
    await grid().getByRole('checkbox', { name: 'sex查询' }).check();
    await designer().getByRole('tab', { name: '参数' }).click();
    await grid().getByLabel('name参数文本').fill('姓名包含');
    // A second parse keeps what was typed for the columns that remain.
    await designer().getByRole('tab', { name: '字段' }).click();
    await designer().getByRole('button', { name: '解析SQL' }).click();
    await toast('解析完成：3个字段，1个参数').waitFor();
    await expect.poll(() => grid().getByLabel('realname字段文本').inputValue(), POLL).toBe('姓名');
    await shot(page, 'online-report-designer');
    await designer().getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！').waitFor();
    await designer().waitFor({ state: 'detached' });
    await listRows().filter({ hasText: 'user_sex' }).waitFor();

    // 设计 opens the stored report with its rows; an edit replaces them.
    await listRows().filter({ hasText: 'user_sex' }).getByText('设计').click();
    await expect.poll(() => grid().getByLabel('realname字段文本').inputValue(), POLL).toBe('姓名');
    expect(await designer().getByLabel('报表编码').inputValue()).toBe('user_sex');
    expect(await grid().getByLabel('sex字典编码').inputValue()).toBe('sex');
    await grid().getByLabel('realname字段文本').fill('真实姓名');
    await designer().getByRole('button', { name: /确\s*定/ }).click();
    await toast('编辑成功!').waitFor();
    await designer().waitFor({ state: 'detached' });

    // A statement that writes is refused by the server, in its words: when parsed, and when saved.
    await page.getByRole('button', { name: '新增报表' }).click();
    await designer().getByLabel('报表编码').fill('bad_report');
    await designer().getByLabel('报表名称').fill('坏报表');
    await parse('delete from sys_user');
    await designer().locator('.ant-alert-error').filter({ hasText: '报表SQL只能是SELECT查询' }).waitFor();
    await parse('select username from sys_user');
    await grid().getByLabel('username字段文本').waitFor();
    await designer().getByLabel('报表SQL').fill('delete from sys_user');
    await designer().getByRole('button', { name: /确\s*定/ }).click();
    await designer().locator('.ant-alert-error').filter({ hasText: '报表SQL只能是SELECT查询' }).waitFor();
    await designer().getByRole('button', { name: /取\s*消/ }).click();
    // The report holds unsaved changes: giving them up is asked first.
    await page.locator('.ant-modal-confirm').filter({ hasText: '报表中有尚未保存的修改' }).getByRole('button', { name: '放弃修改' }).click();
    await designer().waitFor({ state: 'detached' });
    expect(await listRows().filter({ hasText: 'bad_report' }).count()).toBe(0);

    // 功能测试 opens the report's own page.
    await listRows().filter({ hasText: 'user_sex' }).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('功能测试').click();
    await page.waitForURL('**/2025/online/cgreport/user_sex');
    await reportPage().locator('.ant-pagination-total-text').filter({ hasText: '1-9 共9条' }).waitFor();
    expect(await reportCells()).toContainEqual(['admin', '管理员', '男']);
    expect(await reportCells()).toContainEqual(['applicant', '申报人', '女']);
    expect(await reportPage().locator('thead th').allTextContents()).toEqual(['账号', '真实姓名', '性别']);

    // Search on the text column (a substring) and through the dictionary select.
    await reportPage().getByLabel('真实姓名', { exact: true }).fill('审');
    await reportPage().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(reportCells, POLL).toEqual([['reviewer', '审核人', '男'], ['expert', '评审专家', '男']]);
    await shot(page, 'online-report-page');
    await reportPage().getByLabel('真实姓名', { exact: true }).fill('');
    await reportPage().getByRole('combobox', { name: '性别' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '女' }).click();
    await reportPage().getByRole('button', { name: /查\s*询/ }).click();
    // The demo's women: the applicant and two of the five experts.
    await expect.poll(async () => (await reportCells()).map((r) => r[0]).sort(), POLL).toEqual(['applicant', 'expert3', 'expert5']);
    // The report parameter narrows the statement itself.
    await reportPage().getByRole('button', { name: /重\s*置/ }).click();
    await reportPage().getByLabel('姓名包含').fill('管理');
    await reportPage().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(reportCells, POLL).toEqual([['admin', '管理员', '男']]);

    // The export carries the query, the column texts and the dictionary texts.
    await reportPage().getByRole('button', { name: /重\s*置/ }).click();
    await reportPage().getByRole('combobox', { name: '性别' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '男' }).click();
    await reportPage().getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(async () => (await reportCells()).length, POLL).toBe(5);
    const [download] = await Promise.all([page.waitForEvent('download'), reportPage().getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('用户性别报表.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet: unknown[][] = [];
    book.worksheets[0].eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    expect(sheet[0][0]).toBe('用户性别报表');
    expect(sheet[2]).toEqual(['账号', '真实姓名', '性别']);
    expect(sheet.slice(3).map((r) => r.join('|')).sort()).toEqual(['admin|管理员|男', 'expert2|林教授|男', 'expert4|何高工|男', 'expert|评审专家|男', 'reviewer|审核人|男']);

    // The report's route also opens directly.
    await page.goto(`${server.baseUrl}/2025/online/cgreport/user_sex`);
    await reportPage().locator('.ant-pagination-total-text').filter({ hasText: '1-9 共9条' }).waitFor();
    expect(await reportCells()).toContainEqual(['applicant', '申报人', '女']);
  });
});
