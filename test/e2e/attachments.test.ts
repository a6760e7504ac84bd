import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginAsAdmin, loginThroughForm, rowAction, type RunningServer } from './harness';
import { shot } from './day/steps';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Issue 36 in the browser: a declaration's business plan is uploaded under a random name, shown
 * under the name it was picked with, and opened by its applicant through a link carrying the
 * session's token, while the same address without it is refused; a draft banner's image (not yet
 * public) still shows in the back office.
 */
describe('a record\'s files in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ }).click();
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const rows = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row');

  async function loginApplicant() {
    await loginThroughForm(page, server.baseUrl, 'applicant', ADMIN_PASSWORD);
    const depart = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
    await Promise.race([depart.waitFor().then(() => ok(depart)), page.waitForURL('**/2025/dashboard/analysis')]);
    await page.waitForURL('**/2025/dashboard/analysis');
  }

  async function open(path: string) {
    await page.goto(`${server.baseUrl}/2025${path}`);
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
  }

  it('the applicant\'s business plan: uploaded, named as picked, opened with the token and refused without', async () => {
    await loginApplicant();
    await open('/pms/myProject');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    const item = (label: string) => form.locator('.ant-formily-item').filter({ hasText: label }).first();
    await item('所属赛事').locator('.ant-select').click();
    await page.keyboard.type('创新创业');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await item('项目名称').locator('input').fill('附件预览项目');
    await item('赛道').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '信息技术' }).click();
    await item('申报单位').locator('input').fill('颐康科技有限公司');
    await item('项目负责人').locator('input').fill('周敏');
    await item('联系电话').locator('input').fill('13800138088');
    const stored = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    await item('商业计划书').locator('input[type=file]').setInputFiles({ name: '商业计划书.pdf', mimeType: 'application/pdf', buffer: PDF });
    const rel = (await (await stored).json()).message as string;
    expect(rel).toMatch(/^project\/[0-9a-f]{32}\.pdf$/);
    // Listed under the name it was picked with, not the stored one.
    await item('商业计划书').locator('.ant-upload-list-item').filter({ hasText: '商业计划书.pdf' }).waitFor();
    // A declaration is saved as a draft (提交申报 beside it would submit it).
    await form.getByRole('button', { name: '保存草稿' }).click();
    await toast('添加成功！').waitFor();
    await form.waitFor({ state: 'detached' });

    const row = rows().filter({ hasText: '附件预览项目' });
    await rowAction(page, row, '详情');
    const detail = modal('详情');
    const link = detail.getByRole('link', { name: '商业计划书.pdf' });
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(`/sys/common/static/${rel}?token=`);
    // What the browser gets from the link: the PDF, inline, in a sandbox.
    const got = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), disposition: res.headers.get('content-disposition'), head: (await res.text()).slice(0, 8) };
    }, href);
    expect(got).toEqual({ status: 200, type: 'application/pdf', csp: 'sandbox', disposition: expect.stringMatching(/^inline; .*filename\*=UTF-8''%E5%95%86/), head: '%PDF-1.4' });
    // Opened in a tab of its own, as a click does.
    const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${server.baseUrl}${href}`);
    await tab.close();
    // The same address without the token is refused.
    const bare = await fetch(`${server.baseUrl}/jeecg-boot/sys/common/static/${rel}`);
    expect(bare.status).toBe(401);
  });

  it('a draft banner\'s image, not yet public, shows in the back office list', async () => {
    const login = await (await fetch(`${server.baseUrl}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    })).json();
    const token = login.result.token as string;
    const form = new FormData();
    form.append('biz', 'web');
    form.append('file', new Blob([PNG]), '草稿横幅.png');
    const image = (await (await fetch(`${server.baseUrl}/jeecg-boot/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form })).json()).message as string;
    const added = await (await fetch(`${server.baseUrl}/jeecg-boot/pms/banner/add`, {
      method: 'POST', headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify({ title: '草稿横幅', image, sortNo: 99 }),
    })).json();
    expect(added.success).toBe(true);
    expect((await fetch(`${server.baseUrl}/jeecg-boot/sys/common/static/${image}`)).status).toBe(401);

    await loginAsAdmin(page, server.baseUrl);
    await open('/pms/banner');
    const img = rows().filter({ hasText: '草稿横幅' }).locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1);
    await shot(page, 'portal-banner-list');
  });
});
