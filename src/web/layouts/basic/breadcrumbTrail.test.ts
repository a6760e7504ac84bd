// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import type { PageRoute } from '../../app/routes';
import { breadcrumbTrail } from './breadcrumbTrail';

const route = (path: string, title: string, parents: PageRoute['parents'] = []): PageRoute => ({
  path, name: path, component: 'x', meta: { title }, hidden: false, parents,
});

it('starts at home and follows the menu ancestors', () => {
  expect(breadcrumbTrail(route('/isystem/user', '用户管理', [{ path: '/isystem', title: '系统管理' }]))).toEqual([
    { title: '首页', path: '/dashboard/analysis' },
    { title: '系统管理' },
    { title: '用户管理' },
  ]);
});

it('is home alone on the dashboard', () => {
  expect(breadcrumbTrail(route('/dashboard/analysis', '首页'))).toEqual([{ title: '首页', path: '/dashboard/analysis' }]);
});
