import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, rowAction, loginAsAdmin, loginThroughForm, type RunningServer } from './harness';

/**
 * 数据规则 as an administrator sets them, without code: a rule on the menu 任务管理 (优先级 = 高) in
 * 菜单管理, ticked for 审核人 in 角色管理 › 授权; the reviewer then sees only the high-priority tasks.
 */
describe('data rules in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const schemaRow = (text: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: text }).first();
  const moreAction = (text: string, action: string) => rowAction(page, schemaRow(text), action);

  it('the administrator adds a rule to 任务管理 and ticks it for 审核人', async () => {
    const task = (title: string, priority: string) => server.sql(
      "insert into pms_task (id, title, assignee, deadline, priority, state, create_by, create_time) values (?, ?, 'reviewer', '2026-12-31', ?, 'todo', 'admin', '2026-01-01 00:00:00')",
      `t${priority}${title.length}`, title, priority,
    );
    server.sql('delete from pms_task'); // the seed's demo tasks are not this test's
    task('高优先级的任务', 'H');
    task('低优先级任务', 'L');

    await loginAsAdmin(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/2025/isystem/permission`);
    await page.getByPlaceholder('请输入菜单名称').fill('任务管理');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-pagination-total-text').filter({ hasText: '共1条' }).waitFor();
    await moreAction('任务管理', '数据规则');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '数据规则 - 任务管理' });
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增数据规则' });
    await form.getByLabel('规则名称').fill('只看高优先级');
    await form.getByLabel('规则字段').click();
    await page.locator('.ant-select-dropdown:visible').getByText('优先级（priority）').click();
    await form.getByLabel('规则值').fill('H');
    // The value's hint list (system variables) may still be open over the buttons: close it first.
    await form.locator('.ant-modal-title').click();
    // (The column list may still be fading out beside it: wait until no list is shown at all.)
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), { timeout: 5000 }).toBe(0);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await toast('添加成功！').waitFor();
    await drawer.locator('.ant-table-row').filter({ hasText: '只看高优先级' }).filter({ hasText: '等于' }).waitFor();
    await page.screenshot({ path: '/tmp/data-rules-menu.png' });
    await drawer.locator('.ant-drawer-close').click();

    await page.goto(`${server.baseUrl}/2025/isystem/role`);
    await moreAction('reviewer', '授权');
    const grants = page.locator('.ant-drawer').filter({ hasText: '角色权限配置' });
    const search = grants.getByPlaceholder('按名称搜索');
    await search.fill('任务管理');
    await search.press('Enter');
    await grants.locator('.ant-tree-title').filter({ hasText: '任务管理' }).getByText('数据规则').click();
    const rules = page.locator('.ant-drawer').filter({ hasText: '数据规则 - 任务管理' });
    await rules.getByText('只看高优先级').click();
    await page.screenshot({ path: '/tmp/data-rules-role.png' });
    await rules.getByRole('button', { name: '点击确定授权数据' }).click();
    await toast('保存成功!').waitFor();
  });

  it('the reviewer sees only the high-priority tasks', async () => {
    await loginThroughForm(page, server.baseUrl, 'reviewer', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.goto(`${server.baseUrl}/2025/pms/task`);
    await schemaRow('高优先级的任务').waitFor();
    expect(await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await page.getByText('低优先级任务').count()).toBe(0);
  });
});
