// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import type { PermissionNode } from './api';
import RolePermission from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
vi.mock('../../widgets/dict/useDictOptions', () => ({ useDictOptions: () => [{ label: '等于', value: '=' }] }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const node = (key: string, title: string, ruleFlag = 0, children: PermissionNode[] | null = null): PermissionNode => ({
  key, title, parentId: null, menuType: children ? 0 : 1, isLeaf: !children, ruleFlag, children,
});
const treeList = [node('pms', '项目管理', 0, [node('task', '任务管理', 1), node('daily', '日常工作')])];
const rules = [
  { id: 'r1', permissionId: 'task', ruleName: '高优先级', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H', status: '1' },
  { id: 'r2', permissionId: 'task', ruleName: '本人负责', ruleColumn: 'assignee', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '0' },
];

function open(datarule = envelope(true, { datarule: rules, drChecked: 'r1' })) {
  get.mockImplementation(async (url: string) => {
    if (url === '/sys/permission/queryTreeList') return envelope(true, { treeList, ids: ['pms', 'task', 'daily'] }) as never;
    if (url === '/sys/permission/queryRolePermission') return envelope(true, ['pms', 'task']) as never;
    return datarule as never;
  });
  render(
    <ConfigProvider locale={zhCN}>
      <App><RolePermission schema={{} as PageSchema} row={{ id: 'role1', roleName: '审核人' }} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
}

const drawer = async () => (await screen.findByText('数据规则 - 任务管理')).closest<HTMLElement>('.ant-drawer-content')!;

beforeEach(() => { post.mockResolvedValue(envelope(true, '保存成功!', '保存成功!') as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('RolePermission › 数据规则', () => {
  it('offers 数据规则 beside the menus that have rules only', async () => {
    open();
    await screen.findByText('日常工作');
    expect(screen.getAllByText('数据规则')).toHaveLength(1);
    expect(screen.getByText('数据规则').closest('.ant-tree-title')).toHaveTextContent('任务管理');
  });

  it('opens the menu’s rules for the role, ticked as the grant holds them, and saves the ticks', async () => {
    open();
    await screen.findByText('日常工作');
    fireEvent.click(screen.getByText('数据规则'));
    const panel = await drawer();
    expect(get).toHaveBeenCalledWith('/sys/role/datarule/task/role1');
    const box = (name: string) => within(panel).getByText(name).closest('label')!.querySelector('input')!;
    await waitFor(() => expect(box('高优先级')).toBeChecked());
    expect(box('本人负责')).not.toBeChecked();
    expect(within(panel).getByText(/assignee 等于 #\{sys_user_code\}（无效）/)).toBeInTheDocument();
    fireEvent.click(box('本人负责'));
    fireEvent.click(within(panel).getByText('点击确定授权数据'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/role/datarule', { permissionId: 'task', roleId: 'role1', dataRuleIds: 'r1,r2' }));
    await waitFor(() => expect(screen.queryByText('数据规则 - 任务管理')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal and stays open', async () => {
    post.mockResolvedValueOnce(envelope(false, null, '请先保存角色菜单权限!') as never);
    open();
    await screen.findByText('日常工作');
    fireEvent.click(screen.getByText('数据规则'));
    const panel = await drawer();
    await within(panel).findByText('高优先级');
    fireEvent.click(within(panel).getByText('点击确定授权数据'));
    expect(await within(panel).findByText('请先保存角色菜单权限!')).toBeInTheDocument();
    expect(screen.getByText('数据规则 - 任务管理')).toBeInTheDocument();
  });
});
