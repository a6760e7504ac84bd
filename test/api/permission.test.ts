import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface MenuSeed { name: string; url: string; hidden?: boolean; children?: MenuSeed[]; buttons?: { name: string; perms: string }[] }
const seedMenus = JSON.parse(fs.readFileSync('schemas/seed/menus.json', 'utf8')) as MenuSeed[];
const flatSeed = (list: MenuSeed[]): MenuSeed[] => list.flatMap((m) => [m, ...flatSeed(m.children ?? [])]);
const seedButtons = flatSeed(seedMenus).flatMap((m) => m.buttons ?? []);

interface Node { id: string; route: string; path: string; name: string; component: string | null; hidden?: boolean; meta: any; children?: Node[] }
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe(`getUserPermissionByToken [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: { menu: Node[]; auth: any[]; allAuth: any[]; sysSafeMode: boolean };
  beforeAll(async () => {
    s = await startServer();
    admin = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: await s.login('admin') }));
  });
  afterAll(async () => { await s?.close(); });

  const permissionsOf = async (username: string) =>
    expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: await s.login(username) }));

  it('answers {menu, auth, allAuth, sysSafeMode}', () => {
    expect(Object.keys(admin).sort()).toEqual(['allAuth', 'auth', 'menu', 'sysSafeMode']);
    expect(admin.sysSafeMode).toBe(false);
    expect(Array.isArray(admin.menu)).toBe(true);
  });

  it('every menu node has the contract shape', () => {
    const all = flatten(admin.menu);
    expect(all.length).toBeGreaterThan(20);
    for (const n of all) {
      const ctx = JSON.stringify(n).slice(0, 200);
      expect(typeof n.id, ctx).toBe('string');
      expect(['0', '1'], ctx).toContain(n.route);
      expect(typeof n.path, ctx).toBe('string');
      expect(n.path.startsWith('/') || /^[0-9a-f]{32}$/.test(n.path), ctx).toBe(true);
      expect(typeof n.name, ctx).toBe('string');
      expect(n.name, ctx).not.toMatch(/[/:]/);
      expect(n.component === null || typeof n.component === 'string', ctx).toBe(true);
      expect(typeof n.meta, ctx).toBe('object');
      if (n.hidden !== undefined) expect(n.hidden, ctx).toBe(true);
      if (n.hidden) expect(n.meta.hideMenu, ctx).toBe(true);
      else {
        expect(typeof n.meta.title, ctx).toBe('string');
        expect(n.meta, ctx).not.toHaveProperty('hideMenu');
      }
      if (n.children) expect(n.children.length, ctx).toBeGreaterThan(0);
    }
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
  });

  it('the administrator sees the whole seeded menu tree, in seed order', () => {
    expect(admin.menu.map((n) => n.meta.title ?? n.name)).toEqual(seedMenus.map((m) => m.name));
    expect(flatten(admin.menu)).toHaveLength(flatSeed(seedMenus).length);
  });

  it('includes 系统管理 with its children', () => {
    const sys = admin.menu.find((n) => n.meta.title === '系统管理')!;
    expect(sys).toMatchObject({ route: '1', path: '/isystem', name: 'isystem', component: 'layouts/RouteView', meta: { title: '系统管理', icon: 'setting', keepAlive: false, internalOrExternal: false } });
    expect(sys).toHaveProperty('redirect');
    const user = sys.children!.find((c) => c.meta.title === '用户管理')!;
    expect(user).toMatchObject({ route: '1', path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', meta: { title: '用户管理', componentName: 'UserList', icon: 'user' } });
    expect(user).not.toHaveProperty('redirect');
    expect(sys.children!.map((c) => c.meta.title)).toEqual(seedMenus.find((m) => m.name === '系统管理')!.children!.map((c) => c.name));
  });

  it('the home page comes first with its component name', () => {
    expect(admin.menu[0]).toMatchObject({ path: '/dashboard/analysis', name: 'Analysis', component: 'dashboard/Analysis', meta: { title: '首页', componentName: 'Analysis' } });
  });

  it('hidden entries carry hidden:true and meta.hideMenu; route names follow the :param → @param rule', () => {
    const all = flatten(admin.menu);
    const hiddenSeed = flatSeed(seedMenus).filter((m) => m.hidden);
    expect(hiddenSeed.length).toBeGreaterThan(0);
    for (const h of hiddenSeed) {
      const node = all.find((n) => n.path === h.url)!;
      expect(node, h.url).toBeDefined();
      expect(node.hidden).toBe(true);
      expect(node.meta.hideMenu).toBe(true);
    }
    const auto = all.find((n) => n.path === '/online/cgformList/:code')!;
    expect(auto).toMatchObject({ hidden: true, name: 'OnlCgformAutoList', meta: { title: 'AUTO在线表单', hideMenu: true } });
    const account = admin.menu.find((n) => n.path === '/account/settings/base')!;
    expect(account).toMatchObject({ hidden: true, name: 'account-settings-base' });
    const center = admin.menu.find((n) => n.path === '/account/center')!;
    expect(center.name).toBe('account-center');
    // visible entries have no hidden key at all
    expect(admin.menu.find((n) => n.meta.title === '系统管理')).not.toHaveProperty('hidden');
  });

  it('buttons never appear as menu nodes', () => {
    const titles = new Set(flatten(admin.menu).map((n) => n.meta.title));
    expect(seedButtons.length).toBeGreaterThan(0);
    for (const b of seedButtons) expect(titles.has(b.name), b.name).toBe(false);
    for (const n of flatten(admin.menu)) expect(n.path).not.toBe('');
  });

  it('auth lists the user’s own buttons, with system:user:add for the administrator', () => {
    expect(admin.auth).toContainEqual({ action: 'system:user:add', type: '1', describe: '添加用户' });
    expect(admin.auth.map((a) => a.action).sort()).toEqual(seedButtons.map((b) => b.perms).sort());
    for (const a of admin.auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
  });

  it('allAuth lists every button with its status', () => {
    expect(admin.allAuth).toHaveLength(seedButtons.length);
    expect(admin.allAuth).toContainEqual({ action: 'system:user:add', status: '1', type: '1', describe: '添加用户' });
    for (const a of admin.allAuth) {
      expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'status', 'type']);
      expect(['0', '1']).toContain(a.status);
    }
  });

  it('an inactive button (status 0) shows in allAuth with status 0 and leaves auth', async () => {
    await s.db.updateTable('sysPermission').set({ status: '0' }).where('perms', '=', 'system:user:delete').execute();
    const p = await permissionsOf('admin');
    expect(p.allAuth).toContainEqual(expect.objectContaining({ action: 'system:user:delete', status: '0' }));
    expect(p.auth.map((a: any) => a.action)).not.toContain('system:user:delete');
    await s.db.updateTable('sysPermission').set({ status: '1' }).where('perms', '=', 'system:user:delete').execute();
  });

  it('the applicant sees 我的项目 but not 系统管理, and the same allAuth', async () => {
    const p = await permissionsOf('applicant');
    const menu = p.menu as Node[];
    const titles = flatten(menu).map((n) => n.meta.title);
    expect(titles).toContain('我的项目');
    expect(titles).toContain('首页');
    expect(titles).not.toContain('系统管理');
    expect(titles).not.toContain('用户管理');
    expect(titles).not.toContain('全部项目');
    // The folders above each granted entry come with it (issue 37's groups).
    const folder = (title: string) => menu.find((n) => n.meta.title === title)!.children!.map((c) => c.meta.title);
    expect(folder('赛事与评审')).toEqual(['我的项目']);
    expect(folder('活动与服务')).toEqual(['活动管理', '活动报名', '意见反馈']);
    expect(p.auth.map((a: any) => a.action)).not.toContain('system:user:add');
    // A role granted one button of a menu (roles.json `url#perms`) holds that button only.
    expect(p.auth.map((a: any) => a.action).filter((a: string) => /^pms:(feedback|activity|activitySignup):/.test(a)).sort())
      .toEqual(['pms:activity:signup', 'pms:activitySignup:export', 'pms:feedback:add']);
    // same set for everyone (the order is not part of the contract: PostgreSQL returns rows in physical order)
    const byAction = (a: any, b: any) => a.action.localeCompare(b.action);
    expect([...p.allAuth].sort(byAction)).toEqual([...admin.allAuth].sort(byAction));
  });

  it('a deleted menu (del_flag 1) disappears', async () => {
    await s.db.updateTable('sysPermission').set({ delFlag: 1 }).where('url', '=', '/isystem/role').execute();
    const titles = flatten((await permissionsOf('admin')).menu).map((n: Node) => n.meta.title);
    expect(titles).not.toContain('角色管理');
    expect(titles).toContain('用户管理');
    await s.db.updateTable('sysPermission').set({ delFlag: 0 }).where('url', '=', '/isystem/role').execute();
  });
});
