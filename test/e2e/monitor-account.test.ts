import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, loginAsAdmin, type RunningServer } from './harness';

const SHOTS = '/tmp/monitor';

/** The 系统监控 pages, the dashboards and the account center in Chromium, over a fresh product process. */
describe('monitor, dashboards and account pages in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const count = (sql: string) => {
    const db = new Database(path.join(server.dataDir, 'platform.db'), { readonly: true });
    try { return Number((db.prepare(sql).get() as { n: number }).n); } finally { db.close(); }
  };
  const shot = async (name: string) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };
  const open = (route: string) => page.goto(`${server.baseUrl}/2025${route}`);
  /** The number a Statistic titled so shows. */
  const statistic = (title: string) => page.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: title }) }).first()
    .locator('.ant-statistic-content').textContent().then((t) => Number((t ?? '').replace(/[^\d.]/g, '')));
  /** Waits until a G2 canvas on the page has painted something. */
  const chartDrawn = () => expect.poll(() => page.locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
    const px = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    return !!px && px.some((v, i) => i % 4 === 3 && v !== 0);
  }).catch(() => false), { timeout: 20_000 }).toBe(true);

  it('each 系统监控 page shows figures of the running server', async () => {
    await open('/monitor/systemInfo');
    // 系统信息 holds the server's figures and, since backups, the 数据备份 card: read them all.
    await expect.poll(async () => (await page.locator('.ant-descriptions').allTextContents()).join(' '), { timeout: 20_000 }).toContain('SQLite');
    expect(await statistic('页面配置数')).toBeGreaterThan(20);
    await shot('system-info');

    await open('/monitor/jvmInfo');
    await expect.poll(() => statistic('堆已用'), { timeout: 20_000 }).toBeGreaterThan(1);
    await chartDrawn();
    await shot('runtime');

    await open('/monitor/tomcatInfo');
    await expect.poll(() => statistic('请求总数'), { timeout: 20_000 }).toBeGreaterThan(5);
    await chartDrawn();
    await shot('http-server');

    await open('/monitor/httpTrace');
    const firstPath = page.locator('.ant-table-row td:nth-child(3)').first();
    await expect.poll(() => firstPath.textContent(), { timeout: 20_000 }).toContain('/jeecg-boot/');
    await page.locator('.ant-form-item').filter({ hasText: '路径' }).locator('input').fill('getUserPermissionByToken');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(async () => {
      const paths = await page.locator('.ant-table-row td:nth-child(3)').allTextContents();
      return paths.length > 0 && paths.every((t) => t.includes('/sys/permission/getUserPermissionByToken'));
    }, { timeout: 20_000 }).toBe(true);
    expect(await page.locator('.ant-table-row').first().textContent()).toContain('admin');
    await shot('http-trace');

    await open('/monitor/disk');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('数据目录占用').count()).toBe(1);
    await shot('disk');

    await open('/monitor/redis');
    await expect.poll(async () => (await page.getByText('未配置 Redis').count()) + (await page.getByText('键总数').count()), { timeout: 20_000 }).toBe(1);
    await shot('redis');
  });

  it('the dashboards show the database\'s own figures, each linking to its list', async () => {
    const projects = count('select count(*) as n from pms_project');
    const passed = count("select count(*) as n from pms_project where state = 'passed'");
    await open('/dashboard/analysis');
    await expect.poll(() => statistic('申报项目'), { timeout: 20_000 }).toBe(projects);
    expect(await statistic('审核通过')).toBe(passed);
    // The server's count time, as HH:mm:ss of this browser's clock (figures kept a few seconds say how old they are).
    expect(await page.getByTestId('figures-as-of').textContent()).toMatch(/^，项目数据统计于 \d{2}:\d{2}:\d{2}$/);
    await chartDrawn();
    await shot('dashboard-analysis');
    await page.locator('[data-figure="declared"]').click();
    await page.waitForURL('**/2025/pms/allProject');

    const tasks = count('select count(*) as n from pms_task');
    await open('/dashboard/task');
    await expect.poll(() => statistic('任务总数'), { timeout: 20_000 }).toBe(tasks);
    await shot('dashboard-task');

    await open('/dashboard/monitor');
    await expect.poll(() => page.locator('[data-figure="db"]').textContent(), { timeout: 20_000 }).toContain('SQLite');
    await shot('dashboard-monitor');

    await open('/dashboard/chart');
    await expect.poll(() => page.locator('.chart-gallery-item').count(), { timeout: 20_000 }).toBe(6);
    await chartDrawn();
    await shot('dashboard-chart');
  });

  it('the center shows my departments and roles; a theme saved in 个性化 follows me to a new browser', async () => {
    await open('/account/center');
    await expect.poll(() => page.locator('.account-departs').textContent(), { timeout: 20_000 }).toContain('科创服务中心');
    expect(await page.locator('.account-roles').textContent()).toContain('管理员');
    expect(await page.locator('.account-greeting').textContent()).toMatch(/(早上|上午|中午|下午|晚上)好/);
    await expect.poll(() => page.locator('.account-activity .ant-timeline-item').count()).toBeGreaterThanOrEqual(1);
    await shot('account-center');

    await open('/account/settings/base?tab=base');
    const phone = page.locator('.account-base-form').getByLabel('手机号');
    await phone.fill('123');
    await page.getByRole('button', { name: '更新基本信息' }).click();
    await expect.poll(() => page.getByText('请输入正确格式的手机号码!').count()).toBe(1);
    await phone.fill('13700001111');
    await page.getByRole('button', { name: '更新基本信息' }).click();
    await expect.poll(() => count("select count(*) as n from sys_user where username = 'admin' and phone = '13700001111'")).toBe(1);

    await open('/account/settings/base?tab=security');
    await expect.poll(() => page.locator('.account-sessions').textContent(), { timeout: 20_000 }).toContain('本设备');
    expect(await page.locator('.account-sessions').textContent()).toContain('Chrome');
    await shot('account-security');

    await open('/account/settings/base?tab=custom');
    await page.locator('[data-setting="navTheme"]').getByText('亮色').click();
    await expect.poll(() => count("select count(*) as n from sys_user_preference where preferences like '%\"navTheme\":\"light\"%'")).toBe(1);
    await shot('account-custom');

    // A new browser context has no local settings: the light menu comes from the account.
    const context = await page.context().browser()!.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    try {
      const other = await context.newPage();
      await loginAsAdmin(other, server.baseUrl);
      await expect.poll(() => other.evaluate(() => localStorage.getItem('LAYOUT_SETTINGS') ?? ''), { timeout: 20_000 }).toContain('light');
      await expect.poll(() => other.locator('.ant-layout-sider-light').count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });
});
