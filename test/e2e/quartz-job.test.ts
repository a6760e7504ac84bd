import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, rowAction as clickRowAction, type RunningServer } from './harness';

/** 定时任务 in Chromium: 立即执行 from the row, the run in the detail's 执行记录, 启动/停止. */
describe('scheduled jobs page in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const row = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: '示例任务：每30秒执行一次' }).first();
  const rowAction = (action: string) => clickRowAction(page, row(), action);

  it('runs the sample job now and shows the run under its detail; starts and stops it', async () => {
    await page.goto(`${server.baseUrl}/2025/isystem/quartzJob`);
    await row().waitFor();
    await rowAction('立即执行');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast('执行成功!').waitFor();

    await rowAction('详情');
    const detail = page.locator('.ant-modal').filter({ hasText: '详情' }).last();
    const runs = detail.locator('.quartz-job-runs');
    await runs.getByText('执行记录', { exact: true }).waitFor();
    const run = runs.locator('.ant-table-tbody tr.ant-table-row').first();
    await run.waitFor();
    expect(await run.textContent()).toContain('立即执行');
    expect(await run.textContent()).toContain('成功');
    expect(await run.textContent()).toContain('示例任务已执行，参数：（无）');
    await detail.getByRole('button', { name: /关\s*闭/ }).click();

    await rowAction('启动');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast('启动定时任务成功').waitFor();
    await expect.poll(async () => row().textContent()).toContain('正常');
    await rowAction('停止');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast('停止定时任务成功').waitFor();
    await expect.poll(async () => row().textContent()).toContain('停止');
  });
});
