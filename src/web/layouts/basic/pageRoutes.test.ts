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

  it('prefers a route of its own to a pattern matching it too, wherever the menu lists it', () => {
    const withForm = withHomeRoute(menuToRoutes([...menu, {
      id: '4', path: '/online/cgformList/demo_ticket', name: 'demo', component: 'online/demo_ticket', route: '1', meta: { title: '工单' },
    }]));
    const r = resolveLocation(withForm, '/online/cgformList/demo_ticket');
    expect('route' in r && r.route.meta.title).toBe('工单');
    const other = resolveLocation(withForm, '/online/cgformList/other');
    expect('route' in other && other.route.path).toBe('/online/cgformList/:code');
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
