import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginAsAdmin, loginThroughForm, type RunningServer } from './harness';
import { COUNTER, endStep, klmReport, type Step } from './klm';
import { shot } from './day/steps';

/**
 * Issue 38 as a newcomer lives it: the administrator designs 「专利申请」 in the browser — its fields,
 * then a process (草稿 → 待审核 → 已通过 / 已退回) with the roles that fire each step, what 通过
 * records and whom it tells, and who sees which rows — syncs it and puts it in the menu. The
 * applicant adds a patent and submits it; the reviewer, who sees only what awaits review and later,
 * passes it; the applicant is told. Each bad design input is fed and its message checked. Clicks
 * and typing are counted and a keystroke-level estimate printed.
 */
describe('a process designed in the browser', () => {
  const session = browserSession({ contextOptions: { acceptDownloads: true } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const TABLE = 'demo_patent';
  const TITLE = '专利申请';
  const steps: Step[] = [];
  const step = async (name: string) => { steps.push(await endStep(page, name)); };
  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const sideMenu = () => page.locator('.ant-layout-sider .ant-menu');
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const drawer = (title: string | RegExp) => page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) }).last();
  const ok = (scope: Locator, name: RegExp = /确\s*定/) => scope.getByRole('button', { name }).click();
  const exactRow = (text: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
  const listRow = (text: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: text });

  /** Picks the options titled so in the dropdown antd opened for this select (found through aria-controls). */
  async function choose(select: Locator, ...titles: string[]) {
    await select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-selector ")][1]').click();
    const id = await select.getAttribute('aria-controls');
    for (const title of titles) await page.locator(`.ant-select-dropdown:has([id="${id}"]) .ant-select-item-option[title="${title}"]`).click();
    // (a multiple select stays open: it closes as the person moves on; Escape would close the drawer)
    await select.blur();
  }
  const combo = (scope: Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

  async function rowAction(text: string, action: string) {
    await exactRow(text).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
  }

  it('the administrator designs the form and its process, syncs it and puts it in the menu', async () => {
    await loginAsAdmin(page, server.baseUrl);
    await page.addInitScript(COUNTER);
    await page.reload();
    await sideMenu().getByText('在线开发', { exact: true }).click();
    await sideMenu().getByText('Online表单开发', { exact: true }).click();
    await page.waitForURL('**/2025/online/cgform');
    await page.getByRole('button', { name: '新增表单' }).click();
    const designer = drawer('新增表单');
    await designer.waitFor();
    const pane = () => designer.locator('.ant-tabs-tabpane-active');
    const tab = (name: string) => designer.getByRole('tab', { name }).click();
    await designer.getByLabel('表名', { exact: true }).fill(TABLE);
    await designer.getByLabel('表描述', { exact: true }).fill(TITLE);
    const fields: [string, string, string?][] = [['patent_name', '专利名称'], ['review_note', '审核意见'], ['reviewed_at', '审核时间', 'Datetime']];
    for (const [k, [name, txt, type]] of fields.entries()) {
      await designer.getByRole('button', { name: '新增字段' }).click();
      const row = pane().locator(`.ant-table-row[data-row-key="${6 + k}"]`);
      await row.getByLabel('字段名', { exact: true }).fill(name);
      await row.getByLabel('字段备注', { exact: true }).fill(txt);
      if (type) await choose(combo(row, '类型'), type);
    }
    await shot(page, 'online-form-fields');
    await step('design the fields');

    // 流程: from the approval template, then who fires each step, what 通过 records and whom it tells.
    await tab('流程');
    await pane().getByRole('button', { name: '使用审批模板' }).click();
    const process = pane();
    await expect.poll(() => process.getByTestId('diagram-state').count()).toBe(4);
    expect(await process.getByTestId('diagram-edge').count()).toBe(4);
    await choose(combo(process, '流转1可操作角色'), '申报人（applicant）');
    await choose(combo(process, '流转2可操作角色'), '审核人（reviewer）');
    await choose(combo(process, '流转3可操作角色'), '审核人（reviewer）');
    await choose(combo(process, '流转2记录字段'), '审核意见 ← 意见', '审核时间 ← 处理时间');
    await choose(combo(process, '记录标题字段'), '专利名称');
    await process.getByText('创建人').first().waitFor();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.screenshot({ path: '/tmp/online-process-designer.png' });
    await shot(page, 'online-form-process');
    await step('design the process from the template');

    // Each bad input is said with its tab and row, as the server says it.
    const problems = () => process.getByTestId('process-problems').innerText();
    await process.getByLabel('状态3为结束状态').uncheck();
    await expect.poll(problems).toContain('流程 · 状态第3行「已通过」：不是结束状态，却没有流转可以离开它');
    await process.getByLabel('状态3为结束状态').check();
    await expect.poll(() => process.getByTestId('process-problems').count()).toBe(0);
    // A new transition drawn into the diagram as it is edited, and its problems until it is complete.
    await process.getByRole('button', { name: '新增流转' }).click();
    await expect.poll(problems).toContain('流程 · 流转第4行：名称不能为空');
    await process.getByLabel('流转4名称').fill('撤回');
    await choose(combo(process, '流转4起始状态'), '待审核');
    await choose(combo(process, '流转4目标状态'), '草稿');
    await expect.poll(() => process.getByTestId('diagram-edge').count()).toBe(5);
    await expect.poll(() => process.getByTestId('process-problems').count()).toBe(0);
    await process.locator('.ant-table-row').filter({ has: page.getByLabel('流转4名称') }).getByRole('button', { name: '删除' }).click();
    // What a file brings is checked the same way: a transition from a state that does not exist, a role that does not.
    const [download] = await Promise.all([page.waitForEvent('download'), designer.getByRole('button', { name: '导出流程' }).click()]);
    const exported = JSON.parse(await (await download.createReadStream()).toArray().then((b) => Buffer.concat(b).toString('utf8')));
    const bad = structuredClone(exported);
    bad.process.workflow.transitions[1].from = ['reviewing'];
    bad.process.roles.pass = ['boss'];
    await designer.getByLabel('导入流程文件').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await toast('已导入流程设计，保存后生效').waitFor();
    await expect.poll(problems).toContain('流程 · 流转第2行「通过」：起始状态「reviewing」不存在');
    expect(await problems()).toContain('流程 · 流转第2行「通过」：角色「boss」不存在');
    await page.screenshot({ path: '/tmp/online-process-problems.png' });
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    await designer.locator('.ant-alert-error').getByText('流程 · 流转第2行「通过」：起始状态「reviewing」不存在').waitFor();
    await designer.getByLabel('导入流程文件').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await expect.poll(() => process.getByTestId('process-problems').count()).toBe(0);
    await step('feed bad inputs, export and import');

    // 数据权限: the applicant sees their own rows; the reviewer what awaits review and later.
    await tab('数据权限');
    const rules = pane();
    await rules.getByRole('button', { name: '新增规则' }).click();
    await expect.poll(() => rules.getByTestId('process-problems').innerText()).toContain('数据权限 · 第1行：请选择角色');
    await choose(combo(rules, '规则1角色'), '申报人（applicant）');
    await rules.getByLabel('规则1本人创建').check();
    await rules.getByRole('button', { name: '新增规则' }).click();
    await choose(combo(rules, '规则2角色'), '审核人（reviewer）');
    await expect.poll(() => rules.getByTestId('process-problems').innerText()).toContain('数据权限 · 第2行「reviewer」：至少选择一个条件');
    await choose(combo(rules, '规则2状态'), '待审核', '已通过', '已退回');
    await expect.poll(() => rules.getByTestId('process-problems').count()).toBe(0);
    await page.screenshot({ path: '/tmp/online-process-rules.png' });
    await shot(page, 'online-form-rules');
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    await toast('添加成功！').waitFor();
    await designer.waitFor({ state: 'detached' });
    await step('row rules, save');

    await rowAction(TABLE, '同步数据库');
    const sync = modal(/同步数据库 - /);
    await ok(sync, /^同\s*步$/);
    await sync.locator('.ant-alert').getByText(/同步数据库成功/).waitFor();
    await shot(page, 'online-form-sync');
    await ok(sync, /关\s*闭/);
    await rowAction(TABLE, '添加到菜单');
    const menu = modal(/添加到菜单 - /);
    await menu.getByLabel('申报人（applicant）', { exact: true }).click();
    await menu.getByLabel('审核人（reviewer）', { exact: true }).click();
    await expect.poll(() => menu.getByLabel('审核人（reviewer）', { exact: true }).isChecked()).toBe(true);
    await shot(page, 'online-form-menu');
    await ok(menu, /添\s*加/);
    await toast('已添加到菜单').waitFor();
    await step('sync and add to the menu');
  });

  async function openAs(username: string) {
    await page.addInitScript(COUNTER);
    await loginThroughForm(page, server.baseUrl, username, ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.locator('.ant-layout-sider .ant-menu > .ant-menu-item').getByText(TITLE, { exact: true }).click();
    await page.waitForURL(`**/2025/online/cgformList/${TABLE}`);
  }
  const links = (text: string) => listRow(text).locator('.schema-row-actions');

  it('the applicant adds a patent and submits it; once submitted it is no longer edited', async () => {
    await openAs('applicant');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = modal('新增');
    await form.locator('.ant-formily-item').filter({ hasText: '专利名称' }).first().locator('input').fill('一种折叠伞');
    await ok(form);
    await toast('添加成功！').waitFor();
    await expect.poll(() => listRow('一种折叠伞').textContent()).toContain('草稿');
    await links('一种折叠伞').getByText('提交', { exact: true }).click();
    await ok(page.locator('.ant-modal-confirm').filter({ hasText: '确定提交吗？' }));
    await toast('提交成功！').waitFor();
    await expect.poll(() => listRow('一种折叠伞').textContent()).toContain('待审核');
    await page.screenshot({ path: '/tmp/online-process-list.png' });
    await shot(page, 'online-form-list');
    expect((await links('一种折叠伞').locator('a').allTextContents()).map((t) => t.trim())).not.toContain('编辑');
    await step('the applicant adds and submits');
  });

  it('the reviewer sees what awaits review, passes it with an opinion and reads the history; the applicant is told', async () => {
    await openAs('reviewer');
    await listRow('一种折叠伞').waitFor();
    await links('一种折叠伞').getByText('通过', { exact: true }).click();
    const opinion = modal('通过');
    await opinion.getByPlaceholder('请输入通过意见').fill('同意授权');
    await ok(opinion);
    await toast('通过成功！').waitFor();
    await expect.poll(() => listRow('一种折叠伞').textContent()).toContain('已通过');
    await links('一种折叠伞').getByText('详情', { exact: true }).click();
    const detail = modal('详情');
    const history = detail.locator('.workflow-history .ant-timeline-item');
    await expect.poll(() => history.count()).toBe(2);
    expect((await history.allTextContents())[1]).toMatch(/审核人 通过：待审核 → 已通过意见：同意授权$/);
    await step('the reviewer passes it');
    await page.screenshot({ path: '/tmp/online-process-history.png' });
    await shot(page, 'online-form-history');

    const login = await (await fetch(`${server.baseUrl}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'applicant', password: ADMIN_PASSWORD }),
    })).json() as { result: { token: string } };
    const bell = await (await fetch(`${server.baseUrl}/jeecg-boot/sys/annountCement/listByUser?pageSize=20`, { headers: { 'X-Access-Token': login.result.token } })).json() as { result: { sysMsgList: { titile: string }[] } };
    expect(bell.result.sysMsgList.map((m) => m.titile)).toContain('专利申请「一种折叠伞」已通过');

    const { text, seconds } = klmReport(steps);
    console.log(`「专利申请」 designed and used, per step ${text}`);
    // The aim: the whole flow in under 15 minutes.
    expect(seconds).toBeLessThan(15 * 60);
  });
});
