import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminApi, browserSession, rowAction, type RunningServer } from './harness';
import { designField } from '../helpers/cgform-design.js';

/**
 * Linkage rules of an online form in Chromium: the rules the designer saved drive the generated
 * form (a field appears, becomes required, a dictionary narrows) and the designer shows them again.
 */
describe('online form linkage rules in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const api = adminApi(() => server);

  const field = designField;
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const form = () => modal(/新增|编辑/);
  const item = (label: string): Locator => form().locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ }).click();

  it('the generated form follows the rules, and the designer shows them again', async () => {
    const headId = await api('/online/cgform/api/addAll', {
      head: {
        tableName: 'demo_request', tableTxt: '申请单', tableType: 1,
        linkage: [
          { when: { field: 'kind', op: 'eq', value: 'H' }, then: { field: 'reason', effect: 'show' } },
          { when: { field: 'budget', op: 'gt', value: '1000' }, then: { field: 'approver', effect: 'require' } },
          { when: { field: 'kind', op: 'in', value: ['L', 'M'] }, then: { field: 'level', effect: 'options', options: ['L', 'M'] } },
          { when: { field: 'kind', op: 'empty' }, then: { field: 'budget', effect: 'disable' } },
        ],
      },
      fields: [
        field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
        field('title', { dbFieldTxt: '标题', fieldMustInput: '1', orderNum: 1 }),
        field('kind', { dbFieldTxt: '类型', fieldShowType: 'radio', dictField: 'priority', orderNum: 2 }),
        field('reason', { dbFieldTxt: '加急原因', fieldMustInput: '1', orderNum: 3 }),
        field('budget', { dbFieldTxt: '预算', dbType: 'int', fieldShowType: 'number', orderNum: 4 }),
        field('approver', { dbFieldTxt: '审批人', orderNum: 5 }),
        field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', orderNum: 6 }),
      ],
      indexs: [],
    });
    await api(`/online/cgform/api/doDbSynch/${headId}/normal`, {});
    await api('/online/cgform/head/addToMenu', { id: headId });

    await page.goto(`${server.baseUrl}/2025/online/cgformList/demo_request`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await item('标题').locator('input').fill('机房扩容');
    // No kind yet: no reason asked, the budget is disabled.
    await expect.poll(() => item('加急原因').count()).toBe(0);
    await expect.poll(() => item('预算').locator('input').isDisabled()).toBe(true);

    // Urgent: the reason appears and is required.
    await item('类型').getByText('紧急', { exact: true }).click();
    await item('加急原因').waitFor();
    await expect.poll(() => item('预算').locator('input').isDisabled()).toBe(false);
    await ok(form());
    await item('加急原因').getByText('加急原因不能为空').waitFor();

    // Routine: the reason goes, and the level offers only 一般 and 重要.
    await item('类型').getByText('一般', { exact: true }).click();
    await expect.poll(() => item('加急原因').count()).toBe(0);
    await item('级别').locator('.ant-select-selector').click();
    const id = await item('级别').locator('input[aria-controls]').first().getAttribute('aria-controls');
    const dropdown = page.locator(`.ant-select-dropdown:has([id="${id}"])`);
    await dropdown.locator('.ant-select-item-option').first().waitFor();
    expect(await dropdown.locator('.ant-select-item-option').allInnerTexts()).toEqual(['一般', '重要']);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: '重要' }).click();

    // A budget over 1000 requires an approver.
    await item('预算').locator('input').fill('5000');
    await ok(form());
    await item('审批人').getByText('审批人不能为空').waitFor();
    await item('审批人').locator('input').fill('张三');
    await ok(form());
    await page.locator('.ant-message-notice').filter({ hasText: '添加成功！' }).first().waitFor();
    const saved = (await api('/online/cgform/api/getData/demo_request')).records[0];
    expect(saved).toMatchObject({ title: '机房扩容', kind: 'L', budget: 5000, approver: '张三', level: 'M' });
    expect(saved.reason ?? null).toBeNull();

    // The designer opens the form with its rules in 联动规则.
    await page.goto(`${server.baseUrl}/2025/online/cgform`);
    const row = page.locator('.schema-page .ant-table-row').filter({ hasText: 'demo_request' });
    await row.waitFor();
    await rowAction(page, row, '设计');
    const designer = page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: /编辑表单/ }) });
    await designer.getByRole('tab', { name: '联动规则' }).click();
    const pane = designer.locator('.ant-tabs-tabpane-active');
    await pane.getByText('当「类型」等于 H时，显示「加急原因」').waitFor();
    await pane.getByText('当「预算」大于 1000时，必填「审批人」').waitFor();
    await pane.getByText('当「类型」属于 L、M时，「级别」只可选 L、M').waitFor();
    expect(await pane.locator('.ant-table-row').count()).toBe(4);
  });
});
