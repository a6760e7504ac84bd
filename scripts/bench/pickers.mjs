// Pickers benchmark (not a test: it measures and prints, it asserts nothing). Against a real server
// (child process, SQLite by default) holding USERS generated users and a 10,010-node category tree
// (scripts/bench/pickers/data.mjs), in headless Chromium, per case a fresh browser context:
//  - the real sel_user widget (registry → UserPicker → lazy UserModal): click → first table rows;
//    first keystroke in the account search → next paint; account fragment + Enter → matching rows;
//    a department clicked → that department's rows;
//    baseline: a plain antd Select (showSearch) holding every user: click → first options; first
//    keystroke → next paint; the fragment's last keystroke → matching options;
//  - the real cat_tree widget (lazy TreeSelect, one level per request): click → root nodes; expand
//    a root → its 10 children; expand a child → its 99 leaves; first keystroke → next paint; the
//    fragment's last keystroke → matching nodes (the widget filters the nodes it has loaded);
//    baseline: a plain antd TreeSelect given the whole tree as treeData, the same steps.
// The baselines' data is what the same server answers, fetched once here through existing
// endpoints (users: /sys/user/queryUserComponentData, 1,000 a page; categories: /sys/category/
// loadTreeData level by level) and served to the page as users.json / tree.json; loading it into
// the page is timed apart (not part of any step). Timing is done in the page (pickers/probe.ts):
// the input event's timestamp → the paint after the expected DOM appeared.
// Usage: node scripts/bench/pickers.mjs
//   env ROUNDS=5  USERS=100000  DB=sqlite|postgres
//       PG_URL=postgres://postgres@127.0.0.1:5432/test (admin connection; a throw-away database is made and dropped)
//       KEEP=1 (keep the temp dir: page build, data files, SQLite database)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const USERS = Number(process.env.USERS ?? 100_000);
const DB = (process.env.DB ?? 'sqlite').toLowerCase();
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['sqlite', 'postgres'].includes(DB)) throw new Error(`DB must be sqlite or postgres, got "${DB}"`);
if (!(USERS >= 50_000)) throw new Error('USERS must be at least 50000 (the search fragment needs bu042170 …)');
const here = path.join(import.meta.dirname, 'pickers');
const loadAtStart = os.loadavg();

// The searched account fragment: bu004217 and bu042170 … bu042179; none on the first page.
const USER_FRAGMENT = '04217';
// The searched category fragment: 小类1-2-4 and 小类1-2-40 … 49 under 大类1 › 中类1-2.
const CATEGORY_FRAGMENT = '1-2-4';
const CATEGORY_ANCESTORS = '^(大类1|中类1-2)$';
const SETTLE = 400;

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pickers-'));
const web = path.join(out, 'web');
let child, browser, pgDrop;
const cleanup = async () => {
  await browser?.close().catch(() => undefined);
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (pgDrop) await pgDrop().catch((e) => console.error(`could not drop the bench database: ${e.message}`));
  if (!process.env.KEEP) fs.rmSync(out, { recursive: true, force: true });
  else console.log(`kept ${out}`);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { void cleanup().finally(() => process.exit(130)); });

try {
  // ---- the page, built where the server will serve it as its web app ----------------------------
  let t0 = performance.now();
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  const { build } = await import('vite');
  await build({ configFile: path.join(here, 'vite.config.ts'), root: here, logLevel: 'warn', build: { outDir: web } });
  console.log(`built the bench page in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- the server and its data ---------------------------------------------------------------------
  let databaseUrl = '';
  if (DB === 'postgres') {
    const pg = (await import('pg')).default;
    const name = `bench_pickers_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    pgDrop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try { await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); } finally { await c.end(); }
    };
    const u = new URL(PG_URL); u.pathname = `/${name}`; databaseUrl = u.toString();
  }
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  console.log(`starting the server on ${DB} and generating ${USERS.toLocaleString('en')} users and the category tree…`);
  t0 = performance.now();
  child = fork(path.join(here, 'server.mjs'), [], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, USERS: String(USERS), ADMIN_PASSWORD: password, DATA_DIR: path.join(out, 'data'), WEB_DIST: web, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('message', (m) => (m.type === 'ready' ? resolve(m) : reject(new Error(`server: ${m.message}`))));
    child.once('exit', (code) => reject(new Error(`server exited with code ${code}`)));
  });
  const serverMs = performance.now() - t0;
  const origin = `http://127.0.0.1:${ready.port}`;
  const api = `${origin}${ready.apiBase}`;
  const login = await fetch(`${api}/sys/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }),
  }).then((r) => r.json());
  if (!login.success) throw new Error(`login refused: ${JSON.stringify(login)}`);
  const token = login.result.token;
  const get = async (p) => {
    const r = await fetch(`${api}${p}`, { headers: { 'x-access-token': token } }).then((x) => x.json());
    if (!r.success) throw new Error(`${p}: ${r.message}`);
    return r.result;
  };

  // ---- the baselines' data, from the same server ---------------------------------------------------
  t0 = performance.now();
  const users = [];
  let pages = 0;
  for (let pageNo = 1; ; pageNo++) {
    const page = await get(`/sys/user/queryUserComponentData?pageNo=${pageNo}&pageSize=1000`);
    pages++;
    users.push(...page.records.map((u) => [u.username, u.realname]));
    if (users.length >= page.total || !page.records.length) break;
  }
  fs.writeFileSync(path.join(web, 'users.json'), JSON.stringify(users));
  const usersFetchMs = performance.now() - t0;
  t0 = performance.now();
  let treeCalls = 0, treeNodes = 0;
  const level = async (query) => {
    treeCalls++;
    const nodes = await get(`/sys/category/loadTreeData?${query}`);
    treeNodes += nodes.length;
    return Promise.all(nodes.map(async (n) => ({ value: n.key, title: n.title, ...(n.leaf ? {} : { children: await level(`pid=${n.key}`) }) })));
  };
  const tree = await level('pcode=0');
  fs.writeFileSync(path.join(web, 'tree.json'), JSON.stringify(tree));
  const treeFetchMs = performance.now() - t0;
  const mb = (f) => (fs.statSync(path.join(web, f)).size / 1e6).toFixed(1);

  const cpus = os.cpus();
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\ndata (${DB === 'sqlite' ? 'SQLite, better-sqlite3' : `PostgreSQL ${databaseUrl.replace(/^.*\//, '')}`}): server up with data in ${s(serverMs)}, of which`);
  console.log(`  ${USERS.toLocaleString('en')} sys_user + sys_user_depart rows over ${ready.departs} seeded departments: ${s(ready.times.users)}`);
  console.log(`  ${ready.categories.toLocaleString('en')} sys_category rows (10 roots × 10 children × 99 leaves, codes from ${ready.firstRoot}): ${s(ready.times.categories)}; ANALYZE ${s(ready.times.analyze)}`);
  console.log(`  baseline users.json: ${users.length.toLocaleString('en')} users in ${pages} pages of /sys/user/queryUserComponentData?pageSize=1000: ${s(usersFetchMs)} (${mb('users.json')} MB)`);
  console.log(`  baseline tree.json: ${treeNodes.toLocaleString('en')} categories in ${treeCalls} /sys/category/loadTreeData calls: ${s(treeFetchMs)} (${mb('tree.json')} MB)`);

  // ---- the runs --------------------------------------------------------------------------------------
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const storageState = { cookies: [], origins: [{ origin, localStorage: [{ name: 'Access-Token', value: JSON.stringify({ value: token, expire: Date.now() + 86_400_000 }) }] }] };

  /** One timed step: arm the check in the page, act, wait for the page's figure. */
  async function step(page, name, check, act) {
    await page.evaluate(([n, c]) => (c ? window.__bench.arm(n, c[0], c[1]) : window.__bench.armPaint(n)), [name, check]);
    await act();
    await page.waitForFunction((n) => window.__bench.steps[n] || window.__bench.error, name, { timeout: 60_000, polling: 100 });
    return page.evaluate((n) => window.__bench.steps[n], name);
  }
  /** Waits (untimed) until a check holds, then lets the page settle. */
  async function until(page, check, args = {}) {
    await page.waitForFunction(([c, a]) => window.__bench.holds(c, a), [check, args], { timeout: 60_000, polling: 50 });
    await page.waitForTimeout(SETTLE);
  }
  const popup = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const switcherOf = (page, title) => popup(page).locator('.ant-select-tree-treenode')
    .filter({ has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }) }).locator('.ant-select-tree-switcher');
  const expectValue = async (input, v) => {
    const got = await input.inputValue();
    if (got !== v) throw new Error(`the search box holds "${got}", expected "${v}"`);
  };

  const FLOWS = {
    user: {
      widget: 'userPicker', baseline: 'userSelect',
      steps: ['open', 'key', 'search', 'depart', 'reopen'],
      async run(page, kind) {
        const r = {};
        if (kind === 'widget') {
          r.open = await step(page, 'open', ['rows'], () => page.getByRole('button', { name: '选择用户' }).click());
          await page.waitForTimeout(SETTLE);
          const box = page.getByLabel('用户账号');
          await box.click();
          r.key = await step(page, 'key', null, () => page.keyboard.press(USER_FRAGMENT[0]));
          await page.keyboard.type(USER_FRAGMENT.slice(1));
          await expectValue(box, USER_FRAGMENT);
          r.search = await step(page, 'search', ['rowsMatch', { column: '用户账号', text: USER_FRAGMENT }], () => page.keyboard.press('Enter'));
          await page.waitForTimeout(SETTLE);
          await Promise.all([page.waitForResponse((res) => res.url().includes('/queryUserComponentData')), page.getByRole('button', { name: /重\s*置/ }).click()]);
          await until(page, 'rows');
          r.depart = await step(page, 'depart', ['rowsMatch', { column: '部门编码', text: 'A02A01', exact: '1' }], () => page.locator('.ant-modal .ant-tree-title', { hasText: /^信息技术组$/ }).click());
          await page.getByRole('button', { name: /取\s*消/ }).click();
          await page.waitForFunction(() => !document.querySelector('.ant-modal'), null, { timeout: 10_000, polling: 50 });
          await page.waitForTimeout(SETTLE);
          r.reopen = await step(page, 'reopen', ['rows'], () => page.getByRole('button', { name: '选择用户' }).click());
        } else {
          r.open = await step(page, 'open', ['options'], () => page.locator('.ant-select-selector').click());
          await page.waitForTimeout(SETTLE);
          r.key = await step(page, 'key', null, () => page.keyboard.press(USER_FRAGMENT[0]));
          await page.keyboard.type(USER_FRAGMENT.slice(1, -1));
          await until(page, 'optionsMatch', { text: USER_FRAGMENT.slice(0, -1) });
          r.search = await step(page, 'search', ['optionsMatch', { text: USER_FRAGMENT }], () => page.keyboard.press(USER_FRAGMENT.at(-1)));
          await expectValue(page.locator('.ant-select-selection-search-input'), USER_FRAGMENT);
          await page.mouse.click(1000, 800); // outside: closes the dropdown and clears the search
          await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'), null, { timeout: 10_000, polling: 50 });
          await page.waitForTimeout(SETTLE);
          r.reopen = await step(page, 'reopen', ['options'], () => page.locator('.ant-select-selector').click());
          await expectValue(page.locator('.ant-select-selection-search-input'), '');
        }
        return r;
      },
    },
    category: {
      widget: 'catTree', baseline: 'catTreeSelect',
      steps: ['open', 'expand', 'expandLeaves', 'key', 'search'],
      async run(page) {
        const r = {};
        r.open = await step(page, 'open', ['node', { title: '大类1' }], () => page.locator('.ant-select-selector').click());
        await page.waitForTimeout(SETTLE);
        r.expand = await step(page, 'expand', ['node', { title: '中类1-1' }], () => switcherOf(page, '大类1').click());
        await page.waitForTimeout(SETTLE);
        r.expandLeaves = await step(page, 'expandLeaves', ['node', { title: '小类1-2-1' }], () => switcherOf(page, '中类1-2').click());
        await page.waitForTimeout(SETTLE);
        r.key = await step(page, 'key', null, () => page.keyboard.press(CATEGORY_FRAGMENT[0]));
        await page.keyboard.type(CATEGORY_FRAGMENT.slice(1, -1));
        await until(page, 'nodesMatch', { text: CATEGORY_FRAGMENT.slice(0, -1), keep: CATEGORY_ANCESTORS });
        r.search = await step(page, 'search', ['nodesMatch', { text: CATEGORY_FRAGMENT, keep: CATEGORY_ANCESTORS }], () => page.keyboard.press(CATEGORY_FRAGMENT.at(-1)));
        await expectValue(page.locator('.ant-select-selection-search-input'), CATEGORY_FRAGMENT);
        return r;
      },
    },
  };

  /** One fresh context: load the case, wait until it is mounted and quiet, run the flow. */
  async function once(flow, kind) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(`${origin}${ready.webBase}index.html?case=${FLOWS[flow][kind]}`);
      await page.waitForFunction(() => window.__bench?.ready || window.__bench?.error, null, { timeout: 60_000, polling: 50 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(SETTLE);
      const mountApi = await page.evaluate(() => window.__bench.requests(0).filter((q) => q.kind === 'api'));
      const r = await FLOWS[flow].run(page, kind);
      const { error, dataMs } = await page.evaluate(() => window.__bench);
      if (error) throw new Error(error);
      if (errors.length) throw new Error(`page error: ${errors[0]}`);
      return { ...r, dataMs, mountApi };
    } catch (e) {
      throw new Error(`${flow}/${kind}: ${e.message}`);
    } finally {
      await context.close();
    }
  }

  const res = {};
  for (let i = 0; i < ROUNDS; i++) {
    for (const flow of Object.keys(FLOWS)) {
      for (const kind of ['widget', 'baseline']) {
        const r = await once(flow, kind);
        const bucket = (res[flow] ??= {})[kind] ??= { steps: {}, dataMs: [], mountApi: [] };
        for (const st of FLOWS[flow].steps) if (r[st]) (bucket.steps[st] ??= []).push(r[st]);
        bucket.mountApi.push(...r.mountApi);
        if (r.dataMs !== undefined) bucket.dataMs.push(r.dataMs);
        console.log(`  round ${i + 1}/${ROUNDS} ${FLOWS[flow][kind].padEnd(14)} ${FLOWS[flow].steps.filter((st) => r[st]).map((st) => `${st} ${r[st].ms.toFixed(0)}`).join(', ')} ms`);
      }
    }
  }

  // ---- report ---------------------------------------------------------------------------------------
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const median = (xs) => { const v = sorted(xs); const m = v.length >> 1; return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2; };
  const p95 = (xs) => { const v = sorted(xs); return v[Math.min(v.length - 1, Math.ceil(0.95 * v.length) - 1)]; };
  const f0 = (x) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(0));
  const LABELS = {
    user: {
      open: 'user: click → first rows / options',
      key: 'user: 1st keystroke → next paint',
      search: 'user: search → matching rows / options',
      depart: 'user: department click → its rows',
      reopen: 'user: closed, click again → rows / options',
    },
    category: {
      open: 'category: click → root nodes',
      expand: 'category: expand root → 10 children',
      expandLeaves: 'category: expand child → 99 leaves',
      key: 'category: 1st keystroke → next paint',
      search: 'category: last keystroke → matches',
    },
  };
  console.log(`\npickers bench, ${new Date().toISOString().slice(0, 10)}: ${ROUNDS} fresh contexts per case, headless Chromium ${browser.version()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}`);
  console.log(`load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(' ')}, at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (a shared machine: other work runs at the same time; figures are noisy)`);
  console.log('times in ms: input event (pointerdown / keydown) → the paint after the expected DOM is there; ratio = widget / baseline medians;');
  console.log(`p95: nearest rank (with fewer than 20 runs, the slowest); task: the longest main-thread task (≥ 50 ms, Long Tasks API) in the step, max over the runs (0: none);`);
  console.log('API / JS: the widget\'s API calls / script chunks started within the step (median of the slowest one\'s duration)\n');
  const head = ['step', 'widget med', 'p95', 'task', 'API', 'JS', 'baseline med', 'p95', 'task', 'ratio'];
  const rows = [head];
  const width0 = Math.max(...Object.values(LABELS).flatMap((l) => Object.values(l).map((x) => x.length)));
  const timeline = [];
  for (const flow of Object.keys(FLOWS)) {
    for (const st of FLOWS[flow].steps) {
      const w = res[flow].widget.steps[st] ?? [];
      const b = res[flow].baseline.steps[st] ?? [];
      const wm = w.map((x) => x.ms), bm = b.map((x) => x.ms);
      const slowest = (kind) => (w.some((x) => x.requests.some((q) => q.kind === kind))
        ? f0(median(w.map((x) => Math.max(0, ...x.requests.filter((q) => q.kind === kind).map((q) => q.ms))))) : '—');
      const paths = [...new Set(w.flatMap((x) => x.requests.map((q) => q.path)))];
      const span = (p) => { const qs = w.flatMap((x) => x.requests.filter((q) => q.path === p)); return `${p.replace(/-[\w-]{8}\.js$/, '.js')} +${f0(median(qs.map((q) => q.at)))}…${f0(median(qs.map((q) => q.at + q.ms)))}`; };
      if (paths.length) timeline.push(`  ${LABELS[flow][st].padEnd(width0)} ${paths.map(span).join(', ')}; painted +${f0(median(wm))}`);
      rows.push([LABELS[flow][st], f0(median(wm)), f0(p95(wm)), f0(Math.max(...w.map((x) => x.longTask))), slowest('api'), slowest('js'),
        bm.length ? f0(median(bm)) : 'n/a', bm.length ? f0(p95(bm)) : '', bm.length ? f0(Math.max(...b.map((x) => x.longTask))) : '',
        bm.length ? `${(median(wm) / median(bm)).toFixed(2)}×` : '']);
    }
  }
  const width = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [n, r] of rows.entries()) {
    console.log(r.map((x, i) => (i === 0 ? x.padEnd(width[i]) : x.padStart(width[i]))).join('  '));
    if (n === 0) console.log(width.map((x) => '-'.repeat(x)).join('  '));
  }
  console.log([
    '',
    'steps: user search = widget: the account fragment typed, then Enter (one request); baseline: the fragment\'s last keystroke (local filter);',
    '  department = the widget only (the plain Select has no department filter); category search = the last keystroke of the fragment; the widget',
    `  filters only the nodes it has loaded (here 大类1 › 中类1-2 were expanded first, as in the baseline); fragments "${USER_FRAGMENT}" and "${CATEGORY_FRAGMENT}"`,
    `baseline data into the page (fetch + JSON parse + options, before any step): users.json ${f0(median(res.user.baseline.dataMs))} ms, tree.json ${f0(median(res.category.baseline.dataMs))} ms (medians)`,
    'widget requests per step (medians, ms after the input event: requested…answered):',
    ...timeline,
    `widget API calls at mount (before any step): ${Object.keys(FLOWS).map((flow) => {
      const calls = res[flow].widget.mountApi;
      const paths = [...new Set(calls.map((q) => q.path))];
      return `${FLOWS[flow].widget}: ${paths.length ? paths.map((p) => `${p} (median ${f0(median(calls.filter((q) => q.path === p).map((q) => q.ms)))} ms)`).join(', ') : 'none'}`;
    }).join('; ')}`,
  ].join('\n'));
} catch (e) {
  console.error(e.stack ?? String(e));
  process.exitCode = 1;
} finally {
  await cleanup();
}
