import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, launchBrowser, loginThroughForm, startServer, type RunningServer } from './harness';

/**
 * Live notices (SPEC §4): two users' pages open, the administrator publishes to one of them, and
 * only that one's bell changes, without a reload; with the socket cut, the 6 s poll keeps it right.
 */
describe('live notices in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let adminToken: string;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const res = await fetch(`${server.baseUrl}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    adminToken = ((await res.json()) as { result: { token: string } }).result.token;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  const api = async (path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}/jeecg-boot${path}`, {
      method: body ? 'POST' : 'GET', headers: { 'X-Access-Token': adminToken, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json() as { success: boolean; message: string; result: any };
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return json;
  };
  /** A notice to one user, published as the administrator would on the announcement page. */
  const publishTo = async (username: string, titile: string) => {
    await api('/sys/annountCement/add', { titile, msgCategory: '1', priority: 'M', msgType: 'USER', userIds: username, msgContent: titile });
    const { result } = await api(`/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
    await api(`/sys/annountCement/doReleaseData?id=${result.records[0].id}`);
  };

  async function openAs(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    contexts.push(context);
    const page = await context.newPage();
    // Keeps the page's sockets reachable, so the test can cut them.
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const w = window as unknown as { __sockets: WebSocket[]; WebSocket: typeof WebSocket };
      w.__sockets = [];
      w.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) { super(url, protocols); w.__sockets.push(this); }
      };
    });
    await loginThroughForm(page, server.baseUrl, username, ADMIN_PASSWORD);
    const departs = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
    await departs.or(page.locator('.ant-layout-header')).first().waitFor();
    if (await departs.isVisible()) await departs.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.evaluate(() => { (window as unknown as { __mark: number }).__mark = 1; });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.some((s) => s.readyState === 1))).toBe(true);
    return page;
  }
  const count = async (page: Page) => Number(await page.getByRole('button', { name: '消息通知' }).locator('.ant-scroll-number').getAttribute('title') ?? 0);
  const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

  it('a notice to one user changes only that user\'s bell, at once and without a reload; with the socket cut the poll keeps it right', async () => {
    const applicant = await openAs('applicant');
    const expert = await openAs('expert');
    await expect.poll(() => count(applicant)).toBeGreaterThan(0);
    const [before, expertBefore] = [await count(applicant), await count(expert)];

    const sent = Date.now();
    await publishTo('applicant', '请补充申报材料');
    await expect.poll(() => count(applicant), { timeout: 1000, interval: 50 }).toBe(before + 1);
    console.info(`live notice: bell changed ${Date.now() - sent} ms after the publish request was sent`);
    expect(await notReloaded(applicant)).toBe(true);
    expect(await count(expert)).toBe(expertBefore);
    // 新消息通知 is on by default: the new notice pops up on the applicant's page only.
    await applicant.locator('.notice-live-alert').filter({ hasText: '请补充申报材料' }).waitFor({ timeout: 3000 });
    expect(await expert.locator('.notice-live-alert').count()).toBe(0);

    // Cut the socket and keep it down: the bell falls back to polling listByUser every 6 s.
    await applicant.routeWebSocket(/\/websocket\//, (ws) => { void ws.close(); });
    await applicant.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((s) => s.close()));
    await publishTo('applicant', '评审结果已公布');
    await expect.poll(() => count(applicant), { timeout: 9000, interval: 200 }).toBe(before + 2);
    expect(await notReloaded(applicant)).toBe(true);
    expect(await count(expert)).toBe(expertBefore);
  });

  it('a user who switches 通知公告 off in 个人设置 sees the bell change but no pop-up', async () => {
    const expert = await openAs('expert');
    await expert.goto(`${server.baseUrl}/2025/account/settings/base?tab=notification`);
    const toggle = expert.locator('[data-pref="announcement"]');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expert.getByText('保存成功').first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => expert.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.some((s) => s.readyState === 1))).toBe(true);
    const before = await count(expert);
    await publishTo('expert', '专家培训安排');
    await expect.poll(() => count(expert), { timeout: 1000, interval: 50 }).toBe(before + 1);
    await expert.waitForTimeout(300);
    expect(await expert.locator('.notice-live-alert').count()).toBe(0);
    // Turned on again, the next one pops up.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await publishTo('expert', '专家评审会议');
    await expert.locator('.notice-live-alert').filter({ hasText: '专家评审会议' }).waitFor({ timeout: 3000 });
  });
});
