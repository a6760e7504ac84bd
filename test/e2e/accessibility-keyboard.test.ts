import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginThroughForm, type RunningServer } from './harness';

/**
 * The keyboard alone (issue 43, WCAG 2.1.1 and 2.4.7): the reviewer reaches a submitted project's
 * 通过 link with Tab, sees where the focus is, opens the opinion dialog with Enter, leaves it with
 * Esc, opens it again, types the opinion and confirms with Enter: the project is passed.
 */
describe('keyboard only: a reviewer passes a project', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  /** What has the focus: its text or accessible name. */
  const focused = () => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(), tag: el?.tagName ?? '', outline: el ? getComputedStyle(el).outlineStyle : 'none' };
  });

  /** Presses Tab until the focus is on what `wanted` accepts (at most `max` presses). */
  async function tabTo(wanted: (f: { text: string; tag: string }) => boolean, max = 120) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      if (wanted(f)) return f;
    }
    throw new Error(`not reached in ${max} Tab presses`);
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
});
