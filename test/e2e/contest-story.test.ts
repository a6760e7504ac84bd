import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, rowAction as clickRowAction, loginAs, type RunningServer } from './harness';

/**
 * The contest as its people live it, in Chromium: the applicant declares a project in 我的项目 and
 * submits it; the reviewer returns it from 项目审核 with an opinion; the applicant reads the opinion,
 * edits and resubmits; the reviewer passes it; the administrator assigns experts automatically; two
 * experts score it (one is told a score above the maximum); the administrator publishes; the
 * applicant sees score and rank, and the public site the ranking. Each step through the pages.
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
  const rowAction = (tr: Locator, label: string) => clickRowAction(page, tr, label);

  const login = (username: string) => loginAs(page, server.baseUrl, username);

  async function open(path: string) {
    await page.goto(`${server.baseUrl}/2025${path}`);
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
    await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  /** Moves the current race's declaration deadline to `ms` from now (as the server writes times: local, to the second). */
  function declareEndIn(ms: number) {
    const d = new Date(Date.now() + ms);
    const p = (n: number) => String(n).padStart(2, '0');
    const at = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    const db = new Database(path.join(server.dataDir, 'platform.db'));
    try { db.prepare('update pms_race set declare_end = ? where is_current = 1').run(at); } finally { db.close(); }
  }

  it('the applicant declares a draft in 我的项目 and submits it', async () => {
    // Half an hour before the deadline: 首页 counts it down by the second, in red, with the way to 我的项目.
    declareEndIn(30 * 60_000);
    await login('applicant');
    const deadline = page.getByTestId('race-deadline');
    await expect.poll(() => deadline.textContent(), { timeout: 20_000 }).toMatch(/申报截止时间 .*，距截止还有 (29|30) 分 \d+ 秒/);
    const shown = await deadline.textContent();
    await expect.poll(() => deadline.textContent(), { timeout: 5000 }).not.toBe(shown);
    expect(await deadline.getAttribute('class')).toContain('ant-alert-error');
    await page.screenshot({ path: '/tmp/contest-applicant-deadline.png' });
    await deadline.getByRole('link', { name: '去提交申报' }).click();
    await page.waitForURL('**/2025/pms/myProject');
    await open('/pms/myProject');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    const item = (label: string) => form.locator('.ant-formily-item').filter({ hasText: label }).first();
    // The contest taking declarations now is chosen already, and the only one offered.
    await expect.poll(() => item('所属赛事').locator('.ant-select-selection-item').textContent()).toBe('第二届科技成果转化创新创业大赛');
    await item('所属赛事').locator('.ant-select').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents()).toEqual(['第二届科技成果转化创新创业大赛']);
    await page.keyboard.press('Escape');
    await item('项目名称').locator('input').fill(PROJECT);
    await item('赛道').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '信息技术' }).click();
    await item('申报单位').locator('input').fill('颐康科技有限公司');
    await item('项目负责人').locator('input').fill('周敏');
    await item('联系电话').locator('input').fill('1380013');
    // 保存草稿 and 提交申报, no bare 确定.
    expect(await form.locator('.ant-modal-footer button').allTextContents()).toEqual(['取 消', '保存草稿', '提交申报']);
    await form.getByRole('button', { name: '保存草稿' }).click();
    await expect.poll(() => item('联系电话').textContent()).toContain('请输入正确的手机号码');
    await item('联系电话').locator('input').fill('13800138088');
    await form.getByRole('button', { name: '保存草稿' }).click();
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
    // The reviewer's opinion, who and when, atop the form.
    const opinion = form.locator('.workflow-last-opinion');
    await expect.poll(() => opinion.textContent()).toContain('退回修改意见：请补充项目的试点运营数据');
    expect(await opinion.textContent()).toMatch(/审核人.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await page.screenshot({ path: '/tmp/contest-applicant-returned-form.png' });
    await form.locator('.ant-formily-item').filter({ hasText: '项目名称' }).first().locator('input').fill(`${PROJECT}（修订）`);
    // 提交申报 from the form: saved and submitted at once.
    await form.getByRole('button', { name: '提交申报' }).click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '确定提交申报吗？' }));
    await toast('提交申报成功！').waitFor();
    await expect.poll(() => row().textContent()).toContain('（修订）');

    await rowLink('详情').click();
    const detail = modal('详情');
    const steps = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => steps.count()).toBe(3);
    expect(await steps.nth(1).textContent()).toContain('请补充项目的试点运营数据');
    await page.screenshot({ path: '/tmp/contest-applicant-history.png' });
  });

  it('the reviewer passes it from its 详情; the applicant sees 已通过', async () => {
    await login('reviewer');
    await open('/pms/audit');
    await rowLink('详情').click();
    const detail = modal('详情');
    await expect.poll(() => detail.locator('.ant-modal-footer button').allTextContents()).toEqual(['通 过', '退回修改', '不通过', '关 闭']);
    await page.screenshot({ path: '/tmp/contest-reviewer-detail.png' });
    await detail.getByRole('button', { name: /^通\s*过$/ }).click();
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

  async function scoreAs(expert: string, marks: number[], tryTooHigh = false) {
    await login(expert);
    await open('/pms/score');
    // The sheet still to score is marked in the expert's list; once submitted the mark goes (below).
    await expect.poll(() => row().locator('.schema-row-mark').textContent()).toBe('待评分');
    await rowAction(row(), '评分');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '评分：' });
    await drawer.getByLabel('技术创新').waitFor();
    if (tryTooHigh) {
      await drawer.getByLabel('技术创新').fill('31');
      await drawer.locator('.review-problem').filter({ hasText: '「技术创新」最高30分' }).waitFor();
      await page.screenshot({ path: '/tmp/contest-expert-too-high.png' });
    }
    for (const [i, name] of ['技术创新', '市场前景', '团队能力', '商业模式', '社会效益'].entries()) await drawer.getByLabel(name).fill(String(marks[i]));
    await expect.poll(() => drawer.locator('.review-total').textContent()).not.toContain('0.00');
    await drawer.getByRole('button', { name: /提交评分/ }).click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '提交后不能修改' }));
    await toast('提交评分成功！').waitFor();
    await expect.poll(() => row().locator('.schema-row-mark').count()).toBe(0);
  }

  it('the administrator assigns experts automatically from 全部项目', async () => {
    await login('admin');
    await open('/pms/allProject');
    await page.getByRole('button', { name: '自动分配专家' }).click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '自动分配评审专家' }));
    await toast('已分配3位专家次').waitFor();
    // The row's 分配专家 panel shows the three, none scored yet; 推荐 has no one to add.
    await rowAction(row(), '分配专家');
    const panel = page.locator('.ant-drawer').filter({ hasText: '分配专家：' });
    await panel.getByText(/已分配3位，已评0份，待评3份/).waitFor();
    expect(await panel.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    await page.screenshot({ path: '/tmp/contest-assign-experts.png' });
    await panel.locator('.ant-drawer-close').click();
  });

  it('two experts score it; one is told a score above the maximum', async () => {
    await scoreAs('expert', [25, 20, 16, 12, 8], true);
    await page.context().clearCookies();
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await scoreAs('expert2', [27, 22, 18, 13, 9]);
  });

  it('the administrator publishes the results; the applicant sees score and rank, the public site the ranking', async () => {
    // The third expert's sheet and the demo's two pending ones, arranged as if submitted.
    server.sql(`update pms_project_review set state = 'submitted', total = 78, scores = '{}', submit_time = '2026-11-20 10:00:00' where state = 'pending'`);
    await login('admin');
    await page.goto(`${server.baseUrl}/2025/pms/race`);
    const race = page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: '第二届' });
    await race.waitFor();
    await rowAction(race, '公示结果');
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '计算最终得分' }));
    await toast('结果已公示').waitFor();

    await page.context().clearCookies();
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await login('applicant');
    await open('/pms/myProject');
    const cells = await row().locator('td').allTextContents();
    expect(cells.some((c) => /^\d+\.\d{2}$/.test(c.trim()))).toBe(true); // 最终得分
    await page.screenshot({ path: '/tmp/contest-applicant-rank.png' });

    await page.goto(`${server.baseUrl}/2025/web/project`);
    const ranking = page.locator('section[aria-label$="获奖排名"]');
    await ranking.waitFor();
    expect(await ranking.textContent()).toContain(PROJECT);
    await page.screenshot({ path: '/tmp/contest-public-ranking.png', fullPage: true });
  });
});
