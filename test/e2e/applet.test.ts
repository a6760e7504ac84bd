import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, type RunningServer } from './harness';
import { shot } from './day/steps';

/** 小程序管理's two pages, drawn from their schemas: the administrator publishes the draft banner and the mini-program's API serves it. */
describe('小程序管理 in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const row = (title: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  const bannerTitles = async () => {
    const res = await fetch(`${server.baseUrl}/jeecg-boot/applet/banner/list`);
    return ((await res.json()).result.records as { title: string }[]).map((r) => r.title);
  };

  it('小程序轮播图: 发布 on the draft row puts it in the mini-program', async () => {
    await page.goto(`${server.baseUrl}/2025/applet/banner`);
    await row('导师智库全新上线').waitFor();
    expect(await page.locator('.schema-page thead th').allTextContents()).toEqual(expect.arrayContaining(['标题', '定时发布', '定时下线', '发布状态']));
    expect(await bannerTitles()).not.toContain('导师智库全新上线');
    await row('导师智库全新上线').locator('.schema-row-actions').getByText('更多').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: /^发布$/ }).click();
    await shot(page, 'portal-publish-confirm');
    await page.locator('.ant-modal-confirm').filter({ hasText: '确定发布吗' }).getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '发布成功' }).first().waitFor();
    await expect.poll(() => row('导师智库全新上线').textContent()).toContain('已发布');
    expect(await bannerTitles()).toContain('导师智库全新上线');
  });

  it('小程序文章: the list shows the demo articles and the editor form has the schedule', async () => {
    await page.goto(`${server.baseUrl}/2025/applet/article`);
    await row('一图读懂大赛报名流程').waitFor();
    expect(await row('评审规则解读（草稿）').textContent()).toContain('草稿');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '新增' }) }).last();
    for (const label of ['标题', '正文', '定时发布', '定时下线']) await form.locator('.ant-formily-item').filter({ hasText: label }).first().waitFor();
  });
});
