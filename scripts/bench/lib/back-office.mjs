// The back office in headless Chromium, for the route benches (routes.mjs, routes-ab.mjs): a fresh
// server on the seed data, the administrator signed in, the menu's page routes, and an in-app
// navigation timed to the route's first render.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** `npm start` on a fresh data directory serving `webDist`; answers its base URL and a stop function. */
export async function startApp(webDist, port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-routes-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let t = 0; ; t++) {
    try { if ((await fetch(`${base}/2025/`)).ok) break; } catch { /* starting */ }
    if (t > 1200) { await stop(); throw new Error('server did not answer within 60 s'); }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { base, stop };
}

/**
 * A page of `context` signed in as the administrator, resting on 工作台, with its menu's page routes
 * and `open(path, title)`: ms from an in-app navigation (history push, as a menu click does) to the
 * route's first render = its tab is the active one (the navigation has been drawn: while React still
 * worked on it, the old page looked quiet and was counted as done), no request of the page in flight,
 * no loading spinner in view, and two painted frames.
 */
export async function signedIn(context, base) {
  const page = await context.newPage();
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
  const neutral = () => open('/dashboard/workplace', '工作台');
  await neutral();
  return { page, leaves, open, neutral };
}
