import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, rowAction, type RunningServer } from './harness';
import {
  button, confirmBox, drawer, formItem, handleTodo, login, modal, noticeText, openMenu, openNotice, openWorkplace, poll, rows, shot, toast, todoItems,
} from './day/steps';

/**
 * 人员考核's people through one plan, each from their 工作台 with menu entries and visible actions
 * only, reading each notice they are sent: the administrator copies the demo plan, names it and
 * starts it; the head of 信息技术组 (林教授), told of their tasks, scores 评审专家 from 工作台 ›
 * 考核评分; 评审专家 scores themself; the administrator ends the plan and reads the results; 评审专家,
 * told the result is out, reads their result card. DOCS_SHOTS=1 writes the manuals' pictures.
 */
describe('an assessment day, role by role, in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const PLAN = '信息技术组年终考核';
  const INDICATORS = ['工作业绩', '专业能力', '工作态度', '团队协作'];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  it('管理员: copies the demo plan in 考核计划, names it and starts it', async () => {
    await login(page, server.baseUrl, 'admin');
    await openMenu(page, '考核计划');
    await rowAction(page, rows(page).filter({ hasText: '2026年第四季度信息技术组考核' }).first(), '复制');
    await button(confirmBox(page, '复制该计划及其考核指标为新的草稿'), '确定').click();
    await toast(page, '已复制为');
    const copy = rows(page).filter({ hasText: '（复制）' });
    await poll(() => copy.textContent()).toContain('草稿');
    await rowAction(page, copy, '编辑');
    const form = modal(page, '编辑');
    const name = formItem(form, '计划名称').locator('input');
    // The stored row first: typed while it loads, the name was overwritten.
    await poll(() => name.inputValue()).toContain('（复制）');
    await name.fill(PLAN);
    await shot(page, 'assess-admin-plan-form');
    await button(form, '确定').click();
    await toast(page, '编辑成功!');

    const plan = rows(page).filter({ hasText: PLAN });
    await rowAction(page, plan, '开始考核');
    await button(confirmBox(page, '开始后将为每位评价人生成考核任务'), '确定').click();
    await toast(page, '开始考核成功！');
    await poll(() => plan.textContent()).toContain('进行中');
    await shot(page, 'assess-admin-plan-started');
  });

  async function scoreFromWorkplace(assessee: string, marks: number[], shotName?: string) {
    await openWorkplace(page);
    await poll(() => todoItems(page, 'assess_task.submit').textContent()).toContain(`考核任务「${assessee}」`);
    if (shotName) await shot(page, `${shotName}-workplace`);
    await handleTodo(page, 'assess_task.submit', assessee);
    const sheet = drawer(page, `评分：${assessee}`);
    await sheet.getByLabel(INDICATORS[0]).waitFor();
    // The newest task first: this plan's, not the demo plan's.
    await sheet.getByText(PLAN).first().waitFor();
    for (const [i, indicator] of INDICATORS.entries()) await sheet.getByLabel(indicator).fill(String(marks[i]));
    await poll(() => sheet.locator('.assess-total').textContent()).not.toContain('0.00');
    if (shotName) await shot(page, `${shotName}-score-panel`);
    await button(sheet, '提交评分').click();
    await button(confirmBox(page, '提交后不能修改'), '确定').click();
    await toast(page, '提交评分成功！');
  }

  it('考核人: 林教授 is told of the tasks and scores 评审专家 from 工作台 › 考核评分', async () => {
    await login(page, server.baseUrl, 'expert2');
    const notice = await openNotice(page, `考核任务：${PLAN}`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`考核任务：${PLAN}`);
    expect(content).toMatch(new RegExp(`^考核任务：${esc(PLAN)}已开始，请在「人员考核 › 考核任务」中完成您的评分(（考核周期截至\\d{4}-\\d\\d-\\d\\d）)?。$`));
    await shot(page, 'assessor-notice');
    await button(notice, '关闭').click();
    await scoreFromWorkplace('评审专家', [8, 8, 9, 9], 'assessor');
  });

  it('被考核人: 评审专家 scores themself from 工作台 › 考核评分', async () => {
    await login(page, server.baseUrl, 'expert');
    await scoreFromWorkplace('评审专家', [9, 8, 9, 8]);
  });

  it('管理员: ends the plan and reads the results', async () => {
    await login(page, server.baseUrl, 'admin');
    await openMenu(page, '考核计划');
    const plan = rows(page).filter({ hasText: PLAN });
    await rowAction(page, plan, '结束考核');
    await button(confirmBox(page, '结束后不能再评分'), '确定').click();
    await toast(page, '结束考核成功！');
    await poll(() => plan.textContent()).toContain('已结束');
    await rowAction(page, plan, '考核结果');
    const results = drawer(page, `考核结果：${PLAN}`);
    // Self 86 × 20 + head 83 × 50, no peer sheet: ÷ 70 = 83.86.
    await poll(() => results.locator('.ant-table-tbody tr').filter({ hasText: '评审专家' }).textContent()).toContain('83.86');
    await shot(page, 'assess-admin-results');
  });

  it('被考核人: 评审专家 is told the result is out and reads the result card', async () => {
    await login(page, server.baseUrl, 'expert');
    const notice = await openNotice(page, `考核计划「${PLAN}」已结束`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`考核计划「${PLAN}」已结束，您的考核结果已出`);
    expect(content).toBe(`考核计划「${PLAN}」已结束，您的考核结果已出：总分 83.86，等级 良好。可在「人员考核 › 考核实例」查看结果卡。`);
    await shot(page, 'assessee-notice');
    await button(notice, '去处理').click();
    const card = drawer(page, '考核结果：评审专家');
    await card.locator('.assess-card-total').filter({ hasText: '83.86' }).waitFor();
    await card.getByText('良好').first().waitFor();
    await card.locator('.graph-report-canvas canvas').waitFor();
    await shot(page, 'assessee-result-card');
  });
});
