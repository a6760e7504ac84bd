// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { documentTitle } from './documentTitle';

it('is the page title plus the app abbreviation', () => {
  expect(documentTitle('/isystem/user', '用户管理', '科创服务平台')).toBe('用户管理 - 科创服务平台');
});

it('is the abbreviation alone on the dashboard', () => {
  expect(documentTitle('/dashboard/analysis', '首页', '科创服务平台')).toBe('科创服务平台');
});

it('falls back to the page title until the site info arrives', () => {
  expect(documentTitle('/isystem/user', '用户管理', undefined)).toBe('用户管理');
});
