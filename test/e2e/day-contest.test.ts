import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, rowAction, type RunningServer } from './harness';
import {
  button, choose, confirmBox, drawer, formItem, handleTodo, login, modal, noticeText, openMenu, openNotice, openWorkplace, poll, rows, shot, toast, todoCard, todoItems,
} from './day/steps';

/**
 * A contest's people through one project, each from their 工作台 with menu entries and visible
 * actions only, reading each notice they are sent: the applicant declares and submits; the reviewer,
 * told of it, returns it with an opinion; the applicant reads the opinion, fixes and resubmits; the
 * reviewer passes it from the 工作台; the administrator assigns experts; an expert, told of it,
 * scores it; the administrator publishes with sheets still open (强制公示) and reads the ranking;
 * the applicant reads score and rank in the publication notice. DOCS_SHOTS=1 writes the manuals' pictures.
 */
describe('a contest day, role by role, in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const PROJECT = '社区慢病随访智能助手';
  const REVISED = `${PROJECT}（修订版）`;
  const OPINION = '请补充试点社区的随访数据';
  /** The project's final score and rank in its track, as the administrator's ranking shows them. */
  let published: { score: string; rank: string };

  it('申报人: fills in a declaration from 我的项目 and submits it', async () => {
    await login(page, server.baseUrl, 'applicant');
    await openWorkplace(page);
    await poll(() => todoCard(page, 'pms_project.submit').textContent()).toContain('待提交的申报');
    await shot(page, 'applicant-workplace');

    await openMenu(page, '我的项目');
    await rows(page).first().waitFor();
    await button(page.locator('.schema-page:visible'), '新增').click();
    const form = modal(page, '新增');
    // The contest taking declarations is chosen already.
    await poll(() => formItem(form, '所属赛事').textContent()).toContain('第二届');
    await formItem(form, '项目名称').locator('input').fill(PROJECT);
    await choose(page, formItem(form, '赛道'), '生物医药');
    await formItem(form, '申报单位').locator('input').fill('康联健康科技有限公司');
    await formItem(form, '项目负责人').locator('input').fill('陈思远');
    await formItem(form, '联系电话').locator('input').fill('13800138123');
    await shot(page, 'applicant-declare-form');
    await button(form, '提交申报').click();
    await button(confirmBox(page, '确定提交申报吗？'), '确定').click();
    await toast(page, '提交申报成功！');
    const row = rows(page).filter({ hasText: PROJECT });
    await poll(() => row.textContent()).toContain('已提交');
    await shot(page, 'applicant-submitted');
  });

  it('审核人: is told of the submission, opens it from the notice and returns it with an opinion', async () => {
    await login(page, server.baseUrl, 'reviewer');
    await openWorkplace(page);
    await poll(() => todoItems(page, 'pms_project.pass').textContent()).toContain(`项目「${PROJECT}」`);
    await shot(page, 'reviewer-workplace');

    const notice = await openNotice(page, `项目「${PROJECT}」已提交申报`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`项目「${PROJECT}」已提交申报`);
    expect(content).toBe(`项目「${PROJECT}」已提交申报（当前状态：已提交）\n处理人：申报人`);
    await shot(page, 'reviewer-notice');
    await button(notice, '去处理').click();

    const detail = modal(page, '详情');
    await poll(() => detail.textContent()).toContain(PROJECT);
    await button(detail, '退回修改').click();
    const opinion = modal(page, '退回修改');
    await opinion.locator('textarea').fill(OPINION);
    await shot(page, 'reviewer-return');
    await button(opinion, '确定').click();
    await toast(page, '退回修改成功！');
  });

  it('申报人: reads the return notice with the opinion, fixes the project and submits it again', async () => {
    await login(page, server.baseUrl, 'applicant');
    const notice = await openNotice(page, `项目「${PROJECT}」已退回修改`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`项目「${PROJECT}」已退回修改`);
    expect(content).toBe(`项目「${PROJECT}」已退回修改（当前状态：已退回）\n意见：${OPINION}\n处理人：审核人`);
    await shot(page, 'applicant-return-notice');
    await button(notice, '关闭').click();

    await openWorkplace(page);
    await poll(() => todoCard(page, 'pms_project.submit').textContent()).toMatch(/已退回 \d+/);
    await handleTodo(page, 'pms_project.submit', PROJECT);
    const detail = modal(page, '详情');
    await poll(() => detail.textContent()).toContain(OPINION);
    await shot(page, 'applicant-returned-detail');
    await button(detail, '关闭').click();

    await rowAction(page, rows(page).filter({ hasText: PROJECT }), '编辑');
    const form = modal(page, '编辑');
    const name = formItem(form, '项目名称').locator('input');
    await poll(() => name.inputValue()).toBe(PROJECT);
    // The reviewer's opinion heads the form.
    expect(await form.textContent()).toContain(`退回修改意见：${OPINION}`);
    await name.fill(REVISED);
    await shot(page, 'applicant-edit-form');
    await button(form, '提交申报').click();
    await button(confirmBox(page, '确定提交申报吗？'), '确定').click();
    await toast(page, '提交申报成功！');
    await poll(() => rows(page).filter({ hasText: REVISED }).textContent()).toContain('已提交');
  });

  it('审核人: opens the resubmitted project from 工作台 › 待审核项目 and passes it', async () => {
    await login(page, server.baseUrl, 'reviewer');
    await openWorkplace(page);
    await poll(() => todoCard(page, 'pms_project.pass').textContent()).toMatch(/待审核项目\d+已提交 \d+/);
    await handleTodo(page, 'pms_project.pass', REVISED);
    const detail = modal(page, '详情');
    await poll(() => detail.textContent()).toContain(REVISED);
    await shot(page, 'reviewer-detail');
    await button(detail, '通过').click();
    const opinion = modal(page, '通过');
    await opinion.locator('textarea').fill('材料齐全，同意进入专家评审');
    await button(opinion, '确定').click();
    await toast(page, '通过成功！');
    // Off the reviewer's list of work.
    await openWorkplace(page);
    await poll(() => todoItems(page, 'pms_project.pass').textContent()).not.toContain(REVISED);
  });

  it('管理员: assigns two experts to the passed project from 全部项目', async () => {
    await login(page, server.baseUrl, 'admin');
    await openWorkplace(page);
    await shot(page, 'admin-workplace');
    await openMenu(page, '全部项目');
    await rowAction(page, rows(page).filter({ hasText: REVISED }), '分配专家');
    const panel = drawer(page, `分配专家：${REVISED}`);
    const pick = panel.getByRole('combobox', { name: '选择评审专家' });
    await pick.click();
    for (const name of ['评审专家', '林教授']) {
      await page.keyboard.type(name);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
    }
    await page.keyboard.press('Escape');
    await shot(page, 'admin-assign-experts');
    await button(panel, '分配').click();
    await poll(() => panel.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await panel.getByText(/已分配2位，已评0份，待评2份/).waitFor();
  });

  it('专家: is told of the assignment, scores the sheet from 工作台 › 待评分 and submits it', async () => {
    await login(page, server.baseUrl, 'expert');
    const notice = await openNotice(page, `请评审项目「${REVISED}」`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`请评审项目「${REVISED}」`);
    expect(content).toBe(`请评审项目「${REVISED}」，请在「项目评分」中打分并提交。`);
    await shot(page, 'expert-notice');
    await button(notice, '关闭').click();

    await openWorkplace(page);
    await poll(() => todoItems(page, 'pms_project_review.submit').textContent()).toContain(`「${REVISED}」`);
    await shot(page, 'expert-workplace');
    await handleTodo(page, 'pms_project_review.submit', REVISED);
    const sheet = drawer(page, `评分：${REVISED}`);
    for (const [name, mark] of [['技术创新', 25], ['市场前景', 20], ['团队能力', 16], ['商业模式', 12], ['社会效益', 8]] as const) {
      await sheet.getByLabel(name).fill(String(mark));
    }
    await poll(() => sheet.locator('.review-total').textContent()).toContain('81.00');
    await shot(page, 'expert-score-panel');
    await button(sheet, '提交评分').click();
    await button(confirmBox(page, '提交后不能修改'), '确定').click();
    await toast(page, '提交评分成功！');
  });

  it('管理员: publishes the results with a sheet still open (强制公示) and reads the ranking', async () => {
    await login(page, server.baseUrl, 'admin');
    await openMenu(page, '赛事管理');
    const race = rows(page).filter({ hasText: '第二届' });
    await rowAction(page, race, '公示结果');
    await button(confirmBox(page, '计算最终得分'), '确定').click();
    // 林教授's sheet (and the demo's pending ones) are still open: the refusal says so and offers 强制公示.
    const refused = confirmBox(page, '份评分未提交');
    await poll(() => refused.textContent()).toMatch(/还有\d+份评分未提交，确定要公示请选择强制公示/);
    await shot(page, 'admin-force-publish');
    await button(refused, '强制公示').click();
    await toast(page, '结果已公示');

    await rowAction(page, race, '评审排名');
    const ranking = drawer(page, '评审排名：');
    // The person who forced it, by name.
    await ranking.getByText(/^强制公示：管理员于\d{4}-.+公示，当时还有\d+份评分未提交$/).waitFor();
    await choose(page, ranking, '生物医药');
    const mine = ranking.locator('.ant-table-tbody tr').filter({ hasText: REVISED });
    await poll(() => mine.textContent()).toContain('1/2 份评分');
    const cells = await mine.locator('td').allTextContents();
    published = { rank: cells[1], score: cells[4] };
    expect(published.score).toBe('81.00');
    expect(published.rank).toMatch(/^\d+$/);
    await shot(page, 'admin-ranking');
  });

  it('申报人: reads the publication notice with score and rank', async () => {
    await login(page, server.baseUrl, 'applicant');
    const notice = await openNotice(page, `项目「${REVISED}」评审结果已公示`);
    const { title, content } = await noticeText(notice);
    expect(title).toBe(`项目「${REVISED}」评审结果已公示`);
    expect(content).toBe(`项目「${REVISED}」评审结果已公示：最终得分 ${published.score}，赛道排名第${published.rank}名（1份评分）`);
    await shot(page, 'applicant-result-notice');
    await button(notice, '去处理').click();
    const detail = modal(page, '详情');
    await poll(() => detail.textContent()).toContain(REVISED);
  });
});
