import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, type RunningServer } from './harness';

/** A page drawn from its schema alone (schemas/system/sys_position.json), used as staff would. */
describe('generated management page in Chromium', () => {
  const session = browserSession({ asAdmin: true, contextOptions: { acceptDownloads: true } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  // Several saves in a row leave several toasts of the same text: any one of them will do.
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const formModal = () => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title') }).last();
  const rows = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row');
  const cellTexts = async () => rows().evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent?.trim())));

  async function chooseOption(field: string, option: string) {
    await formModal().locator('.ant-formily-item').filter({ hasText: field }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
  }

  async function addPosition(code: string, name: string, rank: string) {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const modal = formModal();
    await modal.getByText('新增', { exact: true }).waitFor();
    await modal.locator('.ant-formily-item').filter({ hasText: '职务编码' }).locator('input').fill(code);
    await modal.locator('.ant-formily-item').filter({ hasText: '职务名称' }).locator('input').fill(name);
    await chooseOption('职级', rank);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！').waitFor();
    await modal.waitFor({ state: 'detached' });
  }

  it('creates, validates, searches, edits, exports and deletes through the page its schema draws', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/position`);
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
    expect(await page.locator('.schema-page thead th').allTextContents()).toEqual(expect.arrayContaining(['职务编码', '职务名称', '职级', '操作']));

    // The browser says what the server would: required fields by their label.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formModal().getByRole('button', { name: /确\s*定/ }).click();
    await formModal().getByText('职务编码不能为空').waitFor();
    await formModal().getByText('职务名称不能为空').waitFor();
    await formModal().locator('.ant-formily-item').filter({ hasText: '职务编码' }).locator('input').fill('bad code!');
    await formModal().getByRole('button', { name: /确\s*定/ }).click();
    await formModal().getByText('职务编码只能包含字母、数字、下划线和短横线').waitFor();
    await formModal().getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();

    await addPosition('QA1', '质量工程师', '中级');
    await addPosition('QA2', '测试经理', '副高级');
    await addPosition('PM1', '项目经理', '正高级');
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-3 共3条' }).waitFor();
    // The dictionary column shows the item's text, not its value.
    expect(await cellTexts()).toContainEqual(['QA1', '质量工程师', '中级']);

    // A duplicate code is caught in the field, by the server's duplicate check.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const codeInput = formModal().locator('.ant-formily-item').filter({ hasText: '职务编码' }).locator('input');
    await codeInput.fill('QA1');
    await codeInput.blur();
    await formModal().getByText('该值不可用，系统中已存在！').waitFor();
    await formModal().getByRole('button', { name: /取\s*消/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();

    // Search: typed text is a substring match.
    await page.getByPlaceholder('请输入职务名称').fill('经理');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-2 共2条' }).waitFor();
    expect((await cellTexts()).map((r) => r[0]).sort()).toEqual(['PM1', 'QA2']);

    // Sort by code descending through the column header.
    const codeHeader = page.locator('.schema-page thead th').filter({ hasText: '职务编码' });
    await codeHeader.click();
    await codeHeader.click();
    await expect.poll(async () => (await cellTexts()).map((r) => r[0])).toEqual(['QA2', 'PM1']);

    // Edit: the form opens with the stored row.
    await rows().filter({ hasText: 'QA2' }).getByText('编辑').click();
    const nameInput = formModal().locator('.ant-formily-item').filter({ hasText: '职务名称' }).locator('input');
    await expect.poll(() => nameInput.inputValue()).toBe('测试经理');
    await nameInput.fill('测试部经理');
    await formModal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('编辑成功!').waitFor();
    await rows().filter({ hasText: '测试部经理' }).waitFor();

    // Export honours the query: the two matching rows, with dictionary text.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('职务管理.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const values = book.worksheets[0].getSheetValues().flat().filter((v) => typeof v === 'string');
    expect(values).toEqual(expect.arrayContaining(['QA2', '测试部经理', '副高级', 'PM1']));
    expect(values).not.toContain('QA1');

    // Import: a sheet with one new row and one bad row is refused whole, with the row named; a good one lands.
    const sheet = async (rowsIn: string[][]) => {
      const b = new ExcelJS.Workbook();
      const ws = b.addWorksheet('职务管理');
      for (const r of [['职务编码', '职务名称', '职级'], ...rowsIn]) ws.addRow(r);
      return { name: 'positions.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await b.xlsx.writeBuffer()) };
    };
    const fileInput = page.locator('.schema-toolbar input[type=file]');
    await fileInput.setInputFiles(await sheet([['OPS1', '运维工程师', '中级'], ['bad code', '坏编码', '中级']]));
    const failure = page.locator('.ant-modal-confirm').filter({ hasText: '导入失败' });
    await failure.getByText('第3行: 职务编码只能包含字母、数字、下划线和短横线', { exact: false }).waitFor();
    await failure.getByRole('button').click();
    await fileInput.setInputFiles(await sheet([['OPS1', '运维工程师', '中级']]));
    await toast('文件导入成功！数据行数：1').waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await rows().filter({ hasText: 'OPS1' }).waitFor();

    // Delete through 更多 → 删除, confirmed.
    await rows().filter({ hasText: 'PM1' }).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('删除').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast('删除成功!').waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-3 共3条' }).waitFor();
    expect((await cellTexts()).map((r) => r[0]).sort()).toEqual(['OPS1', 'QA1', 'QA2']);
  });

  it('offers only the buttons the user holds, and the server refuses the rest', async () => {
    // Take the add button away from the admin role: the page hides it, the server refuses it.
    server.sql(`delete from sys_role_permission where permission_id in (select id from sys_permission where perms = 'system:position:add')`);
    await page.goto(`${server.baseUrl}/2025/isystem/position`);
    await page.getByRole('button', { name: /导\s*出/ }).waitFor();
    expect(await page.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('Access-Token')!).value as string;
      const res = await fetch('/jeecg-boot/sys/position/add', { method: 'POST', headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify({ code: 'X1', name: 'x' }) });
      return res.status;
    });
    expect(status).toBe(403);
  });
  it('lays a date range over two columns with its whole placeholders, and keeps column titles on one line', async () => {
    const fits = (loc: ReturnType<Page['locator']>) => loc.evaluate((el) => (el as HTMLElement).scrollWidth <= (el as HTMLElement).clientWidth);
    await page.goto(`${server.baseUrl}/2025/pms/dailyWork`);
    const range = page.locator('.schema-query-range').filter({ hasText: '工作日期' });
    const inputs = range.locator('.ant-picker-range input');
    await inputs.first().waitFor();
    expect(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).placeholder))).toEqual(['开始日期', '结束日期']);
    for (const input of await inputs.all()) expect(await fits(input)).toBe(true); // not cut to 开始…
    const cell = await page.locator('.schema-query-grid > .ant-formily-item').filter({ hasText: '填写人' }).boundingBox();
    expect((await range.boundingBox())!.width).toBeGreaterThan(cell!.width * 1.8);
    // 工时（小时）'s schema width (110 px) is narrower than its title: the title stays on one line.
    const title = (text: string) => page.locator('.schema-table thead th .ant-table-column-title').filter({ hasText: text });
    expect((await title('工时（小时）').boundingBox())!.height).toBe((await title('工作日期').boundingBox())!.height);

    // In a bar of one column the range keeps to it.
    await page.setViewportSize({ width: 560, height: 900 });
    const columns = () => page.locator('.schema-query-grid').evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length);
    await expect.poll(columns).toBe(1);
    await expect.poll(async () => { const bar = await page.locator('.schema-query-grid').boundingBox(); const r = await range.boundingBox(); return r!.x + r!.width <= bar!.x + bar!.width + 1; }).toBe(true);
  });
});
