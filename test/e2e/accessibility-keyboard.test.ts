import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginThroughForm, type RunningServer } from './harness';

/**
 * The keyboard alone (issue 43, WCAG 2.1.1 and 2.4.7): the reviewer reaches a submitted project's
 * 通过 link with Tab, sees where the focus is, opens the opinion dialog with Enter, leaves it with
 * Esc, opens it again, types the opinion and confirms with Enter: the project is passed.
 */
describe('keyboard only: a reviewer passes a project, an expert scores one, an applicant declares one', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  /** What has the focus: its text or accessible name, and the table row it is in. */
  const focused = () => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(), tag: el?.tagName ?? '', outline: el ? getComputedStyle(el).outlineStyle : 'none', row: el?.closest('tr')?.getAttribute('data-row-key') ?? null };
  });
  type Focus = Awaited<ReturnType<typeof focused>>;

  /** Presses Tab (Shift+Tab `backwards`) until the focus is on what `wanted` accepts (at most `max` presses). */
  async function tabTo(wanted: (f: Focus) => boolean, max = 120, backwards = false) {
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const f = await focused();
      if (wanted(f)) return f;
      seen.push(`${f.tag}:${f.text.slice(0, 12)}`);
    }
    throw new Error(`not reached in ${max} Tab presses (focus went ${seen.slice(-25).join(' → ')})`);
  }

  it('Tab to the row’s 通过, Enter, Esc, Enter again, type, Enter: passed', async () => {
    await loginThroughForm(page, server.baseUrl, 'reviewer', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.goto(`${server.baseUrl}/2025/pms/audit`);
    const rows = page.locator('.schema-page .ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    const key = (await rows.first().getAttribute('data-row-key'))!;
    const passed = page.locator(`.schema-page tr[data-row-key="${key}"]`);

    // Tab (never the mouse) to the first row's 通过: it shows a focus ring.
    const link = await tabTo((f) => f.tag === 'A' && f.text === '通过');
    expect(link.outline).not.toBe('none');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通过' }) });
    await dialog.locator('textarea').waitFor();
    // The focus moves into the dialog (WCAG 2.4.3), where Esc is heard.
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'));
    await expect.poll(focusInDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The focus is back where it was: Enter opens the dialog again.
    await expect.poll(() => focused().then((f) => f.text)).toBe('通过');
    await page.keyboard.press('Enter');
    await dialog.locator('textarea').waitFor();
    await expect.poll(focusInDialog).toBe(true);
    await tabTo((f) => f.tag === 'TEXTAREA', 10);
    await page.keyboard.type('材料齐全，同意通过');
    await tabTo((f) => f.tag === 'BUTTON' && /确\s*定/.test(f.text), 10);
    await page.keyboard.press('Enter');
    await page.locator('.ant-message-notice').filter({ hasText: '通过成功' }).first().waitFor();
    // Passed: it left the submitted ones, or shows 已通过.
    await expect.poll(async () => (await passed.count()) === 0 || (await passed.textContent())!.includes('已通过')).toBe(true);
  });

  it('an expert Tabs to a pending project’s 评分, types every score, and submits with Enter: submitted', async () => {
    const db = new Database(path.join(server.dataDir, 'platform.db'), { readonly: true });
    const pending = db.prepare(`select r.id, r.expert from pms_project_review r where r.state = 'pending' limit 1`).get() as { id: string; expert: string };
    db.close();
    await loginThroughForm(page, server.baseUrl, pending.expert, ADMIN_PASSWORD);
    const depart = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
    await Promise.race([depart.waitFor().then(() => depart.getByRole('button', { name: /确\s*定/ }).click()), page.waitForURL('**/2025/dashboard/analysis')]);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.goto(`${server.baseUrl}/2025/pms/score`);
    const row = page.locator(`.schema-page tr[data-row-key="${pending.id}"]`);
    await row.waitFor();

    // Tab to this row's 评分 and open the sheet with Enter: the focus moves into the drawer.
    const link = await tabTo((f) => f.row === pending.id && f.text === '评分', 200);
    expect(link.outline).not.toBe('none');
    await page.keyboard.press('Enter');
    const drawer = page.locator('.ant-drawer').filter({ hasText: '评分：' });
    const inputs = drawer.locator('.ant-input-number-input');
    await inputs.first().waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-drawer'))).toBe(true);

    // Each score field in turn, reached by Tab, given its maximum (read from its「/ 满分」).
    const count = await inputs.count();
    for (let i = 0; i < count; i++) {
      await tabTo((f) => f.tag === 'INPUT' && f.row !== null, 20);
      const max = await page.evaluate(() => document.activeElement?.closest('.ant-input-number-group-wrapper')?.textContent?.match(/\/\s*(\d+(?:\.\d+)?)/)?.[1]);
      await page.keyboard.type(max!);
    }
    await expect.poll(() => drawer.locator('.review-total').textContent()).toContain('100.00');

    // 提交评分 sits in the drawer's header, before the sheet: Shift+Tab back to it.
    await tabTo((f) => f.tag === 'BUTTON' && f.text === '提交评分', 60, true);
    await page.keyboard.press('Enter');
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '提交后不能修改' });
    await confirm.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-confirm'))).toBe(true);
    await tabTo((f) => f.tag === 'BUTTON' && /确\s*定/.test(f.text), 10);
    await page.keyboard.press('Enter');
    await page.locator('.ant-message-notice').filter({ hasText: '提交评分成功' }).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('已提交');
  });

  it('an applicant declares by keyboard alone: 新增, every field and a team member, 提交申报, confirmed: submitted', async () => {
    await loginThroughForm(page, server.baseUrl, 'applicant', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');
    await page.goto(`${server.baseUrl}/2025/pms/myProject`);
    await page.locator('.schema-page .ant-table-tbody tr.ant-table-row').first().waitFor();
    const name = `键盘申报项目${Date.now() % 100000}`;

    // Tab to 新增 and open the form with Enter: the focus moves into it.
    const add = await tabTo((f) => f.tag === 'BUTTON' && /新\s*增/.test(f.text));
    expect(add.outline).not.toBe('none');
    await page.keyboard.press('Enter');
    const form = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '新增' }) });
    await form.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
    // The contest open for declarations is chosen already.
    await expect.poll(() => form.textContent()).toContain('第二届');

    const typeInto = async (label: string, text: string) => {
      await tabTo((f) => f.tag === 'INPUT' && f.text === label, 40);
      await page.keyboard.type(text);
    };
    await typeInto('项目名称', name);
    // 赛道: a select, opened with the arrow key and chosen with Enter.
    await tabTo((f) => f.tag === 'INPUT' && f.text === '赛道', 20);
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => form.locator('.ant-select-selection-item').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/\S/)]));
    await typeInto('申报单位', '键盘科技有限公司');
    await typeInto('项目负责人', '许安');
    await typeInto('联系电话', '13800138456');
    // The team: 新增一行 by Enter, then the member's name.
    await tabTo((f) => f.text === '新增一行', 80);
    await page.keyboard.press('Enter');
    await typeInto('姓名', '林小溪');

    await tabTo((f) => f.tag === 'BUTTON' && f.text === '提交申报', 80);
    await page.keyboard.press('Enter');
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定提交申报吗' });
    await confirm.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal-confirm'))).toBe(true);
    await tabTo((f) => f.tag === 'BUTTON' && /确\s*定/.test(f.text), 10);
    await page.keyboard.press('Enter');
    await page.locator('.ant-message-notice').filter({ hasText: '提交申报成功' }).first().waitFor();
    const row = page.locator('.schema-page .ant-table-tbody tr').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('已提交');
    // The member was saved with it.
    const db = new Database(path.join(server.dataDir, 'platform.db'), { readonly: true });
    const members = db.prepare('select m.name from pms_project_member m join pms_project p on p.id = m.project_id where p.name = ?').all(name) as { name: string }[];
    db.close();
    expect(members.map((m) => m.name)).toEqual(['林小溪']);
  });
});
