// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import type { RoleUser } from './api';
import RoleUsers from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const del = vi.mocked(http.delete);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const user = (n: number, extra: Partial<RoleUser> = {}): RoleUser => ({ id: `u${n}`, username: `user${n}`, realname: `用户${n}`, sex: 1, phone: `1380000000${n % 10}`, status: 1, ...extra });
const page = (records: RoleUser[], total = records.length) => envelope(true, { records, total, size: 10, current: 1, pages: 1 });

const members = [user(1), user(2, { sex: 2, status: 2 })];
const everyone = [user(1), user(2), user(3, { orgCode: 'A01A05' } as Partial<RoleUser>), user(4)];

function open() {
  render(
    <ConfigProvider locale={zhCN}>
      <App><RoleUsers schema={{} as PageSchema} row={{ id: 'r1', roleName: '审核员' }} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
}
const calls = (url: string) => get.mock.calls.filter(([u]) => u === url).map(([, p]) => p as Record<string, unknown>);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const tick = (text: string) => fireEvent.click(within(rowOf(text)).getByRole('checkbox'));

beforeEach(() => {
  get.mockImplementation(async (url: string) => (url === '/sys/user/userRoleList' ? page(members, 2)
    : url === '/sys/sysDepart/queryTreeList' ? envelope(true, []) : page(everyone)) as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('RoleUsers', () => {
  it("lists the role's users ten a page with the SPEC total text", async () => {
    get.mockImplementation(async () => page(Array.from({ length: 10 }, (_, i) => user(i)), 12) as never);
    open();
    expect(screen.getByText('角色用户')).toBeInTheDocument();
    expect(await screen.findByText('1-10 共12条')).toBeInTheDocument();
    expect(calls('/sys/user/userRoleList')[0]).toEqual({ roleId: 'r1', pageNo: 1, pageSize: 10 });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls('/sys/user/userRoleList').at(-1)).toEqual({ roleId: 'r1', pageNo: 2, pageSize: 10 }));
  });

  it('shows sex and status in words', async () => {
    open();
    await screen.findByText('user2');
    expect(within(rowOf('user2')).getByText('女')).toBeInTheDocument();
    expect(within(rowOf('user2')).getByText('冻结')).toBeInTheDocument();
    expect(within(rowOf('user1')).getByText('正常')).toBeInTheDocument();
  });

  it('searches by username from the first page and resets', async () => {
    open();
    await screen.findByText('user1');
    fireEvent.change(screen.getByLabelText('用户账号'), { target: { value: ' user2 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls('/sys/user/userRoleList').at(-1)).toEqual({ roleId: 'r1', username: 'user2', pageNo: 1, pageSize: 10 }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(calls('/sys/user/userRoleList').at(-1)).toEqual({ roleId: 'r1', pageNo: 1, pageSize: 10 }));
  });

  it('unlinks one user after confirmation and reloads', async () => {
    del.mockResolvedValue(envelope(true, null, '删除成功!') as never);
    open();
    await screen.findByText('user1');
    fireEvent.click(within(rowOf('user1')).getByText('取消关联'));
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/sys/user/deleteUserRole', { roleId: 'r1', userId: 'u1' });
    await waitFor(() => expect(calls('/sys/user/userRoleList')).toHaveLength(2));
  });

  it('unlinks the selected users in one call after confirmation', async () => {
    del.mockResolvedValue(envelope(true, null, '删除成功!') as never);
    open();
    await screen.findByText('user1');
    expect(screen.queryByText('批量取消关联')).not.toBeInTheDocument();
    tick('user1');
    tick('user2');
    fireEvent.click(screen.getByText('批量取消关联'));
    expect(await screen.findByText('是否取消选中的 2 个用户与该角色的关联?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/user/deleteUserRoleBatch', { roleId: 'r1', userIds: 'u1,u2' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });

  it('shows a refused unlink and keeps the list', async () => {
    del.mockResolvedValue(envelope(false, null, '未找到对应数据') as never);
    open();
    await screen.findByText('user1');
    fireEvent.click(within(rowOf('user1')).getByText('取消关联'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未找到对应数据')).toBeInTheDocument();
    expect(calls('/sys/user/userRoleList')).toHaveLength(1);
  });

  it('adds existing users chosen in the picker', async () => {
    post.mockResolvedValue(envelope(true, null, '添加成功!') as never);
    open();
    await screen.findByText('user1');
    fireEvent.click(screen.getByText('添加已有用户'));
    const picker = (await screen.findByText('选择用户')).closest<HTMLElement>('.ant-modal')!;
    expect(await within(picker).findByText('A01A05')).toBeInTheDocument();
    expect(calls('/sys/user/queryUserComponentData')[0]).toEqual({ pageNo: 1, pageSize: 10 });
    fireEvent.click(within(within(picker).getByText('user3').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(within(picker).getByText('user4').closest('tr')!).getByRole('checkbox'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功!')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/sys/user/addSysUserRole', { roleId: 'r1', userIdList: ['u3', 'u4'] });
    await waitFor(() => expect(screen.queryByText('选择用户')).not.toBeInTheDocument());
    expect(calls('/sys/user/userRoleList')).toHaveLength(2);
  });

  it('asks for a choice before adding and searches the picker by account and name', async () => {
    open();
    await screen.findByText('user1');
    fireEvent.click(screen.getByText('添加已有用户'));
    const picker = (await screen.findByText('选择用户')).closest<HTMLElement>('.ant-modal')!;
    await within(picker).findByText('A01A05');
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择用户')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(picker).getByLabelText('用户姓名'), { target: { value: '张' } });
    fireEvent.click(within(picker).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls('/sys/user/queryUserComponentData').at(-1)).toEqual({ realname: '张', pageNo: 1, pageSize: 10 }));
  });
});
