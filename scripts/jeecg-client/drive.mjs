// Drives the stock JeecgBoot Vue 2 client (jeecgboot/ant-design-vue-jeecg 3.4.3) in Chromium against
// this server (issue 41): logs in as admin, opens every page of the menu the server hands the client
// (getUserPermissionByToken), and records per page whether it opened, its error/warning toasts and the
// API calls that failed (HTTP ≥ 400 or success:false). Then it works the system forms the issue names —
// 添加用户 (with a role and a department), 字典项新增, 部门权限, 部门角色 add + 授权, both recycle bins —
// through the client's own screens, checking each effect through this server's API.
//
// Build the client (only its configuration changed), outside this repository:
//   git clone <ant-design-vue-jeecg> /tmp/jeecg-client && cd /tmp/jeecg-client && git checkout v3.4.3
//   sed -i 's#^VUE_APP_API_BASE_URL=.*#VUE_APP_API_BASE_URL=/jeecg-boot#' .env.production
//   # the registry no longer has @jeecg/antd-online-mini 3.4.3-beta1: package.json takes 3.4.3-beta2
//   npm install && npm install --no-save webpack@4.43          # its lockfile hoists webpack 3
//   NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build   # → dist/
// Serve dist/ with /jeecg-boot/ proxied to this server (nginx: `try_files $uri /index.html` for the
// client's history routes; `proxy_pass http://127.0.0.1:$PORT` with Upgrade headers for the bell's socket),
// and start this server fresh: `PORT=… DATA_DIR=$(mktemp -d) LOGIN_CAPTCHA=off npm start`.
// Run:   node scripts/jeecg-client/drive.mjs http://127.0.0.1:<nginx port> [report.json]
// Env:   ADMIN_PASSWORD (default Admin@2025), API_URL (default <client>/jeecg-boot), HEADFUL=1,
//        SKIP_PAGES=1 (the actions only), SKIP_FORMS=1 (pages without opening their add and edit forms).
// Prints a markdown table per page and per action; exits 1 when an action's effect is missing.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const client = (process.argv[2] ?? process.env.CLIENT_URL ?? '').replace(/\/$/, '');
if (!client) {
  console.error('usage: node scripts/jeecg-client/drive.mjs <client url> [report.json]');
  process.exit(2);
}
const reportFile = process.argv[3];
const api = (process.env.API_URL ?? `${client}/jeecg-boot`).replace(/\/$/, '');
const password = process.env.ADMIN_PASSWORD ?? 'Admin@2025';
const stamp = Date.now().toString(36);

// ---- this server's API, for setup and for checking what the client's forms did ----
let apiToken;
async function call(method, path, body) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(apiToken ? { 'X-Access-Token': apiToken } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return json;
}
const get = (path) => call('GET', path);
async function apiLogin() {
  const res = await call('POST', '/sys/login', { username: 'admin', password, captcha: 'none', checkKey: 'none' });
  if (!res.success) throw new Error(`API login failed: ${res.message}`);
  apiToken = res.result.token;
  return res.result;
}

// ---- what the browser shows and calls, attributed to the page or action being driven ----
let current = { label: 'login', toasts: [], failed: [], errors: [] };
const records = [];
const inflight = new Set();
let menuJson;

function begin(label, extra = {}) {
  current = { label, toasts: [], failed: [], errors: [], writes: [], ...extra };
  records.push(current);
  return current;
}

const TOAST_WATCH = () => {
  window.__toasts = [];
  const pick = [
    ['.ant-message-error', 'error'], ['.ant-message-warning', 'warning'],
    ['.ant-notification-notice-icon-error', 'error'], ['.ant-notification-notice-icon-warning', 'warning'],
    ['.ant-notification-notice-error', 'error'], ['.ant-modal-confirm-error', 'error'],
  ];
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const [sel, kind] of pick) {
          for (const el of [node, ...node.querySelectorAll(sel)]) {
            if (!el.matches(sel)) continue;
            const box = el.closest('.ant-notification-notice, .ant-message-notice, .ant-modal-confirm') ?? el;
            window.__toasts.push({ kind, el: box });
          }
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
};

async function collectToasts(page) {
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => {
    const out = (window.__toasts ?? []).map((t) => ({ kind: t.kind, text: t.el.textContent.replace(/\s+/g, ' ').trim() }));
    window.__toasts = [];
    return out;
  }).catch(() => []);
  current.toasts.push(...found);
}

async function settle(page, quietMs = 700, maxMs = 15000) {
  const start = Date.now();
  let quietSince = Date.now();
  while (Date.now() - start < maxMs) {
    await page.waitForTimeout(100);
    if (inflight.size) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
  }
  await collectToasts(page);
}

function watch(page) {
  page.on('request', (req) => { if (req.url().includes('/jeecg-boot/')) inflight.add(req); });
  page.on('requestfailed', (req) => {
    inflight.delete(req);
    if (req.url().includes('/jeecg-boot/')) current.failed.push({ url: shortUrl(req.url()), status: 'failed', message: req.failure()?.errorText });
  });
  page.on('response', async (res) => {
    const req = res.request();
    const url = res.url();
    const rec = current;
    try {
      if (!url.includes('/jeecg-boot/')) {
        if (res.status() >= 400 && !url.includes('/favicon')) rec.failed.push({ url: shortUrl(url), status: res.status(), message: 'not served by the client host' });
        return;
      }
      let json;
      if ((res.headers()['content-type'] ?? '').includes('json')) json = await res.json().catch(() => undefined);
      if (url.includes('getUserPermissionByToken') && json?.success) menuJson = json.result;
      if (['POST', 'PUT', 'DELETE'].includes(req.method()) && rec.writes) rec.writes.push({ method: req.method(), url: shortUrl(url), ok: res.status() < 400 && json?.success !== false });
      if (res.status() >= 400 || json?.success === false) {
        rec.failed.push({ url: shortUrl(url), method: req.method(), status: res.status(), message: json?.message ?? '' });
      }
    } finally {
      inflight.delete(req);
    }
  });
  page.on('pageerror', (err) => current.errors.push(String(err.message ?? err).slice(0, 200)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') current.errors.push(msg.text().slice(0, 200));
  });
}

function shortUrl(url) {
  const u = new URL(url);
  const params = [...u.searchParams.keys()].filter((k) => k !== '_t');
  return u.pathname.replace(/^\/jeecg-boot/, '') + (params.length ? `?${params.join('&')}` : '');
}

// ---- the menu's pages ----
function menuPages(menu, trail = []) {
  const pages = [];
  for (const m of menu ?? []) {
    const title = [...trail, m.meta?.title ?? m.name].join(' › ');
    if (m.children?.length) pages.push(...menuPages(m.children, [...trail, m.meta?.title ?? m.name]));
    else if (!m.path.includes(':') && !/^https?:/.test(m.meta?.url ?? '')) pages.push({ title, path: m.path, component: m.component, hidden: !!m.hidden });
  }
  return pages;
}

async function routeTo(page, path) {
  return page.evaluate(async (p) => {
    const app = document.getElementById('app').__vue__;
    try {
      await app.$router.push(p);
    } catch (e) {
      if (e && !/redundant navigation|NavigationDuplicated/.test(`${e.name} ${e.message}`)) return String(e.message ?? e);
    }
    return null;
  }, path);
}

async function pageOpened(page, path) {
  return page.evaluate((p) => {
    const route = document.getElementById('app').__vue__.$route;
    const last = route.matched[route.matched.length - 1];
    return route.path === p && !!last?.instances?.default;
  }, path);
}

// ---- helpers for the client's widgets ----
const visible = (page, sel) => page.locator(`${sel}:visible`);
async function clickText(scope, text, opts = {}) {
  await scope.getByText(text, { exact: opts.exact ?? true }).first().click();
}
async function confirmPop(page) {
  await page.locator('.ant-popover:visible .ant-btn-primary').last().click();
}
async function confirmModal(page) {
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary:visible').last().click();
}
async function closeModal(page) {
  await page.locator('.ant-modal-close:visible').last().click();
  await page.waitForTimeout(400);
}
async function fill(scope, placeholder, value) {
  await scope.locator(`input[placeholder="${placeholder}"]:visible`).first().fill(value);
}
async function openMenuPage(page, path) {
  await routeTo(page, path);
  await settle(page);
}

// Each page's own add and edit forms: opened (the first row's 编辑) and closed, their calls recorded.
async function closeOverlays(page) {
  for (let i = 0; i < 3; i++) {
    const close = page.locator('.ant-drawer-close:visible, .ant-modal-close:visible');
    if (!(await close.count())) return;
    await close.last().click({ timeout: 3000 }).catch(() => page.keyboard.press('Escape'));
    await page.waitForTimeout(400);
  }
}
async function probeForms(page, rec) {
  const opened = [];
  const add = page.locator('.table-operator:visible button, .table-operator:visible .ant-btn').filter({ hasText: /^\s*(新增|添加|新建)/ });
  if (await add.count()) {
    try {
      await add.first().click({ timeout: 3000 });
      await settle(page);
      opened.push(`form ${(await add.first().textContent()).trim()}`);
    } catch (e) {
      rec.errors.push(`add form: ${e.message.split('\n')[0]}`);
    }
    await closeOverlays(page);
  }
  // The first row's 编辑, saved unchanged: the client sends the row back as its form holds it.
  const edit = page.locator('.ant-table-row:visible a:visible').filter({ hasText: /^\s*编辑\s*$/ });
  if (await edit.count()) {
    try {
      await edit.first().click({ timeout: 3000 });
      await settle(page);
      const submit = page.locator('.ant-modal-footer:visible .ant-btn-primary, .ant-drawer-content:visible .ant-btn-primary')
        .filter({ hasText: /^\s*(确\s*定|提\s*交|保\s*存|保存并关闭)\s*$/ });
      if (!(await submit.count())) opened.push('form 编辑 (no save button)');
      else {
        const before = rec.writes.length;
        await submit.last().click({ timeout: 3000 });
        await settle(page);
        const writes = rec.writes.slice(before);
        const invalid = writes.length ? [] : await page.locator('.ant-form-explain:visible, .ant-form-item-explain:visible').allTextContents();
        opened.push(writes.length ? `form 编辑 saved (${writes.map((w) => `${w.method} ${w.url} ${w.ok ? 'ok' : 'refused'}`).join(', ')})`
          : `form 编辑: no save request${invalid.length ? ` (the form says: ${invalid.join(' / ')})` : ''}`);
        if (!writes.length) await page.screenshot({ path: `/tmp/jeecg-drive-edit-${rec.path.replace(/\W+/g, '_')}.png` }).catch(() => {});
      }
    } catch (e) {
      rec.errors.push(`edit form: ${e.message.split('\n')[0]}`);
    }
    await closeOverlays(page);
  }
  await settle(page, 300);
  rec.forms = opened;
}

// ---- the actions ----
const checks = [];
let step = '';
const at = (name) => { step = name; };
async function action(page, label, fn) {
  const rec = begin(`action: ${label}`, { action: true });
  let ok = false;
  let note = '';
  try {
    note = (await fn()) ?? '';
    ok = true;
  } catch (e) {
    note = String(e.message ?? e).split('\n')[0].slice(0, 300);
    note = `${step}: ${note}`;
    await page.screenshot({ path: `/tmp/jeecg-drive-${checks.length + 1}.png` }).catch(() => {});
  }
  await settle(page);
  rec.ok = ok;
  rec.note = note;
  checks.push({ label, ok, note });
  await page.keyboard.press('Escape').catch(() => {});
}
function expect(cond, message) {
  if (!cond) throw new Error(message);
}

async function addUser(page) {
  await openMenuPage(page, '/isystem/user');
  await clickText(page.locator('.table-operator:visible'), '添加用户');
  const drawer = visible(page, '.ant-drawer-content');
  await drawer.waitFor();
  const username = `drive${stamp}`;
  await fill(drawer, '请输入用户账号', username);
  await fill(drawer, '请输入登录密码', 'Drive@2025x');
  await fill(drawer, '请重新输入登录密码', 'Drive@2025x');
  await fill(drawer, '请输入用户姓名', `驱动${stamp}`);
  await fill(drawer, '请输入工号', `D${stamp}`);
  await fill(drawer, '请输入手机号码', `139${String(Date.now()).slice(-8)}`);
  // 角色分配: the first role the select offers
  await drawer.locator('.ant-form-item').filter({ hasText: '角色分配' }).locator('.ant-select').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-dropdown-menu-item').first();
  const roleName = (await option.textContent()).trim();
  await option.click();
  await page.keyboard.press('Escape');
  // 部门分配: the department picker's first node
  await drawer.locator('input[placeholder="请点击选择部门"]').click();
  const picker = visible(page, '.ant-modal-content').filter({ hasText: '选择部门' });
  await picker.locator('.ant-tree-checkbox').first().waitFor();
  await settle(page);
  const departName = (await picker.locator('.ant-tree-node-content-wrapper').first().textContent()).trim();
  await picker.locator('.ant-tree-checkbox').first().click();
  await picker.getByRole('button', { name: /确\s*认|确\s*定/ }).last().click();
  await drawer.getByRole('button', { name: /提\s*交/ }).click();
  await settle(page);
  const list = await get(`/sys/user/list?username=${username}&pageNo=1&pageSize=10`);
  const user = list.result?.records?.find((u) => u.username === username);
  expect(user, `user ${username} not found through the API`);
  const roles = await get(`/sys/user/queryUserRole?userid=${user.id}`);
  const departs = await get(`/sys/user/userDepartList?userId=${user.id}`);
  expect(roles.result?.length === 1, `roles of the new user: ${JSON.stringify(roles.result)}`);
  expect(departs.result?.some((d) => d.title === departName || d.departName === departName), `departments of the new user: ${JSON.stringify(departs.result)}`);
  return `${username} saved with role ${roleName} and department ${departName}`;
}

async function addDictItem(page) {
  await openMenuPage(page, '/isystem/dict');
  const card = visible(page, '.ant-card').first();
  await fill(card, '请输入字典编号', 'sex');
  await clickText(card, '查询', { exact: false });
  await settle(page);
  await card.locator('.ant-table-row').first().getByText('字典配置').click();
  const drawer = visible(page, '.ant-drawer-content').filter({ hasText: '字典列表' });
  await drawer.waitFor();
  await settle(page);
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  const modal = visible(page, '.ant-modal-content').filter({ hasText: '数据值' });
  await fill(modal, '请输入名称', `驱动项${stamp}`);
  await fill(modal, '请输入数据值', `d${stamp}`);
  await modal.locator('.ant-input-number input').fill('5');
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await settle(page);
  const dict = (await get('/sys/dict/list?dictCode=sex&pageNo=1&pageSize=10')).result.records.find((d) => d.dictCode === 'sex');
  const items = await get(`/sys/dictItem/list?dictId=${dict.id}&pageNo=1&pageSize=100`);
  const item = items.result?.records?.find((i) => i.itemValue === `d${stamp}`);
  expect(item, 'dictionary item not found through the API');
  expect(item.sortOrder === 5 && Number(item.status) === 1, `item saved as ${JSON.stringify(item)}`);
  return `sex item d${stamp} saved (sortOrder 5, status 1)`;
}

async function departPermission(page, depart) {
  await openMenuPage(page, '/isystem/depart');
  const tree = visible(page, '.ant-tree').first();
  await tree.getByText(depart.departName, { exact: true }).first().click();
  await settle(page);
  await visible(page, '.ant-tabs-tab').filter({ hasText: '部门权限' }).click();
  await settle(page);
  const pane = visible(page, '.ant-tabs-tabpane-active');
  const node = pane.locator('.ant-tree-treenode-switcher-close, .ant-tree-treenode-switcher-open, li').filter({ hasText: '系统管理' }).first();
  // 系统管理 ends ticked (a second run finds it ticked by the first: the click then unticks it)
  const box = node.locator('.ant-tree-checkbox').first();
  await box.click();
  if (!(await box.getAttribute('class')).includes('ant-tree-checkbox-checked')) await box.click();
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await settle(page);
  const granted = await get(`/sys/permission/queryDepartPermission?departId=${depart.id}`);
  expect(Array.isArray(granted.result) && granted.result.length > 0, `department permissions: ${JSON.stringify(granted)}`);
  return `${granted.result.length} menus and buttons granted to ${depart.departName}`;
}

async function departEdit(page, depart) {
  await openMenuPage(page, '/isystem/depart');
  await visible(page, '.ant-tree').first().getByText(depart.departName, { exact: true }).first().click();
  await settle(page);
  await visible(page, '.ant-tabs-tab').filter({ hasText: '基本信息' }).click();
  const writes = current.writes.length;
  await visible(page, '.ant-tabs-tabpane-active').getByRole('button', { name: /保\s*存/ }).click();
  await settle(page);
  const saved = current.writes.slice(writes);
  expect(saved.some((w) => w.ok), `saving 基本信息: ${JSON.stringify(saved)}`);
  return `${depart.departName} saved unchanged (${saved.map((w) => `${w.method} ${w.url}`).join(', ')})`;
}

async function departRole(page, depart) {
  await openMenuPage(page, '/isystem/departUser');
  const tree = visible(page, '.ant-tree').first();
  await tree.getByText(depart.departName, { exact: true }).first().click();
  await settle(page);
  await visible(page, '.ant-tabs-tab').filter({ hasText: '部门角色' }).click();
  await settle(page);
  const pane = visible(page, '.ant-tabs-tabpane-active');
  await pane.getByRole('button', { name: /新建部门角色/ }).click();
  const modal = visible(page, '.ant-modal-content').filter({ hasText: '部门角色编码' });
  const code = `drive_${stamp}`;
  await fill(modal, '请输入部门角色名称', `驱动角色${stamp}`);
  await fill(modal, '请输入部门角色编码', code);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await settle(page);
  const roles = await get(`/sys/sysDepartRole/list?deptId=${depart.id}&pageNo=1&pageSize=50`);
  const role = roles.result?.records?.find((r) => r.roleCode === code);
  expect(role, `department role ${code} not found through the API: ${JSON.stringify(roles).slice(0, 200)}`);
  // 授权: the row's 更多 › 授权, tick the first menu, 保存并关闭
  const row = pane.locator('.ant-table-row').filter({ hasText: code });
  await row.getByText('更多').hover();
  await visible(page, '.ant-dropdown-menu-item').filter({ hasText: '授权' }).click();
  const drawer = visible(page, '.ant-drawer-content').filter({ hasText: '部门角色权限配置' });
  await drawer.locator('.ant-tree-checkbox').first().waitFor();
  await settle(page);
  await drawer.locator('.ant-tree-checkbox').first().click();
  await drawer.getByRole('button', { name: /保存并关闭/ }).click();
  await settle(page);
  const granted = await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`);
  expect(Array.isArray(granted.result) && granted.result.length > 0, `department role permissions: ${JSON.stringify(granted)}`);
  return `${code} added to ${depart.departName}, ${granted.result.length} permissions granted`;
}

async function deleteUserRow(page, username) {
  await openMenuPage(page, '/isystem/user');
  const card = visible(page, '.ant-card').first();
  await card.locator('.table-page-search-wrapper input').first().fill(username);
  await clickText(card, '查询', { exact: false });
  await settle(page);
  const row = card.locator('.ant-table-row').filter({ hasText: username });
  await row.getByText('更多').hover();
  await visible(page, '.ant-dropdown-menu-item').filter({ hasText: /^删除$/ }).click();
  await confirmPop(page);
  await settle(page);
}

async function userRecycleBin(page) {
  const username = `bin${stamp}`;
  const added = await call('POST', '/sys/user/add', {
    username, realname: `回收${stamp}`, password: 'Drive@2025x', phone: `138${String(Date.now()).slice(-8)}`, workNo: `B${stamp}`,
    selectedroles: '', selecteddeparts: '',
  });
  expect(added.success, `setup: adding ${username} failed: ${added.message}`);
  const inBin = async () => (await get('/sys/user/recycleBin')).result?.some((u) => u.username === username);
  const inList = async () => (await get(`/sys/user/list?username=${username}&pageNo=1&pageSize=10`)).result?.records?.some((u) => u.username === username);
  const openBin = async () => {
    await openMenuPage(page, '/isystem/user');
    await clickText(visible(page, '.table-operator'), '回收站');
    const modal = visible(page, '.ant-modal-content').filter({ hasText: '用户回收站' });
    await modal.waitFor();
    await settle(page);
    return modal.locator('.ant-table-row').filter({ hasText: username });
  };
  at('delete the user');
  await deleteUserRow(page, username);
  expect(await inBin(), 'the deleted user is not in the recycle bin');
  at('还原用户');
  await (await openBin()).getByText('还原用户').click();
  await confirmModal(page);
  await settle(page);
  expect(await inList(), 'restored user not back in the list');
  expect(!(await inBin()), 'restored user still in the recycle bin');
  await closeModal(page);
  at('delete the user again');
  await deleteUserRow(page, username);
  at('彻底删除 the user');
  await (await openBin()).getByText('彻底删除').click();
  await confirmModal(page);
  await settle(page);
  expect(!(await inBin()) && !(await inList()), 'purged user still listed or in the bin');
  return `${username} deleted, restored, deleted and purged`;
}

async function dictRecycleBin(page) {
  const code = `drive_bin_${stamp}`;
  await openMenuPage(page, '/isystem/dict');
  const card = visible(page, '.ant-card').first();
  await clickText(card.locator('.table-operator'), '添加', { exact: false });
  const modal = visible(page, '.ant-modal-content').filter({ hasText: '字典编码' });
  await fill(modal, '请输入字典名称', `驱动字典${stamp}`);
  await fill(modal, '请输入字典编码', code);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await settle(page);
  const inList = async () => (await get(`/sys/dict/list?dictCode=${code}&pageNo=1&pageSize=10`)).result?.records?.some((d) => d.dictCode === code);
  const inBin = async () => (await get('/sys/dict/deleteList')).result?.some((d) => d.dictCode === code);
  expect(await inList(), `dictionary ${code} not created`);
  const deleteRow = async () => {
    await fill(card, '请输入字典编号', code);
    await clickText(card, '查询', { exact: false });
    await settle(page);
    await card.locator('.ant-table-row').filter({ hasText: code }).getByText('删除').click();
    await confirmPop(page);
    await settle(page);
  };
  const openBin = async () => {
    await clickText(card.locator('.table-operator'), '回收站', { exact: false });
    const bin = visible(page, '.ant-modal-content').filter({ hasText: '字典取回' });
    await bin.waitFor();
    await settle(page);
    return bin.locator('.ant-table-row').filter({ hasText: code });
  };
  at('delete the dictionary');
  await deleteRow();
  expect(await inBin(), 'the deleted dictionary is not in the recycle bin');
  at('字典取回');
  await (await openBin()).getByText('字典取回').click();
  await settle(page);
  expect(await inList(), 'restored dictionary not back in the list');
  await closeModal(page);
  at('delete the dictionary again');
  await deleteRow();
  at('彻底删除 the dictionary');
  await (await openBin()).getByText('彻底删除').click();
  await confirmModal(page);
  await settle(page);
  expect(!(await inBin()) && !(await inList()), 'purged dictionary still listed or in the bin');
  return `${code} added, deleted, restored, deleted and purged`;
}

// ---- run ----
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: !process.env.HEADFUL });
const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
await context.addInitScript(TOAST_WATCH);
const page = await context.newPage();
page.setDefaultTimeout(15000);
watch(page);

let exitCode = 0;
try {
  await apiLogin();
  // 我的部门 and 部门角色 are a 上级's: admin becomes 上级 of the first top department before logging in.
  const tree = await get('/sys/sysDepart/queryTreeList');
  const depart = tree.result[0];
  const me = (await get('/sys/user/list?username=admin&pageNo=1&pageSize=1')).result.records[0];
  const edited = await call('PUT', '/sys/user/edit', { ...me, userIdentity: 2, departIds: depart.id });
  if (!edited.success) console.error(`setup: admin as 上级 of ${depart.departName} failed: ${edited.message}`);

  begin('登录');
  await page.goto(`${client}/user/login`);
  await fill(page, '请输入帐户名 / admin', 'admin');
  await fill(page, '请输入密码 / 123456', password);
  await fill(page, '请输入验证码', '0000');
  await page.locator('button.login-button').click();
  const chooser = page.locator('.ant-modal-content:visible').filter({ hasText: '请选择登录部门' });
  await Promise.race([page.waitForURL((u) => !u.pathname.startsWith('/user/'), { timeout: 20000 }), chooser.waitFor({ timeout: 20000 })]);
  if (await chooser.isVisible()) {
    current.note = 'department chosen in the login modal';
    await chooser.locator('.ant-select').last().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-dropdown-menu-item').first().click();
    await chooser.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/'), { timeout: 20000 });
  }
  await settle(page, 1000);
  current.opened = true;

  for (const p of process.env.SKIP_PAGES ? [] : menuPages(menuJson?.menu)) {
    const rec = begin(p.title, { path: p.path, component: p.component, hidden: p.hidden });
    const routeError = await routeTo(page, p.path);
    await settle(page);
    rec.opened = !routeError && (await pageOpened(page, p.path).catch(() => false));
    if (routeError) rec.errors.push(routeError);
    if (rec.opened && !process.env.SKIP_FORMS) await probeForms(page, rec);
  }

  await action(page, '添加用户', () => addUser(page));
  await action(page, '字典项新增', () => addDictItem(page));
  await action(page, '部门管理 基本信息 保存', () => departEdit(page, depart));
  await action(page, '部门权限 保存', () => departPermission(page, depart));
  await action(page, '部门角色 新建 + 授权', () => departRole(page, depart));
  await action(page, '用户回收站 还原 / 彻底删除', () => userRecycleBin(page));
  await action(page, '字典回收站 取回 / 彻底删除', () => dictRecycleBin(page));
} catch (e) {
  console.error(e);
  exitCode = 2;
} finally {
  await browser.close();
}

// ---- report ----
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const uniq = (xs) => [...new Set(xs)];
console.log('| page | path | opened | toasts | failed calls | notes |\n| --- | --- | --- | --- | --- | --- |');
for (const r of records.filter((r) => !r.action)) {
  const toasts = uniq(r.toasts.map((t) => `${t.kind}: ${t.text}`));
  const failed = uniq(r.failed.map((f) => `${f.method ?? ''} ${f.url} → ${f.status}${f.message ? ` ${f.message}` : ''}`.trim()));
  const notes = uniq([...(r.note ? [r.note] : []), ...(r.forms?.length ? [r.forms.join(', ')] : []), ...r.errors.filter((e) => /Cannot find module|Loading chunk|TypeError|Error|form:/.test(e)).map((e) => e.slice(0, 120))]);
  console.log(`| ${cell(r.label)} | ${cell(r.path ?? '')} | ${r.opened ? 'yes' : 'no'} | ${cell(toasts.join('; ') || '—')} | ${cell(failed.join('; ') || '—')} | ${cell(notes.slice(0, 3).join('; '))} |`);
}
console.log('\n| action | works | toasts | failed calls | result |\n| --- | --- | --- | --- | --- |');
for (const r of records.filter((r) => r.action)) {
  const toasts = uniq(r.toasts.map((t) => `${t.kind}: ${t.text}`));
  const failed = uniq(r.failed.map((f) => `${f.method ?? ''} ${f.url} → ${f.status}${f.message ? ` ${f.message}` : ''}`.trim()));
  console.log(`| ${cell(r.label.replace(/^action: /, ''))} | ${r.ok ? 'yes' : 'no'} | ${cell(toasts.join('; ') || '—')} | ${cell(failed.join('; ') || '—')} | ${cell(r.note)} |`);
}
if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(records, null, 2));
if (checks.some((c) => !c.ok) && !exitCode) exitCode = 1;
process.exit(exitCode);
