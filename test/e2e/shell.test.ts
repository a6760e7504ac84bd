import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../../src/server/auth/session-cache';
import { ADMIN_PASSWORD, browserSession, loginAsAdmin as loginAsAdminIn, loginThroughForm, type RunningServer } from './harness';

/** The walking skeleton as a person uses it: login, server menu, tabs, password, logout, expiry. */
describe('back-office shell in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
  /** Hovers the user menu until its entry shows (a hover while the page is still settling after login may not open it), then clicks it. */
  const openUserMenu = async (entry: string) => {
    const item = page.getByRole('menuitem', { name: entry });
    await expect.poll(async () => {
      await page.mouse.move(0, 0);
      await page.getByTestId('user-menu').hover();
      return item.isVisible().catch(() => false);
    }, { timeout: 15_000, interval: 500 }).toBe(true);
    await item.click();
  };
  const sideMenu = () => page.locator('.ant-layout-sider .ant-menu');

  /** admin belongs to two departments, so the department choice comes first. */
  const loginAsAdmin = (password = ADMIN_PASSWORD) => loginAsAdminIn(page, server.baseUrl, password);

  it('logs in through the form and shows the menu the server sent', async () => {
    await loginAsAdmin();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
    const res = await fetch(`${server.baseUrl}/jeecg-boot/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } });
    const menu = (await res.json()).result.menu as { hidden?: boolean; meta: { title: string } }[];
    const expected = menu.filter((m) => !m.hidden).map((m) => m.meta.title);
    await sideMenu().getByText('系统管理', { exact: true }).waitFor();
    const shown = await sideMenu().locator(':scope > li').evaluateAll((items) => items.map((li) => li.textContent?.trim() ?? ''));
    expect(shown).toEqual(expected);
    await expect(page.title()).resolves.toBe('科创服务平台');
  });

  it('opens pages as tabs and keeps the home and last tab open', async () => {
    await loginAsAdmin();
    await sideMenu().getByText('系统管理', { exact: true }).click();
    await sideMenu().getByText('用户管理', { exact: true }).click();
    await page.waitForURL('**/2025/isystem/user');
    // the page its schema draws
    await page.locator('.schema-page').getByText('用户账号').first().waitFor();
    await sideMenu().getByText('角色管理', { exact: true }).click();
    await page.waitForURL('**/2025/isystem/role');
    const tabs = page.locator('.basic-multitab .ant-tabs-tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '用户管理', '角色管理']);
    await expect.poll(() => page.title()).toBe('角色管理 - 科创服务平台');

    // close 用户管理 with its close button
    await tabs.filter({ hasText: '用户管理' }).locator('.ant-tabs-tab-remove').click();
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '角色管理']);

    // the home tab refuses
    await tabs.filter({ hasText: '首页' }).locator('.ant-tabs-tab-remove').click();
    await toast('首页不能关闭!').waitFor();

    // context menu: close others from the home tab, then the home tab is the last one
    await tabs.filter({ hasText: '首页' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其它' }).click();
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页']);
    await tabs.filter({ hasText: '首页' }).locator('.ant-tabs-tab-remove').click();
    await toast('这是最后一页，不能再关闭了啦').waitFor();

    // a menu entry with neither a page nor a schema shows the not-built page, never a blank one: one is
    // added and granted to the administrator's role, as an administrator would in 菜单管理 and 授权
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
    const api = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}/jeecg-boot${path}`, { method: body ? 'POST' : 'GET', headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      const json = await res.json() as { success: boolean; message: string; result: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(json.success, `${path}: ${json.message}`).toBe(true);
      return json.result;
    };
    await api('/sys/permission/add', { name: '待建页面', url: '/demo/notYetBuilt', component: 'demo/NotYetBuilt', menuType: 0, sortNo: 99, route: true });
    const entry = (await api('/sys/permission/list')).find((m: { name: string }) => m.name === '待建页面');
    const adminRole = (await api('/sys/role/list?roleCode=admin')).records[0];
    await api('/sys/permission/saveRolePermission', { roleId: adminRole.id, permissionIds: entry.id, lastpermissionIds: '' });
    await page.reload();
    await sideMenu().getByText('待建页面', { exact: true }).click();
    await page.getByText('功能建设中').first().waitFor();
  });

  it('changes the password with every validation message, then logs out and back in', async ({ onTestFinished }) => {
    // put it back for the other tests and for a retry, whether this one passes or not
    onTestFinished(() => { server.sql("update sys_user set password = (select password from sys_user where username = 'applicant') where username = 'admin'"); });
    await loginAsAdmin();
    await openUserMenu('修改密码');
    const modal = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    const submit = () => modal.getByRole('button', { name: /确\s*定/ }).click();
    await submit();
    for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await modal.getByText(text).waitFor();
    await modal.getByPlaceholder('请输入旧密码').fill(ADMIN_PASSWORD);
    await modal.getByPlaceholder('请输入新密码').fill('short1');
    await modal.getByText('密码至少8位，且需包含数字、字母').waitFor();
    await modal.getByPlaceholder('请输入新密码').fill('NewPassw0rd');
    await modal.getByPlaceholder('请再次输入新密码').fill('NewPassw0rx');
    await submit();
    await modal.getByText('两次输入的密码不一样！').waitFor();
    await modal.getByPlaceholder('请再次输入新密码').fill('NewPassw0rd');
    await modal.getByPlaceholder('请输入旧密码').fill('wrong-old-1');
    await submit();
    await toast('旧密码输入错误!').waitFor();
    await modal.getByPlaceholder('请输入旧密码').fill(ADMIN_PASSWORD);
    await submit();
    await toast('密码重置成功!').waitFor();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.ant-modal-confirm').getByText('真的要注销登录吗 ?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/2025/user/login');

    await loginThroughForm(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await toast('用户名或密码错误').waitFor();
    await loginAsAdmin('NewPassw0rd');
  });

  it('shows the session-expired modal when the token dies, and its button leads to the login page', async () => {
    await loginThroughForm(page, server.baseUrl, 'applicant', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await sideMenu().getByText('赛事与评审', { exact: true }).waitFor();
    await expect(sideMenu().getByText('系统管理', { exact: true }).count()).resolves.toBe(0);
    server.sql('update sys_session set expires_at = 0');
    // A write behind the server's back is seen once its session cache has let the entry go; the next
    // request is then refused as expired, not answered for the session it still remembered.
    await page.waitForTimeout(SESSION_CACHE_TTL_MS);
    await openUserMenu('清理缓存');
    const modal = page.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' });
    await modal.getByText('很抱歉，登录已过期，请重新登录').waitFor();
    await modal.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/2025/user/login**');
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  });

  it('sends a visitor without a token to the guest view with only a login button', async () => {
    await page.goto(`${server.baseUrl}/2025/dashboard/analysis`);
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await expect(page.getByTestId('user-menu').count()).resolves.toBe(0);
  });
});
