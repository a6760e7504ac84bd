// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import type { PermissionNode } from './api';
import RolePermission from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const node = (key: string, title: string, children: PermissionNode[] | null = null): PermissionNode => ({
  key, title, parentId: null, menuType: children ? 0 : 2, isLeaf: !children, children,
});
const treeList = [
  node('sys', '系统管理', [
    node('user', '用户管理', [node('user:add', '添加用户'), node('user:edit', '编辑用户')]),
    node('role', '角色管理'),
  ]),
  node('home', '首页'),
];

function open(granted: string[] = ['sys', 'user', 'user:add'], onClose = vi.fn()) {
  get.mockImplementation(async (url: string) => (url === '/sys/permission/queryTreeList'
    ? envelope(true, { treeList, ids: ['sys', 'user', 'user:add', 'user:edit', 'role', 'home'] })
    : envelope(true, granted)) as never);
  render(
    <ConfigProvider locale={zhCN}>
      <App><RolePermission schema={{} as PageSchema} row={{ id: 'r1', roleName: '管理员' }} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}

const treeNode = (title: string) => screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode')!;
const box = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox')!;
const isChecked = (title: string) => box(title).classList.contains('ant-tree-checkbox-checked');
const click = (name: string) => fireEvent.click(screen.getByText(name));
const savedBody = (call = 0) => post.mock.calls[call][1] as { roleId: string; permissionIds: string; lastpermissionIds: string };
const idsOf = (list: string) => list.split(',').filter(Boolean).sort();

beforeEach(() => { post.mockResolvedValue(envelope(true, null, '保存成功！') as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('RolePermission', () => {
  it('loads the whole tree, expanded, checked where the role holds a node', async () => {
    open();
    expect(screen.getByText('角色权限配置')).toBeInTheDocument();
    await screen.findByText('添加用户');
    expect(get).toHaveBeenCalledWith('/sys/permission/queryRolePermission', { roleId: 'r1' });
    expect(isChecked('系统管理')).toBe(true);
    expect(isChecked('添加用户')).toBe(true);
    expect(isChecked('编辑用户')).toBe(false);
    expect(isChecked('首页')).toBe(false);
  });

  it('saves the checked nodes against the loaded ones, stays open, and diffs the next save against the new set', async () => {
    const onClose = open();
    await screen.findByText('添加用户');
    fireEvent.click(box('首页'));
    fireEvent.click(box('添加用户'));
    click('仅保存');
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
    expect(savedBody().roleId).toBe('r1');
    expect(idsOf(savedBody().permissionIds)).toEqual(['home', 'sys', 'user']);
    expect(idsOf(savedBody().lastpermissionIds)).toEqual(['sys', 'user', 'user:add']);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(box('角色管理'));
    click('保存并关闭');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(idsOf(savedBody(1).permissionIds)).toEqual(['home', 'role', 'sys', 'user']);
    expect(idsOf(savedBody(1).lastpermissionIds)).toEqual(['home', 'sys', 'user']);
  });

  it('shows the server refusal, stays open and keeps diffing against what the server holds', async () => {
    post.mockResolvedValueOnce(envelope(false, null, '权限不存在: x') as never);
    const onClose = open();
    await screen.findByText('添加用户');
    fireEvent.click(box('首页'));
    click('保存并关闭');
    expect(await screen.findByText('权限不存在: x')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(idsOf(savedBody(1).lastpermissionIds)).toEqual(['sys', 'user', 'user:add']);
  });

  it('checks all and none', async () => {
    open();
    await screen.findByText('添加用户');
    click('全部勾选');
    expect(['系统管理', '用户管理', '添加用户', '编辑用户', '角色管理', '首页'].every(isChecked)).toBe(true);
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(idsOf(savedBody().permissionIds)).toEqual(['home', 'role', 'sys', 'user', 'user:add', 'user:edit']);
    click('取消全选');
    expect(isChecked('系统管理')).toBe(false);
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(savedBody(1).permissionIds).toBe('');
  });

  it('collapses and expands every node', async () => {
    open();
    await screen.findByText('添加用户');
    click('合并所有');
    await waitFor(() => expect(screen.queryByText('添加用户')).not.toBeInTheDocument());
    expect(screen.getByText('系统管理')).toBeInTheDocument();
    click('展开所有');
    expect(await screen.findByText('添加用户')).toBeInTheDocument();
  });

  it('unlinked (the default), ticking a page ticks its folder and its buttons, unticking takes them along', async () => {
    open([]);
    await screen.findByText('添加用户');
    expect(screen.getByText(/勾选页面时，其上级菜单和页面按钮一并勾选/)).toBeInTheDocument();
    fireEvent.click(box('用户管理'));
    expect(isChecked('系统管理')).toBe(true);
    expect(isChecked('编辑用户')).toBe(true);
    fireEvent.click(box('用户管理'));
    expect(isChecked('添加用户')).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: '连同按钮' }));
    fireEvent.click(box('用户管理'));
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(idsOf(savedBody().permissionIds)).toEqual(['sys', 'user']);
  });

  it('with 父子关联 checks a branch at once and saves the half-checked parents too', async () => {
    open(['sys', 'user', 'user:add']);
    await screen.findByText('添加用户');
    fireEvent.click(screen.getByRole('switch', { name: '父子关联' }));
    // linked: only the leaf 添加用户 is held, so 用户管理 and 系统管理 are half-checked
    expect(isChecked('用户管理')).toBe(false);
    expect(box('用户管理')).toHaveClass('ant-tree-checkbox-indeterminate');
    fireEvent.click(box('编辑用户'));
    expect(isChecked('用户管理')).toBe(true);
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(idsOf(savedBody().permissionIds)).toEqual(['sys', 'user', 'user:add', 'user:edit']);
  });

  it('filters the tree by title and keeps the hidden nodes checked', async () => {
    open(['sys', 'user', 'user:add']);
    await screen.findByText('添加用户');
    const searchBox = screen.getByPlaceholderText('按名称搜索');
    fireEvent.change(searchBox, { target: { value: '角色' } });
    fireEvent.keyDown(searchBox, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('添加用户')).not.toBeInTheDocument());
    expect(screen.queryByText('首页')).not.toBeInTheDocument();
    fireEvent.click(box('角色管理'));
    click('仅保存');
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(idsOf(savedBody().permissionIds)).toEqual(['role', 'sys', 'user', 'user:add']);
  });
});
