import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginAsAdmin, loginThroughForm, type RunningServer } from './harness';

/**
 * 任务管理 (schemas/pms/pms_task.json, 待办 → 进行中 → 已完成) as its people use it: the administrator
 * hands a task to a reviewer, who starts and finishes it; the history shows in the detail.
 */
describe('page workflow in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const TASK = '整理年度评审材料';
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ }).click();
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const taskRow = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: TASK });
  const rowLinks = () => taskRow().locator('.schema-row-actions');
  const rowLink = (label: string) => rowLinks().getByText(label, { exact: true });
  const linkTexts = async () => (await rowLinks().locator('a').allTextContents()).map((t) => t.trim());

  async function loginAsReviewer() {
    await loginThroughForm(page, server.baseUrl, 'reviewer', ADMIN_PASSWORD);
    // One department: straight on, never asked to choose it (issue 37).
    await page.waitForURL('**/2025/dashboard/analysis');
    expect(await page.locator('.ant-modal').filter({ hasText: '切换登录部门' }).count()).toBe(0);
  }

  async function openTasks() {
    await page.goto(`${server.baseUrl}/2025/pms/task`);
    // The seed's demo tasks are always listed: wait for the rows themselves (an empty placeholder
    // shows while the list loads, so it cannot stand for "loaded").
    await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  it('the administrator adds a task for the reviewer: it starts as 待办', async () => {
    await loginAsAdmin(page, server.baseUrl);
    await openTasks();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    const item = (label: string) => form.locator('.ant-formily-item').filter({ hasText: label }).first();
    await item('任务名称').locator('input').fill(TASK);
    await item('负责人').getByRole('button').first().click();
    const users = modal('选择用户');
    await users.locator('.ant-table-row').filter({ hasText: 'reviewer' }).locator('input[type=checkbox]').check();
    await ok(users);
    await users.waitFor({ state: 'hidden' });
    await item('截止日期').locator('input').fill('2025-12-31');
    await item('截止日期').locator('input').press('Enter');
    await ok(form);
    await toast('添加成功！').waitFor();
    await expect.poll(() => taskRow().textContent()).toContain('待办');
  });

  it('the reviewer sees the seed\'s overdue task marked 已逾期 and the one due today 今日到期; done tasks carry no mark', async () => {
    await loginAsReviewer();
    await openTasks();
    const row = (title: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: title });
    await expect.poll(() => row('整理初审意见汇总表').locator('.schema-row-mark').textContent()).toBe('已逾期');
    expect(await row('整理初审意见汇总表').getAttribute('class')).toContain('schema-row-marked-danger');
    expect(await row('核对申报单位资质材料').locator('.schema-row-mark').textContent()).toBe('今日到期');
    expect(await row('发布初审结果通知').locator('.schema-row-mark').count()).toBe(0);
  });

  it('the reviewer starts it, then finishes it with an opinion, and reads the history in 详情', async () => {
    await loginAsReviewer();
    await openTasks();
    expect(await linkTexts()).toEqual(['编辑', '开始', '更多']);
    await page.screenshot({ path: '/tmp/workflow-list.png' });

    await rowLink('开始').click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定开始吗？' });
    await ok(confirm);
    await toast('开始成功！').waitFor();
    await expect.poll(() => taskRow().textContent()).toContain('进行中');
    // Out of 待办 the task is no longer edited or deleted: the server would refuse.
    expect(await linkTexts()).toEqual(['详情', '完成']);

    await rowLink('完成').click();
    const opinion = modal('完成');
    await opinion.getByPlaceholder('请输入完成意见').fill('材料已整理并归档');
    await page.screenshot({ path: '/tmp/workflow-opinion.png' });
    await ok(opinion);
    await toast('完成成功！').waitFor();
    await opinion.waitFor({ state: 'detached' });
    await expect.poll(() => taskRow().textContent()).toContain('已完成');

    await rowLink('详情').click();
    const detail = modal('详情');
    const steps = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => steps.count()).toBe(2);
    const texts = await steps.allTextContents();
    expect(texts[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 审核人 开始：待办 → 进行中$/);
    expect(texts[1]).toMatch(/ 审核人 完成：进行中 → 已完成意见：材料已整理并归档$/);
    await page.screenshot({ path: '/tmp/workflow-history.png' });
  });

  it("the administrator's 重新打开 needs an opinion, and a task moved meanwhile is refused in the modal", async () => {
    await loginAsAdmin(page, server.baseUrl);
    await openTasks();
    await rowLink('重新打开').click();
    const reopen = modal('重新打开');
    await ok(reopen);
    await reopen.getByText('请填写重新打开意见').waitFor();

    // Someone else moves the task while the modal is open: the server refuses the state the page saw.
    server.sql("update pms_task set state = 'doing' where title = ?", TASK);
    await reopen.getByPlaceholder('请输入重新打开意见').fill('归档格式不对，请重新整理');
    await ok(reopen);
    await reopen.locator('.ant-alert').getByText('数据已被他人修改，请刷新后重试').waitFor();
    await page.screenshot({ path: '/tmp/workflow-refused.png' });
    await reopen.getByRole('button', { name: /取\s*消/ }).click();
  });
});
