// Online form benchmark (not a test): how long from "sync" to a usable page, for a 60-field form.
// Runs the product as `npm start` does (own process, fresh data dir), designs a 60-field form through
// the designer API, then times: the sync request, the first getData answer, and in headless Chromium
// opening the generated page until its table and 新增 are there, and 新增 until all 60 fields show.
// Baselines in the same run: the same CREATE TABLE run bare on the same database file (SQLite), and
// the built-in position page (a schema file) opened the same way.
// Usage: node scripts/bench/cgform-sync.mjs   (env ROUNDS=5 FIELDS=60; needs `npm run build` first)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const FIELDS = Number(process.env.FIELDS ?? 60);
const repo = path.resolve(import.meta.dirname, '../..');
if (!fs.existsSync(path.join(repo, 'dist/web/index.html'))) throw new Error('build the web app first: npm run build');
const PASSWORD = 'Bench-Sync-2026';

const freePort = () => new Promise((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const worst = (xs) => Math.max(...xs);

const VIEWS = [
  (n) => ({ fieldShowType: 'text', isQuery: n < 3 ? 1 : 0 }),
  () => ({ fieldShowType: 'number', dbType: 'int' }),
  () => ({ fieldShowType: 'number', dbType: 'BigDecimal', dbLength: 12, dbPointLength: 2 }),
  () => ({ fieldShowType: 'date', dbType: 'Date' }),
  () => ({ fieldShowType: 'list', dictField: 'priority' }),
  () => ({ fieldShowType: 'radio', dictField: 'sex' }),
  () => ({ fieldShowType: 'switch', dbLength: 1 }),
  () => ({ fieldShowType: 'textarea', dbLength: 500 }),
  () => ({ fieldShowType: 'sel_user', dbLength: 200 }),
  () => ({ fieldShowType: 'pca', dbLength: 12 }),
];
const design = (table) => ({
  head: { tableName: table, tableTxt: `基准表单${table.slice(11)}`, tableType: 1 },
  fields: Array.from({ length: FIELDS }, (_, i) => ({ dbFieldName: `field_f${i}`, dbFieldTxt: `字段${i + 1}`, dbType: 'string', dbLength: 64, isShowForm: 1, isShowList: i < 12 ? 1 : 0, orderNum: i, ...VIEWS[i % VIEWS.length](i) })),
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cgform-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: repo, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIST: 'dist/web', ADMIN_PASSWORD: PASSWORD },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (let t = Date.now(); ; await new Promise((r) => setTimeout(r, 100))) {
    try { if ((await fetch(`${base}/2025/`)).ok) break; } catch { /* starting */ }
    if (Date.now() - t > 60_000) throw new Error('server did not start');
  }
  const login = await (await fetch(`${base}/jeecg-boot/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })).json();
  const token = login.result.token;
  const call = async (method, p, body) => {
    const r = await (await fetch(`${base}/jeecg-boot${p}`, { method, headers: { 'content-type': 'application/json', 'x-access-token': token }, body: body ? JSON.stringify(body) : undefined })).json();
    if (!r.success) throw new Error(`${p}: ${r.message}`);
    return r;
  };

  const rows = { sync: [], firstData: [], ddl: [], open: [], form: [], openBuiltIn: [], formBuiltIn: [] };
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // The browser's session: the token where the app keeps it (src/web/app/session-storage.ts).
  await page.goto(`${base}/2025/user/login`);
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const depart = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
  await depart.waitFor();
  await depart.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL('**/2025/dashboard/analysis');

  const timePage = async (url, fieldsWanted) => {
    const t0 = performance.now();
    await page.goto(url);
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();
    await page.locator('.schema-page thead th').first().waitFor();
    const open = performance.now() - t0;
    const t1 = performance.now();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '新增' }).last();
    await modal.locator('.ant-formily-item').nth(fieldsWanted - 1).waitFor();
    const form = performance.now() - t1;
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await modal.waitFor({ state: 'detached' });
    return { open, form };
  };

  for (let r = 0; r < ROUNDS; r++) {
    const table = `bench_form_r${r}`;
    const id = (await call('POST', '/online/cgform/api/addAll', design(table))).result;
    const t0 = performance.now();
    await call('POST', `/online/cgform/api/doDbSynch/${id}/normal`, {});
    rows.sync.push(performance.now() - t0);
    await call('GET', `/online/cgform/api/getData/${id}`);
    rows.firstData.push(performance.now() - t0);
    await call('POST', '/online/cgform/head/addToMenu', { id });

    // Baseline: the plan's CREATE TABLE, run bare on the same file under another name.
    const db = new Database(path.join(dataDir, 'platform.db'));
    const cols = db.prepare('select sql from sqlite_master where name = ?').get(table).sql.replace(`"${table}"`, `"${table}_bare"`);
    const t2 = performance.now();
    db.exec(cols);
    rows.ddl.push(performance.now() - t2);
    db.exec(`drop table "${table}_bare"`);
    db.close();

    const own = await timePage(`${base}/2025/online/cgformList/${table}`, FIELDS);
    rows.open.push(own.open); rows.form.push(own.form);
    const builtIn = await timePage(`${base}/2025/isystem/position`, 3);
    rows.openBuiltIn.push(builtIn.open); rows.formBuiltIn.push(builtIn.form);
  }
  const ms = (v) => v.toFixed(v < 10 ? 1 : 0);
  const f = (xs) => `${ms(median(xs)).padStart(6)} ms (max ${ms(worst(xs))})`;
  console.log(`\nOnline form sync → usable, ${FIELDS} fields, ${ROUNDS} forms, SQLite, ${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  sync request (plan + CREATE TABLE + indexes + registry + version row)  ${f(rows.sync)}   bare CREATE TABLE: ${f(rows.ddl)}`);
  console.log(`  sync request → first getData answered                                 ${f(rows.firstData)}`);
  console.log(`  open the generated page → table header and 新增 shown                  ${f(rows.open)}   built-in position page: ${f(rows.openBuiltIn)}`);
  console.log(`  新增 → all ${FIELDS} fields shown                                             ${f(rows.form)}   position page's 3 fields: ${f(rows.formBuiltIn)}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
