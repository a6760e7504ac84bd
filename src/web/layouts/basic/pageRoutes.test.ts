// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/types';
import { menuToRoutes } from '../../app/routes';
import { resolveLocation, withHomeRoute } from './pageRoutes';

const menu: MenuNode[] = [
  { id: '1', path: '/isystem', name: 'isystem', component: 'layouts/RouteView', route: '1', meta: { title: '系统管理' }, children: [
    { id: '2', path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', route: '1', meta: { title: '用户管理' } },
  ] },
  { id: '3', path: '/online/cgformList/:code', name: 'auto', component: 'online/Auto', route: '1', meta: { title: '在线表单' }, hidden: true },
];
const routes = withHomeRoute(menuToRoutes(menu));

describe('resolveLocation', () => {
  it('matches a page with its params', () => {
    const r = resolveLocation(routes, '/online/cgformList/abc');
    expect('route' in r && r.route.path).toBe('/online/cgformList/:code');
    expect('params' in r && r.params.code).toBe('abc');
  });

  it('sends a group path to its first page', () => {
    expect(resolveLocation(routes, '/isystem')).toEqual({ redirect: '/isystem/user' });
    expect(resolveLocation(routes, '/isystem/')).toEqual({ redirect: '/isystem/user' });
  });

  it('sends an unknown path to 404', () => {
    expect(resolveLocation(routes, '/nowhere')).toEqual({ redirect: '/404' });
  });

  it('always knows the dashboard', () => {
    const r = resolveLocation(routes, '/dashboard/analysis');
    expect('route' in r && r.route.component).toBe('dashboard/Analysis');
  });
});
