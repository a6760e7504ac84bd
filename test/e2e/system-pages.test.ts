import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, type RunningServer } from './harness';
import { shot } from './day/steps';

/** System pages drawn from their schemas, with their named modules behind them (users, dictionaries). */
describe('system management pages in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const modal = () => page.locator('.ant-modal').filter({ hasText: '新增' }).last();
  const item = (label: string) => modal().locator('.ant-formily-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });
  const choose = async (label: string, option: string) => {
    await item(label).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
    await page.keyboard.press('Escape');
  };
  const login = (username: string, password: string) => page.evaluate(async ([u, p]) => {
    const res = await fetch('/jeecg-boot/sys/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: u, password: p }) });
    return (await res.json()) as { success: boolean; message: string };
  }, [username, password]);

  it('creates a user with a role and a department, who can then log in, and freezes them from the row', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/user`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await item('用户账号').locator('input').fill('zhangsan');
    await item('用户姓名').locator('input').fill('张三');
    await item('登录密码').locator('input').fill('short');
    await item('确认密码').locator('input').fill('short');
    await choose('角色分配', '审核人');
    await choose('所属部门', '项目管理部');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    // The server's password rule comes back as the message.
    await page.locator('.ant-message-notice').filter({ hasText: '密码至少8位，且需包含数字、字母' }).first().waitFor();
    await item('登录密码').locator('input').fill('Passw0rd-2025');
    await item('确认密码').locator('input').fill('Passw0rd-2025');
    await shot(page, 'admin-users-add');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！').waitFor();

    const row = page.locator('.schema-page .ant-table-tbody tr').filter({ hasText: 'zhangsan' });
    await row.waitFor();
    expect(await row.textContent()).toContain('张三');
    expect((await login('zhangsan', 'Passw0rd-2025')).success).toBe(true);

    // The edit form shows the stored role and department (the module decorates the row).
    await row.getByText('编辑').click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑' }).last();
    await edit.locator('.ant-select-selection-item').filter({ hasText: '审核人' }).waitFor();
    await edit.locator('.ant-select-selection-item').filter({ hasText: '项目管理部' }).waitFor();
    expect(await edit.getByText('登录密码').count()).toBe(0);
    await edit.getByRole('button', { name: /取\s*消/ }).click();

    // 冻结 is a schema action on the row, shown while the user is active.
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('冻结', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast('操作成功!').waitFor();
    await expect.poll(async () => row.textContent()).toContain('冻结');
    await shot(page, 'admin-users-frozen');
    expect(await login('zhangsan', 'Passw0rd-2025')).toMatchObject({ success: false, message: '该用户已冻结' });
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('解冻', { exact: true }).waitFor();
    expect(await page.locator('.ant-dropdown:visible').getByText('冻结', { exact: true }).count()).toBe(0);
  });

  it('edits a dictionary\'s items in its panel, and the dictionary answers with them at once', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/dict`);
    await page.getByPlaceholder('请输入字典编码').fill('position_rank');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: 'position_rank' });
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-1 共1条' }).waitFor();
    // The dictionary's errand is a link of its row, not an entry under 更多 (as JeecgBoot's own list shows it).
    await row.getByText('字典配置', { exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '字典列表 - 职务职级' });
    await drawer.getByText('正高级').waitFor();
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    // The dialog names the dictionary its item goes into.
    expect(await modal().locator('.ant-modal-title').innerText()).toBe('新增 - 职务职级');
    await item('名称').locator('input').fill('特级');
    await item('数据值').locator('input').fill('6');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！').waitFor();
    await drawer.getByText('特级').waitFor();
    await shot(page, 'admin-dict-items');
    const items = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('Access-Token')!).value as string;
      const res = await fetch('/jeecg-boot/sys/dict/getDictItems/position_rank', { headers: { 'X-Access-Token': token } });
      return ((await res.json()).result as { text: string; value: string }[]).map((i) => `${i.text}=${i.value}`);
    });
    expect(items).toContain('特级=6');
  });

  it('adds a child category under an open node: it appears there with a code prefixed by its parent\'s', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/category`);
    const rows = page.locator('.schema-page .ant-table-tbody tr.ant-table-row');
    const parent = rows.filter({ hasText: '项目类别' });
    await parent.locator('.ant-table-row-expand-icon').click();
    await rows.filter({ hasText: 'A01A04' }).waitFor();
    await parent.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('添加下级').click();
    // The tree select shows the parent it was opened under, by name.
    await expect.poll(() => item('父级节点').locator('.ant-select-selection-item').textContent()).toBe('项目类别');
    await item('分类名称').locator('input').fill('新兴交叉类');
    await modal().getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！').waitFor();
    const child = rows.filter({ hasText: '新兴交叉类' });
    await child.waitFor();
    expect(await child.textContent()).toContain('A01A05');
  });

  it('在线用户 lists the live sessions, marks the administrator\'s own, and 强退 ends another at once', async () => {
    const reviewer = await page.evaluate(async () => {
      const res = await fetch('/jeecg-boot/sys/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'reviewer', password: 'Admin@2025' }) });
      return ((await res.json()) as { result: { token: string } }).result.token;
    });
    await page.goto(`${server.baseUrl}/2025/monitor/online`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: 'reviewer' }).waitFor();
    // The administrator may have several sessions (one per test here): only this page's own is 我, without 强退.
    const own = rows.filter({ has: page.locator('.ant-tag', { hasText: '我' }) });
    expect(await own.count()).toBe(1);
    expect(await own.textContent()).toContain('admin');
    expect(await own.getByText('强退').count()).toBe(0);
    await rows.filter({ hasText: 'reviewer' }).getByText('强退').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast('退出登录成功！').waitFor();
    await expect.poll(() => rows.filter({ hasText: 'reviewer' }).count()).toBe(0);
    const status = await page.evaluate(async (token) => (await fetch('/jeecg-boot/sys/user/list', { headers: { 'X-Access-Token': token } })).status, reviewer);
    expect(status).toBe(401);
  });
});
