// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { session } from '../../app/session';
import type { PageSchema } from '../../../schema/types';
import CgformMenu from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
vi.mock('../../app/session', () => ({ session: { loadPermissions: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const reload = vi.mocked(session.loadPermissions);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const roles = [
  { id: 'r0', roleName: '管理员', roleCode: 'admin' },
  { id: 'r1', roleName: '申报人', roleCode: 'applicant' },
  { id: 'r2', roleName: '审核人', roleCode: 'reviewer' },
];
const node = (key: string, title: string, menuType: number, children: unknown[] | null = null) => ({ key, title, menuType, parentId: null, isLeaf: !children, children });
const treeList = [node('online', '在线开发', 0, [node('cgform', 'Online表单开发', 1, [node('btn', '设计表单', 2)])]), node('sys', '系统管理', 0, [node('user', '用户管理', 1)])];

function open(onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformMenu schema={{} as PageSchema} row={{ id: 'h1', tableName: 'demo_contract', tableTxt: '合同', isDbSynch: 'Y' }} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}
const add = () => fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));

beforeEach(() => {
  get.mockImplementation(async (url: string) => (url === '/sys/role/list' ? envelope(true, { records: roles, total: 3 }) : envelope(true, { treeList, ids: [] })) as never);
  reload.mockResolvedValue([]);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('CgformMenu', () => {
  it('sends the chosen roles for a top-level entry by default, then reloads the menus of the signed-in administrator', async () => {
    post.mockResolvedValue(envelope(true, 'm1', '已添加到菜单') as never);
    const onClose = open();
    const reviewer = await screen.findByLabelText('审核人（reviewer）');
    expect(screen.getByText('尚未选择角色：添加后只有管理员能看到该菜单。')).toBeInTheDocument();
    fireEvent.click(reviewer);
    await waitFor(() => expect(reviewer).toBeChecked());
    expect(get).toHaveBeenCalledWith('/sys/role/list', { pageNo: 1, pageSize: 100 });
    // The administrator always gets it: not a choice.
    expect(screen.queryByText('管理员（admin）')).not.toBeInTheDocument();
    add();
    expect(screen.queryByText('尚未选择角色：添加后只有管理员能看到该菜单。')).not.toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/head/addToMenu', { id: 'h1', roleIds: ['r2'], topLevel: true }));
    expect(await screen.findByText('已添加到菜单')).toBeInTheDocument();
    expect(screen.getByText('当前账号的菜单已刷新；所选角色的用户重新登录后即可看到该菜单')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('puts it under the parent menu chosen from the menu tree (buttons are not offered)', async () => {
    post.mockResolvedValue(envelope(true, 'm1', '已添加到菜单') as never);
    open();
    await screen.findByLabelText('申报人（applicant）');
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    await screen.findByTitle('在线开发');
    expect(screen.getByTitle('Online表单开发')).toBeInTheDocument();
    expect(screen.queryByTitle('设计表单')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle('系统管理'));
    fireEvent.click(screen.getByLabelText('申报人（applicant）'));
    fireEvent.click(screen.getByLabelText('审核人（reviewer）'));
    add();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/head/addToMenu', { id: 'h1', roleIds: ['r1', 'r2'], parentId: 'sys' }));
  });

  it("shows the server's refusal and stays open", async () => {
    post.mockResolvedValue(envelope(false, null, '该表单已添加到菜单') as never);
    const onClose = open();
    await screen.findByLabelText('审核人（reviewer）');
    add();
    expect(await screen.findByText('该表单已添加到菜单')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
