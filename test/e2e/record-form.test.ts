import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginThroughForm, type RunningServer } from './harness';
import { shot } from './day/steps';

/** Issue 19: the record form says what it will not keep, asks before discarding, and a page not granted is a 403. */
describe('the record form and a page not granted, in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const formModal = () => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title') }).first();
  const item = (label: string) => formModal().locator('.ant-formily-item').filter({ hasText: label });
  const openAdd = async (path: string) => {
    await page.goto(`${server.baseUrl}/2025${path}`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await formModal().getByText('新增', { exact: true }).waitFor();
  };

  it('tells precision and scale as typed, keeps the typed value, and asks before Esc discards it', async () => {
    await openAdd('/pms/dailyWork');
    const hours = item('工时（小时）').locator('input');
    expect(await hours.getAttribute('placeholder')).toBe('最多1位小数');
    await hours.fill('2.25');
    await item('工时（小时）').getByText('工时（小时）最多1位小数').waitFor();
    await hours.blur();
    expect(await hours.inputValue()).toBe('2.25'); // not rounded to 2.3 behind the user's back
    await hours.fill('1234');
    await item('工时（小时）').getByText('工时（小时）的整数部分最多3位').waitFor();
    await hours.fill('7');
    await hours.blur();
    expect(await hours.inputValue()).toBe('7.0');

    await hours.press('Escape');
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });
    await confirm.getByRole('button', { name: '继续编辑' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await hours.inputValue()).toBe('7.0');
    await hours.press('Escape');
    await confirm.getByRole('button', { name: '放弃修改' }).click();
    await formModal().waitFor({ state: 'detached' });
  });

  it('keeps 确定 in view and shows no pager under a sub table of two rows', async () => {
    await openAdd('/pms/race');
    await formModal().getByText('新增一行').click();
    await formModal().getByText('新增一行').click();
    await expect.poll(() => formModal().locator('.ant-formily-array-table .ant-table-row').count()).toBe(2);
    expect(await formModal().locator('.ant-formily-array-table .ant-pagination').count()).toBe(0);
    expect(await formModal().getByRole('button', { name: /确\s*定/ }).isVisible()).toBe(true);
    const box = await formModal().locator('.ant-modal-footer').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
  });

  it('refuses an oversized file in the browser with the server’s reason, sending nothing', async () => {
    const uploads: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/sys/common/upload')) uploads.push(r.url()); });
    await openAdd('/pms/feedback');
    await item('附件').locator('input[type=file]').setInputFiles({ name: '扫描件.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await page.locator('.ant-message-notice').filter({ hasText: '「扫描件.pdf」上传失败：文件大小超出10MB限制' }).waitFor();
    await item('附件').getByText('附件有文件上传失败，请移除后重试').waitFor();
    expect(uploads).toEqual([]);
  });

  it('a page granted in 授权 with the default settings opens for the role; one not granted is 403 拒绝访问, not 404', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/role`);
    const row = page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: 'reviewer' }).first();
    await row.locator('.schema-row-actions').getByText('授权', { exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '角色权限配置' });
    await drawer.getByText('勾选页面时，其上级菜单和页面按钮一并勾选', { exact: false }).waitFor();
    const search = drawer.getByPlaceholder('按名称搜索');
    await search.fill('职务管理');
    await search.press('Enter');
    const treeNode = (title: string) => drawer.locator('.ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) }).first();
    await treeNode('职务管理').locator('.ant-tree-checkbox').click();
    await expect.poll(() => treeNode('系统管理').locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await shot(page, 'admin-users-grant');
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存成功！' }).first().waitFor();

    await page.evaluate(() => localStorage.clear());
    await loginThroughForm(page, server.baseUrl, 'reviewer', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.goto(`${server.baseUrl}/2025/isystem/position`);
    await page.locator('.schema-page').getByRole('button', { name: /查\s*询/ }).waitFor();
    await page.locator('.ant-layout-sider').getByText('职务管理').waitFor();
    await page.goto(`${server.baseUrl}/2025/isystem/user`);
    await page.waitForURL('**/2025/403');
    await page.getByText('拒绝访问').first().waitFor();
    await page.goto(`${server.baseUrl}/2025/no/such/page`);
    await page.waitForURL('**/2025/404');
  });
});
