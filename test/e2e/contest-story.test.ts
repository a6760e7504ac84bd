import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginThroughForm, type RunningServer } from './harness';

/**
 * The contest as its people live it, in Chromium: the applicant declares a project in 我的项目 and
 * submits it; the reviewer returns it from 项目审核 with an opinion; the applicant reads the opinion,
 * edits and resubmits; the reviewer passes it. Each step through the pages the schemas draw.
 */
describe('a project declared, returned, resubmitted and passed, in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const PROJECT = '社区养老智能看护平台';
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ }).click();
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const row = () => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: PROJECT.slice(0, 6) });
  const rowLink = (label: string) => row().locator('.schema-row-actions').getByText(label, { exact: true });

  async function login(username: string) {
    await loginThroughForm(page, server.baseUrl, username, ADMIN_PASSWORD);
    const depart = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
    await Promise.race([depart.waitFor().then(() => ok(depart)), page.waitForURL('**/2025/dashboard/analysis')]);
    await page.waitForURL('**/2025/dashboard/analysis');
  }

  async function open(path: string) {
    await page.goto(`${server.baseUrl}/2025${path}`);
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
    await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  it('the applicant declares a draft in 我的项目 and submits it', async () => {
    await login('applicant');
    await open('/pms/myProject');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    const item = (label: string) => form.locator('.ant-formily-item').filter({ hasText: label }).first();
    await item('所属赛事').locator('.ant-select').click();
    await page.keyboard.type('创新创业');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await item('项目名称').locator('input').fill(PROJECT);
    await item('赛道').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '信息技术' }).click();
    await item('申报单位').locator('input').fill('颐康科技有限公司');
    await item('项目负责人').locator('input').fill('周敏');
    await item('联系电话').locator('input').fill('1380013');
    await ok(form);
    await expect.poll(() => item('联系电话').textContent()).toContain('请输入正确的手机号码');
    await item('联系电话').locator('input').fill('13800138088');
    await ok(form);
    await toast('添加成功！').waitFor();
    await expect.poll(() => row().textContent()).toContain('草稿');

    await rowLink('提交申报').click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '提交后不能修改，确定提交申报吗？' }));
    await toast('提交申报成功！').waitFor();
    await expect.poll(() => row().textContent()).toContain('已提交');
    await page.screenshot({ path: '/tmp/contest-applicant-submitted.png' });
  });

  it('the reviewer finds it in 项目审核 (opened on the submitted ones) and returns it with an opinion', async () => {
    await login('reviewer');
    await open('/pms/audit');
    await expect.poll(() => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(PROJECT)]));
    const states = await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').allTextContents();
    expect(states.every((t) => t.includes('已提交'))).toBe(true);

    await rowLink('退回修改').click();
    const opinion = modal('退回修改');
    await ok(opinion);
    await expect.poll(() => opinion.textContent()).toContain('请填写退回修改意见');
    await opinion.locator('textarea').fill('请补充项目的试点运营数据');
    await page.screenshot({ path: '/tmp/contest-reviewer-return.png' });
    await ok(opinion);
    await toast('退回修改成功！').waitFor();
  });

  it('the applicant reads the opinion, edits the project and submits it again', async () => {
    await login('applicant');
    await open('/pms/myProject');
    await expect.poll(() => row().textContent()).toContain('已退回');
    await rowLink('编辑').click();
    const form = modal('编辑');
    await form.locator('.ant-formily-item').filter({ hasText: '项目名称' }).first().locator('input').fill(`${PROJECT}（修订）`);
    await ok(form);
    await toast('编辑成功!').waitFor();
    await rowLink('提交申报').click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '确定提交申报吗？' }));
    await toast('提交申报成功！').waitFor();

    await rowLink('详情').click();
    const detail = modal('详情');
    const steps = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => steps.count()).toBe(3);
    expect(await steps.nth(1).textContent()).toContain('请补充项目的试点运营数据');
    await page.screenshot({ path: '/tmp/contest-applicant-history.png' });
  });

  it('the reviewer passes it; the applicant sees 已通过', async () => {
    await login('reviewer');
    await open('/pms/audit');
    await rowLink('通过').click();
    const opinion = modal('通过');
    await opinion.locator('textarea').fill('材料齐全');
    await ok(opinion);
    await toast('通过成功！').waitFor();

    await page.context().clearCookies();
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await login('applicant');
    await open('/pms/myProject');
    await expect.poll(() => row().textContent()).toContain('已通过');
  });
});
