import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { widgetsRoot } from '../fixtures/schemas-widgets/root';
import { ADMIN_PASSWORD, browserSession, type RunningServer } from './harness';

/**
 * Every field view, as a person uses it (test/fixtures/schemas-widgets/demo/demo_widgets.json):
 * fill one record through each widget, save it, read it back in the list and the detail form.
 */
const fixture = widgetsRoot();

describe('every field view in Chromium', () => {
  const session = browserSession({ asAdmin: true, env: { SCHEMAS_DIR: `${fixture.root}/schemas` } });
  afterAll(() => fixture.remove());
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

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

  const formModal = () => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: /新增|编辑|详情/ }) }).last();
  const item = (label: string): Locator => formModal().locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();
  const picker = (title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const ok = (modal: Locator) => modal.getByRole('button', { name: /确\s*定/ }).click();

  /** The dropdown antd opened for this field's select (found through the input's aria-controls, not by position). */
  async function openDropdown(label: string): Promise<Locator> {
    await item(label).locator('.ant-select-selector').click();
    const id = await item(label).locator('input[aria-controls]').first().getAttribute('aria-controls');
    return page.locator(`.ant-select-dropdown:has([id="${id}"])`);
  }

  /** A tree select's dropdown: its tree carries no id, and only the open one is not hidden. */
  async function openTree(label: string): Promise<Locator> {
    const open = page.locator('.ant-tree-select-dropdown:not(.ant-select-dropdown-hidden)');
    await expect.poll(() => open.count()).toBe(0);
    await item(label).locator('.ant-select-selector').click();
    return open;
  }

  async function choose(label: string, option: string) {
    await (await openDropdown(label)).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  }

  it('saves a record through every widget and reads it back in the list and the detail form', async () => {
    page.setDefaultTimeout(15_000);
    await api('/sys/position/add', { code: 'P-ENG', name: '工程师', postRank: '3' });
    await api('/online/cgreport/head/add', {
      code: 'demo_posts', name: '职务报表', cgrSql: 'select name, code from sys_position',
      onl_cgreport_itemList: [
        { fieldName: 'name', fieldTxt: '职务名称', isShow: 1, isSearch: 1, orderNum: 0 },
        { fieldName: 'code', fieldTxt: '职务编码', isShow: 1, orderNum: 1 },
      ],
    });

    await page.goto(`${server.baseUrl}/2025/online/cgformList/demo_widgets`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formModal().getByText('新增', { exact: true }).waitFor();

    // Plain inputs.
    await item('标题').locator('input').fill('全部组件');
    await item('口令').locator('input').fill('s3cret');
    await item('摘要').locator('textarea').fill('第一行\n第二行');
    await item('金额').locator('input').fill('1234.5');
    await item('数量').locator('input').fill('3');
    await item('启用').locator('.ant-switch').click();
    await item('开始日期').locator('input').fill('2025-05-01');
    await item('开始日期').locator('input').press('Enter');
    await item('会议时间').locator('input').fill('2025-05-01 09:30:00');
    await item('会议时间').locator('input').press('Enter');

    // Dictionaries.
    await item('性别').getByText('女').click();
    await choose('优先级', '紧急');
    await choose('多选级别', '一般');
    await page.keyboard.press('Escape');
    await item('勾选').getByText('重要').click();

    // Search select: the request waits for the 800 ms debounce.
    const posts = await openDropdown('职务');
    await item('职务').locator('input').fill('工程');
    await posts.locator('.ant-select-item-option').filter({ hasText: '工程师' }).click();

    // Tree selects: roots first, children on expand.
    await (await openTree('所属部门')).locator('.ant-select-tree-node-content-wrapper').first().click();
    const industries = await openTree('行业');
    await industries.locator('.ant-select-tree-switcher').first().click();
    await industries.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '人工智能' }).click();

    // Cascading selects: the second level follows the first.
    await choose('类别一级', '行业领域');
    await choose('类别二级', '信息技术');

    // User picker by department.
    await item('负责人').getByRole('button').first().click();
    const users = picker('选择用户');
    await users.locator('.ant-table-row').filter({ hasText: 'admin' }).locator('input[type=checkbox]').check();
    await ok(users);
    await users.waitFor({ state: 'hidden' });

    // Department picker.
    await item('承办部门').getByRole('button').first().click();
    const departs = picker('选择部门');
    await departs.locator('.ant-tree-node-content-wrapper').first().click();
    await ok(departs);
    await departs.waitFor({ state: 'hidden' });

    // Report popup: nothing chosen is refused, a chosen row fills both fields.
    await item('弹窗职务').locator('input').click();
    const report = picker('职务报表');
    await report.locator('.ant-table-row').first().waitFor();
    await ok(report);
    await page.getByText('请选择一条记录').waitFor();
    await report.locator('.ant-table-row').filter({ hasText: 'P-ENG' }).locator('input[type=radio]').check();
    await ok(report);
    await expect.poll(() => item('职务编码').locator('input').inputValue()).toBe('P-ENG');

    // Area cascader.
    await item('地区').locator('.ant-select-selector').click();
    for (const name of ['北京市', '市辖区', '东城区']) await page.locator('.ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) }).click();

    // Uploads: a file and an image, each stored by the server.
    await item('附件').locator('input[type=file]').setInputFiles({ name: '合同.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 demo') });
    await item('附件').getByText('合同.pdf').waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await item('照片').locator('input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await item('照片').locator('img').first().waitFor();

    // Rich text and markdown.
    const editor = item('正文').locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('富文本正文');
    await item('说明').locator('textarea').fill('# 标题\n\n**加粗**');
    await item('说明').locator('h1').filter({ hasText: '标题' }).waitFor();

    await ok(formModal());
    await page.locator('.ant-message-notice').filter({ hasText: '添加成功！' }).first().waitFor();
    await formModal().waitFor({ state: 'detached' });

    // The list shows each value as text.
    const row = page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: '全部组件' });
    await row.waitFor();
    const text = await row.innerText();
    for (const shown of ['女', '紧急', '工程师', '科创服务中心', '管理员', '人工智能', '行业领域', '信息技术', 'P-ENG', '北京市/市辖区/东城区', '合同.pdf']) expect(text).toContain(shown);
    expect(await row.locator('img').count()).toBe(1);

    // The detail form reads it back, pretty.
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('详情').click();
    const detail = formModal();
    await detail.getByText('详情', { exact: true }).waitFor();
    // Pickers show names they look up themselves: wait for the last of them.
    const wanted = ['全部组件', '1234.5', '女', '紧急', '工程师', '科创服务中心', '管理员', '人工智能', '信息技术', 'P-ENG', '北京市/市辖区/东城区', '合同.pdf', '富文本正文', '加粗'];
    await expect.poll(async () => { const t = await detail.innerText(); return wanted.filter((w) => !t.includes(w)); }, { timeout: 10_000 }).toEqual([]);
    const all = await detail.innerText();
    expect(all).not.toContain('s3cret');
    expect(await detail.locator('h1').filter({ hasText: '标题' }).count()).toBe(1);
  });
});
