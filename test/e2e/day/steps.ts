import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The steps a person takes in a role's day (test/e2e/day-*.test.ts): log in, open a menu entry by its
 * name, read the 工作台, open a notice from the bell and follow its 去处理. Only what is on the screen:
 * no address typed, no request sent behind the page's back.
 */

const IMG_DIR = path.resolve(import.meta.dirname, '../../../docs/manual/img');

/**
 * With DOCS_SHOTS=1 (`npm run docs:shots`) writes docs/manual/img/<name>.png, the manuals' pictures,
 * at the viewport's 1440×900 (or the part `clip` names); otherwise does nothing.
 */
export async function shot(page: Page, name: string, clip?: Locator): Promise<void> {
  if (process.env.DOCS_SHOTS !== '1') return;
  fs.mkdirSync(IMG_DIR, { recursive: true });
  // Modals and drawers slide in: a picture taken mid-way shows them half drawn. Toasts of earlier steps go first.
  await page.waitForTimeout(400);
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  const file = path.join(IMG_DIR, `${name}.png`);
  if (clip) await clip.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  else await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
}

export { loginAs as login } from '../harness';

/**
 * Opens a menu entry by its name through 搜索菜单, as the header offers it: whatever folder holds
 * the entry (赛事与评审, 人员考核…), its name finds it.
 */
export async function openMenu(page: Page, name: string): Promise<void> {
  const search = page.getByRole('combobox', { name: '搜索菜单' });
  await search.fill(name);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`(^|/ )${name}$`) });
  await option.first().click();
  await poll(() => page.locator('.basic-multitab .ant-tabs-tab-active').textContent()).toContain(name);
}

/** 工作台, opened from the menu, once its entries are drawn. */
export async function openWorkplace(page: Page): Promise<void> {
  await openMenu(page, '工作台');
  await page.locator('[data-todo]').first().waitFor();
}

/** A 工作台 entry's card (`pms_project.pass`…): its label, count and count by state. */
export const todoCard = (page: Page, key: string): Locator => page.locator(`[data-todo="${key}"]`);

/** The 工作台 card naming an entry's newest rows. */
export const todoItems = (page: Page, key: string): Locator => page.locator(`[data-todo-items="${key}"]`);

/** Follows 去处理 of one named row on the 工作台 (项目「…」), the newest of that name: its page opens on the record. */
export async function handleTodo(page: Page, key: string, title: string): Promise<void> {
  await todoItems(page, key).getByRole('link', { name: new RegExp(`^去处理.*「${escape(title)}」$`) }).first().click();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A modal by its title, the newest of that title. */
export const modal = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();

/** A drawer by the start of its title (评分：…, 考核结果：…). */
export const drawer = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-drawer').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) }).last();

/** A confirmation by its question. */
export const confirmBox = (page: Page, text: string): Locator => page.locator('.ant-modal-confirm').filter({ hasText: text }).last();

/** A button by its label, as antd spaces two characters (确 定) and an icon may precede it (plus 新增). */
export const button = (scope: Locator, name: string | RegExp): Locator =>
  scope.getByRole('button', { name: typeof name === 'string' ? new RegExp(`(^|\\s)${name.split('').join('\\s*')}$`) : name });

/** Waits for a toast of this text. */
export const toast = (page: Page, text: string): Promise<void> => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

/** The rows of the page in view. */
export const rows = (page: Page): Locator => page.locator('.schema-page:visible .ant-table-tbody tr.ant-table-row');

/**
 * Opens the bell, the 系统消息 tab and the notice whose title contains `title`: the 通知详情 modal,
 * whose text the caller checks and whose 去处理 opens the record. Waits for the notice to arrive
 * (it is sent live, or polled).
 */
export async function openNotice(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: /^消息通知/ }).click();
  const panel = page.locator('.ant-popover:visible');
  await panel.getByRole('tab', { name: /^系统消息/ }).click();
  const item = panel.locator('.notice-bell-item').filter({ hasText: title }).first();
  await item.waitFor({ timeout: 15_000 });
  await item.click();
  const detail = modal(page, '通知详情');
  await detail.getByTestId('announcement-content').waitFor();
  return detail;
}

/** A notice's title and content, as the 通知详情 modal shows them. */
export async function noticeText(detail: Locator): Promise<{ title: string; content: string }> {
  return {
    title: (await detail.locator('.announcement-detail h4').textContent())?.trim() ?? '',
    content: (await detail.getByTestId('announcement-content').innerText()).trim(),
  };
}

/** Fills a form item by its label: an input, a textarea or a select (its option by text). */
export function formItem(form: Locator, label: string): Locator {
  return form.locator('.ant-formily-item').filter({ has: form.page().locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?${label}[:：]?$`) }) }).first();
}

export async function choose(page: Page, item: Locator, option: string): Promise<void> {
  await item.locator('.ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** expect.poll with room for a loaded machine: a list or a detail may take seconds to arrive (the default is 1 s). */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
