import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SysPermission } from '../../../src/server/db/tables.js';
import { buildMenuTree, routeName } from '../../../src/server/modules/permission/menu-tree.js';

let seq = 0;
function perm(p: Partial<SysPermission> & { name: string }): SysPermission {
  seq += 1;
  return {
    id: p.id ?? `p${seq}`, parentId: null, url: null, component: null, componentName: null, redirect: null,
    menuType: p.parentId ? 1 : 0, perms: null, permsType: null, sortNo: seq, alwaysShow: 0, icon: null, isRoute: 1,
    isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0, description: null, delFlag: 0, ruleFlag: 0, status: null,
    internalOrExternal: 0, createBy: null, createTime: null, updateBy: null, updateTime: null,
    ...p,
  };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('routeName', () => {
  it('follows the contract rule: leading slash dropped, / → -, : → @', () => {
    expect(routeName({ componentName: null, url: '/online/cgformList/:code' })).toBe('online-cgformList-@code');
    expect(routeName({ componentName: null, url: '/isystem/user' })).toBe('isystem-user');
    expect(routeName({ componentName: null, url: '/online/df/:table/:id' })).toBe('online-df-@table-@id');
  });

  it('prefers component_name when set', () => {
    expect(routeName({ componentName: 'account-settings-base', url: '/account/settings/base' })).toBe('account-settings-base');
  });

  it('copes with a missing url', () => {
    expect(routeName({ componentName: null, url: null })).toBe('');
  });
});

describe('buildMenuTree', () => {
  it('maps a row to the contract node shape', () => {
    const [node] = buildMenuTree([perm({
      id: 'm1', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', componentName: 'Analysis',
      icon: 'home', keepAlive: 1, redirect: '/x',
    })]);
    expect(node).toEqual({
      id: 'm1', route: '1', path: '/dashboard/analysis', name: 'Analysis', component: 'dashboard/Analysis', redirect: '/x',
      meta: { keepAlive: true, internalOrExternal: false, title: '首页', componentName: 'Analysis', icon: 'home' },
    });
  });

  it('sets the route flag "0" when is_route is off', () => {
    const [node] = buildMenuTree([perm({ name: 'menu only', url: '/m', component: 'layouts/RouteView', isRoute: 0 })]);
    expect(node.route).toBe('0');
  });

  it('uses md5(url) as path for external and {{ }} urls and keeps the url in meta', () => {
    const http = 'https://example.org/docs?a=1';
    const tpl = "{{ window._CONFIG['domianURL'] }}/druid/";
    const plain = 'http://intranet/report';
    const nodes = buildMenuTree([
      perm({ name: 'docs', url: http, component: 'layouts/IframePageView' }),
      perm({ name: 'druid', url: tpl, component: 'layouts/IframePageView' }),
      perm({ name: 'report', url: plain, component: 'layouts/IframePageView', internalOrExternal: 1 }),
      perm({ name: 'local', url: '/local/page', component: 'local/Page' }),
    ]);
    expect(nodes.map((n) => n.path)).toEqual([md5(http), md5(tpl), md5(plain), '/local/page']);
    expect(nodes[0].meta.url).toBe(http);
    expect(nodes[1].meta.url).toBe(tpl);
    expect(nodes[2].meta.internalOrExternal).toBe(true);
    expect(nodes[3].meta).not.toHaveProperty('url');
  });

  it('derives meta.componentName from the last component segment when component_name is empty', () => {
    const [node] = buildMenuTree([perm({ name: '用户管理', url: '/isystem/user', component: 'system/UserList' })]);
    expect(node.meta.componentName).toBe('UserList');
    expect(node.name).toBe('isystem-user');
  });

  it('nests children under their parent, sorted by sort_no, and puts redirect only on top-level nodes', () => {
    const nodes = buildMenuTree([
      perm({ id: 'sys', name: '系统管理', url: '/isystem', component: 'layouts/RouteView', sortNo: 1 }),
      perm({ id: 'role', parentId: 'sys', name: '角色管理', url: '/isystem/role', component: 'system/RoleList', sortNo: 2 }),
      perm({ id: 'user', parentId: 'sys', name: '用户管理', url: '/isystem/user', component: 'system/UserList', sortNo: 1 }),
      perm({ id: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Analysis', sortNo: 0 }),
    ]);
    expect(nodes.map((n) => n.id)).toEqual(['home', 'sys']);
    expect(nodes[1].children!.map((c) => c.id)).toEqual(['user', 'role']);
    expect(nodes[1]).toHaveProperty('redirect');
    expect(nodes[1].children![0]).not.toHaveProperty('redirect');
    expect(nodes[0]).not.toHaveProperty('children');
  });

  it('never turns buttons (menu_type 2) into nodes', () => {
    const nodes = buildMenuTree([
      perm({ id: 'user', name: '用户管理', url: '/isystem/user', component: 'system/UserList' }),
      perm({ id: 'btn', parentId: 'user', name: '添加用户', menuType: 2, perms: 'system:user:add', status: '1' }),
    ]);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).not.toHaveProperty('children');
  });

  it('drops children whose parent is not granted', () => {
    const nodes = buildMenuTree([
      perm({ id: 'orphan', parentId: 'missing', name: 'x', url: '/x', component: 'X' }),
      perm({ id: 'top', name: 'top', url: '/top', component: 'Top' }),
    ]);
    expect(nodes.map((n) => n.id)).toEqual(['top']);
  });

  it('marks hidden nodes with hidden:true and meta.hideMenu, and visible ones with neither', () => {
    const nodes = buildMenuTree([
      perm({ id: 'vis', name: 'visible', url: '/v', component: 'V' }),
      perm({ id: 'hid', name: 'hidden', url: '/h', component: 'H', hidden: 1, hideTab: 1 }),
    ]);
    expect(nodes[0]).not.toHaveProperty('hidden');
    expect(nodes[0].meta).not.toHaveProperty('hideMenu');
    expect(nodes[1].hidden).toBe(true);
    expect(nodes[1].meta).toMatchObject({ hideMenu: true, hideTab: true, title: 'hidden' });
  });

  it('hides a top-level node whose children are all hidden and replaces its meta by {hideMenu:true}', () => {
    const nodes = buildMenuTree([
      perm({ id: 'online', name: '在线开发', url: '/online', component: 'layouts/RouteView', icon: 'cloud' }),
      perm({ id: 'a', parentId: 'online', name: 'AUTO在线表单', url: '/online/cgformList/:code', component: 'A', hidden: 1 }),
      perm({ id: 'b', parentId: 'online', name: 'AUTO在线报表', url: '/online/cgreport/:code', component: 'B', hidden: 1 }),
    ]);
    expect(nodes[0].hidden).toBe(true);
    expect(nodes[0].meta).toEqual({ hideMenu: true });
    expect(nodes[0].children!.map((c) => c.name)).toEqual(['online-cgformList-@code', 'online-cgreport-@code']);
  });

  it('keeps a top-level node visible when at least one child is visible, and sets alwaysShow only when on', () => {
    const nodes = buildMenuTree([
      perm({ id: 'top', name: 'top', url: '/top', component: 'layouts/RouteView', alwaysShow: 1 }),
      perm({ id: 'a', parentId: 'top', name: 'a', url: '/top/a', component: 'A', hidden: 1 }),
      perm({ id: 'b', parentId: 'top', name: 'b', url: '/top/b', component: 'B' }),
    ]);
    expect(nodes[0]).not.toHaveProperty('hidden');
    expect(nodes[0].alwaysShow).toBe(true);
    expect(nodes[0].meta.title).toBe('top');
    expect(nodes[0].children![1]).not.toHaveProperty('alwaysShow');
  });

  it('does not apply the all-children-hidden rule below the top level', () => {
    const nodes = buildMenuTree([
      perm({ id: 'top', name: 'top', url: '/top', component: 'layouts/RouteView' }),
      perm({ id: 'mid', parentId: 'top', name: 'mid', url: '/top/mid', component: 'layouts/RouteView' }),
      perm({ id: 'leaf', parentId: 'mid', name: 'leaf', url: '/top/mid/leaf', component: 'L', hidden: 1 }),
    ]);
    const mid = nodes[0].children![0];
    expect(mid).not.toHaveProperty('hidden');
    expect(mid.meta.title).toBe('mid');
  });

  it('returns an empty tree for no rows', () => {
    expect(buildMenuTree([])).toEqual([]);
  });
});
