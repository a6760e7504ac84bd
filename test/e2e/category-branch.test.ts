import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, loginAs, type RunningServer } from './harness';
import { button, choose, formItem, modal, openMenu, poll, rows, toast } from './day/steps';

/** The 领域 each 赛道 offers, as schemas/seed/categories.json seeds them under 行业领域. */
const FIELDS: Record<string, string[]> = {
  信息技术: ['人工智能', '集成电路', '软件与信息服务', '物联网', '大数据与云计算'],
  生物医药: ['创新药', '医疗器械', '生物技术', '中医药'],
  先进制造: ['智能装备', '工业机器人', '航空航天', '精密仪器'],
  新能源新材料: ['光伏与风电', '储能与动力电池', '氢能与燃料电池', '新材料', '节能环保'],
  现代农业: ['智慧农业', '种业', '农产品加工', '农业装备'],
  文化创意: ['数字文化', '文旅融合', '创意设计', '影视动漫'],
};

/** Where the pictures of the open 所属领域 tree go (looked at by hand; not part of the manual). */
const SHOT_DIR = process.env.CATEGORY_SHOT_DIR ?? '/tmp';

/**
 * Issue 37, in Chromium: in 我的项目 › 新增, 所属领域 waits for 赛道, then offers only that 赛道's
 * 领域; another 赛道 clears the choice and offers its own. Every 赛道 has its 领域.
 */
describe('所属领域 follows 赛道 in the declaration form', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const categoryItem = (form: Locator) => formItem(form, '所属领域');
  /** The open tree's titles (the dropdown of 所属领域). */
  const treeTitles = async () => {
    const dropdown = page.locator('.ant-select-dropdown:visible').filter({ has: page.locator('.ant-select-tree') });
    await dropdown.locator('.ant-select-tree-title').first().waitFor();
    return dropdown.locator('.ant-select-tree-title').allTextContents();
  };
  const openTree = async (form: Locator) => {
    await categoryItem(form).locator('.ant-select').first().click();
    return treeTitles();
  };
  // Not Escape: in the form it asks whether to discard what was typed.
  const closeTree = async (form: Locator) => {
    await form.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:visible').filter({ has: page.locator('.ant-select-tree') }).waitFor({ state: 'hidden' });
  };

  it('offers only the 领域 of the chosen 赛道, and clears a choice another 赛道 leaves out', async () => {
    await loginAs(page, server.baseUrl, 'applicant');
    await openMenu(page, '我的项目');
    await rows(page).first().waitFor();
    await button(page.locator('.schema-page:visible'), '新增').click();
    const form = modal(page, '新增');
    await poll(() => formItem(form, '所属赛事').textContent()).toContain('第二届');

    // No 赛道 yet: 所属领域 waits for it.
    const select = categoryItem(form).locator('.ant-select').first();
    await poll(() => select.getAttribute('class')).toContain('ant-select-disabled');
    expect(await categoryItem(form).textContent()).toContain('请先选择赛道');
    await page.screenshot({ path: `${SHOT_DIR}/category-branch-empty.png` });

    await choose(page, formItem(form, '赛道'), '信息技术');
    await poll(() => select.getAttribute('class')).not.toContain('ant-select-disabled');
    expect(await openTree(form)).toEqual(FIELDS['信息技术']);
    await page.screenshot({ path: `${SHOT_DIR}/category-branch-it.png` });
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: '集成电路' }).click();
    await poll(() => categoryItem(form).locator('.ant-select-selection-item').textContent()).toBe('集成电路');

    // Another 赛道: the choice goes, and only its 领域 are offered.
    await choose(page, formItem(form, '赛道'), '生物医药');
    await poll(() => categoryItem(form).locator('.ant-select-selection-item').count()).toBe(0);
    await poll(() => select.getAttribute('class')).not.toContain('ant-select-disabled');
    expect(await openTree(form)).toEqual(FIELDS['生物医药']);
    await page.screenshot({ path: `${SHOT_DIR}/category-branch-bio.png` });
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: '医疗器械' }).click();

    await formItem(form, '项目名称').locator('input').fill('骨科植入物3D打印');
    await formItem(form, '申报单位').locator('input').fill('康联健康科技有限公司');
    await formItem(form, '项目负责人').locator('input').fill('陈思远');
    await formItem(form, '联系电话').locator('input').fill('13800138123');
    await button(form, '保存草稿').click();
    await toast(page, '添加成功！');
    await form.waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: '骨科植入物3D打印' }).waitFor();
  });

  it('has 领域 for every 赛道', async () => {
    await loginAs(page, server.baseUrl, 'applicant');
    await openMenu(page, '我的项目');
    await rows(page).first().waitFor();
    await button(page.locator('.schema-page:visible'), '新增').click();
    const form = modal(page, '新增');
    const select = categoryItem(form).locator('.ant-select').first();
    for (const [track, fields] of Object.entries(FIELDS)) {
      await choose(page, formItem(form, '赛道'), track);
      await poll(() => formItem(form, '赛道').locator('.ant-select-selection-item').textContent()).toBe(track);
      await poll(() => select.getAttribute('class')).not.toContain('ant-select-disabled');
      await poll(() => openTree(form)).toEqual(fields);
      await closeTree(form);
    }
  });
});
