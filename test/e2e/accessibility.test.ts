import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './accessibility-axe';
import { browserSession, loginAs, rowAction, type RunningServer } from './harness';

/**
 * WCAG 2.1 AA (issue 43), checked with axe-core in Chromium: the public site (also in its 大字号 and
 * high-contrast modes), the login page, and each role's main screens and dialogs in the back office.
 * Any serious or critical violation fails, and is printed with the elements that have it.
 */
describe('accessibility: no serious or critical WCAG 2.1 A/AA violation', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const rows = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row');

  async function expectAccessible(screen: string) {
    // Let entrance animations (modal and drawer fades) end: half-transparent text is not the design.
    await page.waitForTimeout(600);
    const findings = await seriousViolations(page);
    console.log(describeFindings(screen, findings));
    // Soft: a dialog is still scanned when the list under it failed, so one run names every finding.
    expect.soft(findings.map((f) => `${f.rule} ×${f.count}`), describeFindings(screen, findings)).toEqual([]);
  }

  const login = (username: string) => loginAs(page, server.baseUrl, username);

  async function openList(route: string) {
    await page.goto(`${server.baseUrl}/2025${route}`);
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
    await rows().first().waitFor();
  }

  it('public home', async () => {
    await page.goto(`${server.baseUrl}/2025/`);
    await page.locator('main').getByRole('heading').first().waitFor();
    await page.locator('main img').first().waitFor();
    await expectAccessible('public home');
  });

  it('public news list', async () => {
    await page.goto(`${server.baseUrl}/2025/web/news`);
    await page.locator('main li').first().waitFor();
    await expectAccessible('public news list');
  });

  it('public home in 大字号 and 高对比度, switched from the header and remembered for the next visit', async () => {
    await page.goto(`${server.baseUrl}/2025/`);
    await page.locator('main img').first().waitFor();
    const rootSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    const normal = await rootSize();
    const large = page.getByRole('button', { name: '大字号' });
    await large.click();
    await expect.poll(() => large.getAttribute('aria-pressed')).toBe('true');
    expect(await rootSize()).toBeGreaterThanOrEqual(normal * 1.5);
    await expectAccessible('public home, 大字号');
    await page.getByRole('button', { name: '高对比度' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor)).toBe('rgb(0, 0, 0)');
    await expectAccessible('public home, 大字号 + 高对比度');
    // The next visit opens in both modes, before anything is clicked.
    await page.goto(`${server.baseUrl}/2025/web/news`);
    await page.locator('main li').first().waitFor();
    expect(await rootSize()).toBeGreaterThanOrEqual(normal * 1.5);
    expect(await page.getByRole('button', { name: '高对比度' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible('public news list, 大字号 + 高对比度');
  });

  it('public pages at 200 % zoom of a 1280 px window (640 CSS px) scroll only vertically, also in 大字号', async () => {
    await page.setViewportSize({ width: 640, height: 400 });
    await page.goto(`${server.baseUrl}/2025/`);
    for (const large of [false, true]) {
      await page.evaluate((on) => { if (on) localStorage.setItem('site.largeText', '1'); else localStorage.clear(); }, large);
      for (const route of ['/', '/web/news', '/web/match', '/web/project', '/web/aiExpert']) {
        await page.goto(`${server.baseUrl}/2025${route}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, `${route}${large ? ' 大字号' : ''}: ${scroll} > ${client}`).toBeLessThanOrEqual(client);
      }
    }
  });

  it('login', async () => {
    await page.goto(`${server.baseUrl}/2025/user/login`);
    await page.getByPlaceholder('请输入用户名').waitFor();
    await expectAccessible('login');
  });

  it('首页 dashboard (administrator)', async () => {
    await login('admin');
    await page.locator('.ant-card').first().waitFor();
    await page.locator('canvas').first().waitFor();
    await expectAccessible('首页 dashboard');
  });

  it('我的项目 list (applicant)', async () => {
    await login('applicant');
    await openList('/pms/myProject');
    await expectAccessible('我的项目 list');
  });

  it('新增 declaration form (applicant)', async () => {
    await login('applicant');
    await openList('/pms/myProject');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.locator('.ant-modal .ant-formily-item').first().waitFor();
    await expectAccessible('新增 declaration form');
  });

  it('项目审核 list and its 通过 dialog (reviewer)', async () => {
    await login('reviewer');
    await openList('/pms/audit');
    await expectAccessible('项目审核 list');
    await rowAction(page, rows().first(), '通过');
    await page.locator('.ant-modal textarea').waitFor();
    await expectAccessible('项目审核 通过 dialog');
  });

  it('评分 drawer (expert)', async () => {
    const db = new Database(path.join(server.dataDir, 'platform.db'), { readonly: true });
    const pending = db.prepare(`select r.expert, p.name as title from pms_project_review r join pms_project p on p.id = r.project_id where r.state = 'pending' limit 1`).get() as { expert: string; title: string };
    db.close();
    await login(pending.expert);
    await openList('/pms/score');
    await expectAccessible('评分 list');
    await rowAction(page, rows().filter({ hasText: pending.title }), '评分');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '评分：' });
    await drawer.locator('input').first().waitFor();
    await expectAccessible('评分 drawer');
  });
});
