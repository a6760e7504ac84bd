import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, type RunningServer } from './harness';
import { designField } from '../helpers/cgform-design.js';

/**
 * Custom buttons of an online form in Chromium: designed in the form list's 自定义按钮 panel (a
 * refusal shown as the server words it), then drawn on the generated page where their condition
 * holds, asking their confirm text and updating the row on the server.
 */
describe('online form custom buttons in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const api = async (path: string, body?: unknown) => {
    const login = await (await fetch(`${server.baseUrl}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    })).json();
    const res = await fetch(`${server.baseUrl}/jeecg-boot${path}`, {
      method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json', 'X-Access-Token': login.result.token }, body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    expect(json.success, `${path}: ${json.message}`).toBe(true);
    return json.result;
  };
  const field = designField;
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const item = (scope: Locator, label: string): Locator => scope.locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label.replace(/[()]/g, '\\$&')}\\s*[:：]?\\s*$`) }) }).first();
  const listRow = (scope: Locator, text: string) => scope.locator('.ant-table-row').filter({ hasText: text }).first();
  async function rowAction(scope: Locator, text: string, action: string) {
    await listRow(scope, text).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
  }

  it('designs a button in the form list and uses it on the generated page', async () => {
    const headId = await api('/online/cgform/api/addAll', {
      head: { tableName: 'demo_ticket', tableTxt: '工单', tableType: 1 },
      fields: [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), field('title', { dbFieldTxt: '标题', orderNum: 1 }), field('state', { dbFieldTxt: '状态', orderNum: 2 })],
      indexs: [],
    });
    await api(`/online/cgform/api/doDbSynch/${headId}/normal`, {});
    await api('/online/cgform/head/addToMenu', { id: headId });

    await page.goto(`${server.baseUrl}/2025/online/cgform`);
    await rowAction(page.locator('.schema-page'), 'demo_ticket', '自定义按钮');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '自定义按钮 - 工单' });
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    await item(form, '按钮编码').locator('input').fill('add');
    await item(form, '按钮名称').locator('input').fill('审核通过');
    await item(form, '按钮样式').getByText('链接', { exact: true }).click();
    await item(form, '动作类型').getByText('更新数据', { exact: true }).click();
    await item(form, '更新字段(JSON)').locator('textarea').fill('{"state": "done"}');
    await item(form, '确认提示').locator('input').fill('确定通过该工单吗？');
    await item(form, '显示条件').locator('input').fill('state != done');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('按钮编码「add」是系统内置按钮，请换一个').first().waitFor();
    await item(form, '按钮编码').locator('input').fill('approve');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await listRow(drawer, 'approve').waitFor();
    await drawer.locator('.ant-drawer-close').click();

    await api('/online/cgform/api/form/demo_ticket', { title: '打印机坏了', state: 'new' });
    await api('/online/cgform/api/form/demo_ticket', { title: '网络已修好', state: 'done' });
    // A fresh page: the button's permission, created with the button, is among the user's codes.
    await page.goto(`${server.baseUrl}/2025/online/cgformList/demo_ticket`);
    const list = page.locator('.schema-page');
    await listRow(list, '网络已修好').getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).waitFor();
    expect(await page.locator('.ant-dropdown:visible').getByText('审核通过', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await rowAction(list, '打印机坏了', '审核通过');
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定通过该工单吗？' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('执行成功!').first().waitFor();
    await expect.poll(() => listRow(list, '打印机坏了').innerText()).toContain('done');
  });
});
