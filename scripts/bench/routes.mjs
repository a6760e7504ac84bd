// Back-office routes benchmark (not a test): in headless Chromium, the administrator logs in to a fresh
// server on the seed data, then every menu route (the leaves of the menu the server sends) is opened
// from inside the app, as a menu click does (history push, no page reload), twice: the first visit
// (the page's code may still download) and a repeat, each from 工作台. Per route: ms from the navigation to its first
// render = its tab is the active one (the navigation has been drawn: while React still worked on it, the old
// page looked quiet and was counted as done), no request of the page in flight, no loading spinner in view,
// and two painted frames.
// Prints each route, the slowest, and the previous run's figures beside them
// (kept in node_modules/.cache/bench/routes.json). Aim (issue 17): every route < 300 ms.
// Usage: node scripts/bench/routes.mjs   env WEB_DIST (default dist/web), DATABASE_URL (PostgreSQL)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { reportFigure } from './lib/figures.mjs';

const AIM_MS = 300;
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
const previousFile = path.join(root, 'node_modules/.cache/bench/routes.json');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('build the web app first: npm run build (or set WEB_DIST)');
  process.exit(1);
}

const port = 18900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-routes-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
try {
  for (let t = 0; ; t++) {
    try { if ((await fetch(`${base}/2025/`)).ok) break; } catch { /* starting */ }
    if (t > 1200) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Requests in flight, counted in the page: umi-request goes through fetch, uploads through XHR.
  await page.addInitScript(() => {
    window.__inflight = 0;
    const f = window.fetch;
    window.fetch = (...args) => { window.__inflight++; return f(...args).finally(() => { window.__inflight--; }); };
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args) { window.__inflight++; this.addEventListener('loadend', () => { window.__inflight--; }); return send.apply(this, args); };
  });
  await page.goto(`${base}/2025/user/login`);
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(process.env.ADMIN_PASSWORD ?? 'Admin@2025');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '切换登录部门' });
  await modal.waitFor();
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL('**/2025/dashboard/analysis');

  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value);
  const perms = await (await fetch(`${base}/jeecg-boot/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } })).json();
  const leaves = [];
  const walk = (nodes) => {
    for (const n of nodes ?? []) {
      if (n.children?.length) walk(n.children);
      else if (n.path && !n.meta?.internalOrExternal && !/^https?:/.test(n.path) && !n.hidden) leaves.push({ path: n.path, title: n.meta?.title ?? n.name });
    }
  };
  walk(perms.result?.menu);
  if (!leaves.length) throw new Error('the administrator has no menu routes');

  /** In-app navigation to `route`: ms to its tab active, no request in flight, no spinner, two painted frames. */
  const open = (route, title) => page.evaluate(async ([to, title]) => {
    const quietFor = 60;
    const t0 = performance.now();
    history.pushState({}, '', `/2025${to}`);
    dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    const frame = () => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    const shown = () => [...document.querySelectorAll('.ant-tabs-tab-active')].some((t) => t.textContent.includes(title));
    const busy = () => !shown() || window.__inflight > 0 || !!document.querySelector('.ant-layout-content .ant-spin-spinning, [role="status"]');
    let quietSince = null;
    let doneAt = null;
    while (performance.now() - t0 < 15_000) {
      await frame();
      if (busy()) { quietSince = null; doneAt = null; continue; }
      if (quietSince === null) { quietSince = performance.now(); doneAt = quietSince; }
      // Quiet for a little while: a page may start its next request right after the first answer.
      if (performance.now() - quietSince >= quietFor) return doneAt - t0;
    }
    return NaN;
  }, [route, title]);

  // Between two visits the browser rests on 工作台 (cards, no charts): coming back from 首页 measured its
  // G2 charts still animating after their data had arrived (a second and more of frames), not the route.
  const NEUTRAL = '/dashboard/workplace';
  const neutral = () => open(NEUTRAL, '工作台');
  await neutral();
  // As a person reads the first page before a click: the pages' code loads meanwhile, while the browser is idle.
  await page.waitForTimeout(5000);
  const results = [];
  for (const r of leaves) {
    const first = await open(r.path, r.title);
    await neutral();
    const again = await open(r.path, r.title);
    results.push({ ...r, first, again });
    await neutral();
  }

  const previous = fs.existsSync(previousFile) ? JSON.parse(fs.readFileSync(previousFile, 'utf8')) : {};
  const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(0)}` : 'timeout').padStart(7);
  console.log(`back-office routes, first render after an in-app navigation (ms), ${results.length} menu routes, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, load avg ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  ${'route'.padEnd(44)} ${'first'.padStart(7)} ${'again'.padStart(7)}   previous run: ${previous.at ?? 'none'}`);
  for (const r of results) {
    const p = previous.routes?.[r.path];
    console.log(`  ${`${r.path} ${r.title}`.padEnd(44)} ${fmt(r.first)} ${fmt(r.again)}   ${p ? `${fmt(p.first)} ${fmt(p.again)}` : ''}${Math.max(r.first, r.again) >= AIM_MS || !Number.isFinite(r.first) ? '   over the aim' : ''}`);
  }
  const slowest = results.reduce((a, b) => ((Number.isFinite(b.first) ? b.first : Infinity) > (Number.isFinite(a.first) ? a.first : Infinity) ? b : a));
  const slowestAgain = results.reduce((a, b) => (b.again > a.again ? b : a));
  console.log(`  slowest first visit: ${slowest.path} ${fmt(slowest.first).trim()} ms${previous.slowest ? ` (previous run: ${previous.slowest.path} ${previous.slowest.first.toFixed(0)} ms)` : ''}; slowest repeat: ${slowestAgain.path} ${slowestAgain.again.toFixed(0)} ms   aim < ${AIM_MS} ms`);
  reportFigure('routes', `slowest back-office route, first visit (${slowest.path})`, slowest.first, 'ms', AIM_MS);
  reportFigure('routes', `slowest back-office route, repeat visit (${slowestAgain.path})`, slowestAgain.again, 'ms', AIM_MS);
  fs.mkdirSync(path.dirname(previousFile), { recursive: true });
  fs.writeFileSync(previousFile, JSON.stringify({ at: new Date().toISOString(), slowest, routes: Object.fromEntries(results.map((r) => [r.path, r])) }));
} finally {
  await browser.close();
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
