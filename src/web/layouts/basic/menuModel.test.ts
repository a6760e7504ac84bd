// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AuthEntry, MenuNode } from '../../api/types';
import { menuToRoutes } from '../../app/routes';
import {
  findMenuNode, locationOf, nextOpenKeys, openMenuKeys, permittedMenu, rootSubmenuKeys, selectedMenuKeys, toMenuItems,
} from './menuModel';

const node = (path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: path, path, name: path, component: 'some/Page', route: '1', meta: { title }, ...extra,
});

const menu: MenuNode[] = [
  node('/dashboard/analysis', '首页', { component: 'dashboard/Analysis', meta: { title: '首页', icon: 'home' } }),
  node('/isystem', '系统管理', {
    component: 'layouts/RouteView',
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      node('/isystem/user', '用户管理', { meta: { title: '用户管理', icon: 'user' } }),
      node('/isystem/user/:id', '用户详情', { hidden: true }),
      node('/isystem/secret', '密钥', { meta: { title: '密钥', permissionList: [{ action: 'system:secret' }] } }),
    ],
  }),
  node('/online', '在线开发', {
    component: 'layouts/RouteView',
    alwaysShow: true,
    children: [node('/online/cgform', '表单')],
  }),
  node('/isps/userAnnouncement', '我的消息', { hidden: true }),
];

const grant = (action: string): AuthEntry => ({ action, type: '1' });

describe('permittedMenu', () => {
  it('drops entries whose permissionList the user holds none of', () => {
    const tree = permittedMenu(menu, [], []);
    expect(findMenuNode(tree, '/isystem/secret')).toBeUndefined();
    expect(findMenuNode(permittedMenu(menu, [grant('system:secret')], []), '/isystem/secret')).toBeDefined();
  });

  it('keeps an entry whose rule is switched off (allAuth status 0)', () => {
    const tree = permittedMenu(menu, [], [{ action: 'system:secret', type: '1', status: '0' }]);
    expect(findMenuNode(tree, '/isystem/secret')).toBeDefined();
  });

  it('hides a parent whose children are all hidden or dropped', () => {
    const onlySecret = [node('/vault', '保险库', { component: 'layouts/RouteView', children: [
      node('/vault/secret', '密钥', { meta: { title: '密钥', permissionList: [{ action: 'vault:open' }] } }),
      node('/vault/detail', '详情', { hidden: true }),
    ] })];
    expect(permittedMenu(onlySecret, [], [])[0].hidden).toBe(true);
    expect(permittedMenu(onlySecret, [grant('vault:open')], [])[0].hidden).toBe(false);
  });

  it('removes dropped entries from the route table too', () => {
    const paths = menuToRoutes(permittedMenu(menu, [], [])).map((r) => r.path);
    expect(paths).toContain('/isystem/user');
    expect(paths).not.toContain('/isystem/secret');
  });
});

describe('toMenuItems', () => {
  const items = toMenuItems(permittedMenu(menu, [], []), (name) => name ?? null) as Array<{ key: string; label: string; icon: unknown; children?: Array<{ key: string }> }>;

  it('skips hidden entries and keys every item by its path', () => {
    expect(items.map((i) => i.key)).toEqual(['/dashboard/analysis', '/isystem', '/online']);
    expect(items[1].children?.map((c) => c.key)).toEqual(['/isystem/user']);
  });

  it('turns parents into submenus unless alwaysShow', () => {
    expect(items[1].children).toBeDefined();
    expect(items[2].children).toBeUndefined();
  });

  it('passes the icon name and the title through', () => {
    expect(items[0]).toMatchObject({ label: '首页', icon: 'home' });
  });
});

describe('selected and open keys', () => {
  const routes = menuToRoutes(menu);
  const route = (path: string) => routes.find((r) => r.path === path)!;

  it('highlight the route and open its groups', () => {
    expect(selectedMenuKeys(route('/isystem/user'))).toEqual(['/isystem/user']);
    expect(openMenuKeys(route('/isystem/user'))).toEqual(['/isystem']);
  });

  it('highlight the parent of a hidden route', () => {
    expect(selectedMenuKeys(route('/isystem/user/:id'))).toEqual(['/isystem']);
  });

  it('highlight nothing for a hidden top-level route', () => {
    expect(selectedMenuKeys(route('/isps/userAnnouncement'))).toEqual([]);
  });
});

describe('nextOpenKeys', () => {
  const roots = rootSubmenuKeys(menu);

  it('lists only visible submenu roots', () => {
    expect(roots).toEqual(['/isystem']);
  });

  it('keeps one root group open in inline mode', () => {
    expect(nextOpenKeys(['/a'], ['/a', '/b'], ['/a', '/b'])).toEqual(['/b']);
  });

  it('opens nested groups alongside their root and closes normally', () => {
    expect(nextOpenKeys(['/a'], ['/a', '/a/x'], ['/a', '/b'])).toEqual(['/a', '/a/x']);
    expect(nextOpenKeys(['/a', '/a/x'], ['/a'], ['/a', '/b'])).toEqual(['/a']);
  });
});

it('locationOf gives hashed external paths a leading slash', () => {
  expect(locationOf('9e107d9d372bb6826bd81d3542a419d6')).toBe('/9e107d9d372bb6826bd81d3542a419d6');
  expect(locationOf('/isystem/user')).toBe('/isystem/user');
});
