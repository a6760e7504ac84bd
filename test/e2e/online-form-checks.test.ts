import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminApi, browserSession, rowAction, type RunningServer } from './harness';
import { designField as field } from '../helpers/cgform-design.js';
import { shot } from './day/steps';

/**
 * An online form's checks designed in the browser (字段间校验): the administrator sets an end date not
 * before the start and weights that add up to 100 %, saves and syncs; the generated form then says
 * under each field what is wrong as it is filled, and takes the row once it is right. DOCS_SHOTS=1
 * writes the 在线开发 manual's pictures.
 */
describe('online form checks designed in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const api = adminApi(() => server);
  /** Opens the select labelled so within `scope` and clicks the option with this text. */
  const choose = async (scope: Locator, label: string, option: string) => {
    const input = `input[aria-label="${label}"]`;
    const id = await scope.locator(input).getAttribute('aria-controls');
    await scope.locator('.ant-select').filter({ has: page.locator(input) }).locator('.ant-select-selector').click();
    const dropdown = page.locator(`.ant-select-dropdown:has([id="${id}"])`);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  };
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const item = (label: string): Locator => modal('新增').locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();

  it('the administrator designs the checks, and the generated form keeps to them', async () => {
    const headId = await api('/online/cgform/api/addAll', {
      head: { tableName: 'demo_event', tableTxt: '活动', tableType: 1 },
      fields: [
        field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
        field('title', { dbFieldTxt: '名称', fieldMustInput: '1', orderNum: 1 }),
        field('start_date', { dbFieldTxt: '开始日期', dbType: 'Date', fieldShowType: 'date', orderNum: 2 }),
        field('end_date', { dbFieldTxt: '结束日期', dbType: 'Date', fieldShowType: 'date', orderNum: 3 }),
        field('weight_a', { dbFieldTxt: '专家权重', dbType: 'int', fieldShowType: 'number', orderNum: 4 }),
        field('weight_b', { dbFieldTxt: '评委权重', dbType: 'int', fieldShowType: 'number', orderNum: 5 }),
      ],
      indexs: [],
    });
    await api(`/online/cgform/api/doDbSynch/${headId}/normal`, {});
    await api('/online/cgform/head/addToMenu', { id: headId });

    // 表单开发 › 设计 › 字段间校验.
    await page.goto(`${server.baseUrl}/2025/online/cgform`);
    const row = page.locator('.schema-page .ant-table-row').filter({ hasText: 'demo_event' });
    await row.waitFor();
    await rowAction(page, row, '设计');
    const designer = page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: /编辑表单/ }) });
    await designer.getByRole('tab', { name: '字段间校验' }).click();
    const pane = designer.locator('.ant-tabs-tabpane-active');
    await pane.getByRole('button', { name: '新增比较校验' }).click();
    const cross = pane.locator('.ant-table').first().locator('.ant-table-row').first();
    await choose(cross, '字段', '结束日期');
    await choose(cross, '关系', '不能早于');
    await choose(cross, '比较字段', '开始日期');
    expect(await cross.getByLabel('提示', { exact: true }).getAttribute('placeholder')).toBe('「结束日期」不能早于「开始日期」');
    await pane.getByRole('button', { name: '新增合计校验' }).click();
    const sum = pane.locator('.ant-table').last().locator('.ant-table-row').first();
    await choose(sum, '合计的字段', '专家权重');
    // A multiple select stays open after a choice.
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '评委权重' }).click();
    await page.keyboard.press('Escape');
    await sum.getByLabel('合计应等于', { exact: true }).fill('100');
    await sum.getByLabel('名称', { exact: true }).fill('各项权重');
    await sum.getByLabel('单位', { exact: true }).fill('%');
    await pane.getByText('合计校验', { exact: true }).click(); // an open select's options close
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await shot(page, 'online-form-checks-designer');
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: /成功/ }).first().waitFor();
    await api(`/online/cgform/api/doDbSynch/${headId}/normal`, {});

    // The generated page: each check speaks under its field as the form is filled.
    await page.goto(`${server.baseUrl}/2025/online/cgformList/demo_event`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await item('名称').locator('input').fill('年度评审会');
    for (const [label, value] of [['开始日期', '2026-05-02'], ['结束日期', '2026-05-01']]) {
      await item(label).locator('input').fill(value);
      await item(label).locator('input').press('Enter');
    }
    await item('结束日期').getByText('「结束日期」不能早于「开始日期」').waitFor();
    await item('专家权重').locator('input').fill('60');
    await item('评委权重').locator('input').fill('30');
    await item('评委权重').getByText('各项权重合计须为100%，当前为90%').waitFor();
    await modal('新增').locator('.ant-modal-title').click(); // the date pickers close
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    await shot(page, 'online-form-checks-form');

    await item('结束日期').locator('input').fill('2026-05-03');
    await item('结束日期').locator('input').press('Enter');
    await item('评委权重').locator('input').fill('40');
    await expect.poll(() => item('结束日期').getByText('「结束日期」不能早于「开始日期」').count()).toBe(0);
    await modal('新增').getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '添加成功！' }).first().waitFor();
    expect((await api('/online/cgform/api/getData/demo_event')).records[0]).toMatchObject({ title: '年度评审会', startDate: '2026-05-02', endDate: '2026-05-03', weightA: 60, weightB: 40 });
  });
});
