import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { freePort } from '../helpers/ports.js';

export const ADMIN_PASSWORD = 'Admin@2025';
const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Direct access to the server's SQLite file, for arranging states a user cannot reach quickly. */
  sql: (statement: string, ...params: unknown[]) => Database.RunResult;
  stop: () => Promise<void>;
}

/** The product as `npm start` runs it: own process, fresh data dir, captcha off. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_WEB_DIST lets a developer test a build of their own while another build is under way.
  const webDist = process.env.E2E_WEB_DIST ?? 'dist/web';
  if (!fs.existsSync(path.join(path.resolve(root, webDist), 'index.html'))) throw new Error('build the web app first (npm test does)');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIST: webDist, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/2025/`)).ok) break;
    } catch { /* starting */ }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const db = new Database(path.join(dataDir, 'platform.db'));
  db.pragma('busy_timeout = 5000');
  return {
    baseUrl,
    dataDir,
    sql: (statement, ...params) => db.prepare(statement).run(...params),
    stop: async () => {
      db.close();
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Logs in through the login form, as a person would, and waits for the back office. */
export async function loginThroughForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/2025/user/login`);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** The administrator belongs to two departments: log in, confirm the department choice, land on the dashboard. */
export async function loginAsAdmin(page: Page, baseUrl: string, password = ADMIN_PASSWORD): Promise<void> {
  await loginThroughForm(page, baseUrl, 'admin', password);
  const modal = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
  await modal.waitFor();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL('**/2025/dashboard/analysis');
}

/** Logs in as a seeded account through the form (admin confirms its department) and lands on 首页. */
export async function loginAs(page: Page, baseUrl: string, username: string): Promise<void> {
  if (username === 'admin') return loginAsAdmin(page, baseUrl);
  await loginThroughForm(page, baseUrl, username, ADMIN_PASSWORD);
  await page.waitForURL('**/2025/dashboard/analysis');
}

/**
 * The API as the administrator, for a test's setup and its checks of what was stored: `api(path)` GETs,
 * `api(path, body)` POSTs; the answer's result, after checking it succeeded.
 */
export function adminApi(server: () => RunningServer) {
  return async (path: string, body?: unknown, method = body ? 'POST' : 'GET') => {
    const login = await (await fetch(`${server().baseUrl}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    })).json();
    const res = await fetch(`${server().baseUrl}/jeecg-boot${path}`, {
      method, headers: { 'Content-Type': 'application/json', 'X-Access-Token': login.result.token }, body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    expect(json.success, `${path}: ${json.message}`).toBe(true);
    return json.result;
  };
}

/**
 * Clicks a list row's action, shown in the row or under its 更多 menu. Waits for the row's actions
 * first: a row that has not been drawn yet (the list reloading after a save) has neither.
 */
export async function rowAction(page: Page, tr: Locator, label: string): Promise<void> {
  const actions = tr.locator('.schema-row-actions');
  const link = actions.getByText(label, { exact: true });
  const more = actions.getByText('更多', { exact: true });
  await link.or(more).first().waitFor();
  if (await link.count()) return link.click();
  await more.click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').getByText(label, { exact: true }).click();
}

/** The API's latest answers to a browser context: URL, status and the start of the body. */
type ApiAnswers = Promise<string>[];

function recordApiAnswers(context: BrowserContext): ApiAnswers {
  const answers: ApiAnswers = [];
  context.on('response', (res) => {
    if (!res.url().includes('/jeecg-boot/')) return;
    const head = `${res.request().method()} ${new URL(res.url()).pathname} ${res.status()}`;
    // Only JSON bodies: a live stream's body never ends.
    const json = (res.headers()['content-type'] ?? '').includes('json');
    answers.push(json ? res.text().then((body) => `${head} ${body.slice(0, 160)}`, () => head) : Promise.resolve(head));
    if (answers.length > 12) answers.shift();
  });
  return answers;
}

/**
 * A failed browser test says where the page was and what it told the user: CI keeps no screenshot,
 * and a timeout alone does not say whether the click was refused, answered with an error, or lost.
 */
async function printWhatThePageShowed(page: Page, answers: ApiAnswers): Promise<void> {
  const shown = await page.locator('.ant-message-notice, .ant-notification-notice, .ant-modal, [role=alert]')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).filter(Boolean))
    .catch(() => [] as string[]);
  console.error([
    `page at the failure: ${page.url()}`,
    ...shown.map((text) => `  shown: ${text.slice(0, 200)}`),
    'latest API answers:',
    ...(await Promise.all(answers)).map((a) => `  ${a}`),
  ].join('\n'));
}

export interface BrowserSession {
  readonly server: RunningServer;
  readonly page: Page;
}

/**
 * One product process and one Chromium for a describe block, and a fresh browser context per test
 * (nothing stored by one test — token, username — leaks into the next), optionally logged in as admin.
 */
export function browserSession(opts: { asAdmin?: boolean; contextOptions?: BrowserContextOptions; env?: Record<string, string> } = {}): BrowserSession {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    server = await startServer(opts.env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  // A refused request is a state the page handles: an error nobody caught fails the test (issue 37).
  let uncaught: string[] = [];
  let answers: ApiAnswers;
  beforeEach(async () => {
    uncaught = [];
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', ...opts.contextOptions });
    context.on('page', (p) => p.on('pageerror', (e) => uncaught.push(`${p.url()}: ${e.message}`)));
    answers = recordApiAnswers(context);
    page = await context.newPage();
    if (opts.asAdmin) await loginAsAdmin(page, server.baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await printWhatThePageShowed(page, answers);
    await context?.close();
    expect(uncaught, 'errors the page did not catch').toEqual([]);
  });
  return { get server() { return server; }, get page() { return page; } };
}
