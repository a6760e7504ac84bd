// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import taskSchema from '../../../../schemas/pms/pms_task.json';
import PermissionDataRule from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
vi.mock('../../widgets/dict/useDictOptions', () => ({
  useDictOptions: () => [['等于', '='], ['模糊', 'LIKE'], ['包含', 'IN'], ['自定义SQL表达式', 'USE_SQL_RULES']].map(([label, value]) => ({ label, value })),
}));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const put = vi.mocked(http.put);
const del = vi.mocked(http.delete);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const high = { id: 'r1', permissionId: 'm1', ruleName: '高优先级', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H', status: '1' };
const mine = { id: 'r2', permissionId: 'm1', ruleName: '本人负责', ruleColumn: 'assignee', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '0' };

function open(schemaFound = true) {
  get.mockImplementation(async (url: string) => {
    if (url === '/sys/schema/page') return (schemaFound ? envelope(true, taskSchema) : envelope(false, null, '页面配置不存在')) as never;
    if (url === '/sys/permission/queryPermissionRule') return envelope(true, [mine]) as never;
    return envelope(true, [high, mine]) as never;
  });
  render(
    <ConfigProvider locale={zhCN}>
      <App><PermissionDataRule schema={{} as PageSchema} row={{ id: 'm1', name: '任务管理', component: 'pms/TaskList', menuType: 1 }} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
}

const modal = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;

/** Picks an option of the antd Select labelled `label`. */
async function choose(label: string, option: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: option.replace(/（.*/, '') } });
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1]);
}

/** Opens the panel and the add form, with a name and a column chosen. */
async function startNew(name: string, column: string) {
  open();
  await screen.findByText('高优先级');
  fireEvent.click(screen.getByRole('button', { name: '新 增' }));
  const dialog = await modal('新增数据规则');
  fireEvent.change(within(dialog).getByLabelText('规则名称'), { target: { value: name } });
  await choose('规则字段', column);
  return dialog;
}

beforeEach(() => {
  post.mockResolvedValue(envelope(true, high, '添加成功！') as never);
  put.mockResolvedValue(envelope(true, high, '修改成功！') as never);
  del.mockResolvedValue(envelope(true, null, '删除成功！') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('PermissionDataRule', () => {
  it('lists the menu’s rules with the page’s field labels, the condition names and the status', async () => {
    open();
    expect(screen.getByText('数据规则 - 任务管理')).toBeInTheDocument();
    expect(await screen.findByText('高优先级')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/permission/getPermRuleListByPermId', { permissionId: 'm1' });
    expect(get).toHaveBeenCalledWith('/sys/schema/page', { component: 'pms/TaskList' });
    const row = screen.getByText('本人负责').closest('tr')!;
    await waitFor(() => expect(within(row).getByText('负责人（assignee）')).toBeInTheDocument());
    expect(within(row).getAllByText('等于')).toHaveLength(1);
    expect(within(row).getByText('无效')).toBeInTheDocument();
  });

  it('searches by name and value', async () => {
    open();
    await screen.findByText('高优先级');
    fireEvent.change(screen.getByLabelText('规则名称'), { target: { value: '本人' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(screen.queryByText('高优先级')).not.toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/permission/queryPermissionRule', { permissionId: 'm1', ruleName: '本人', ruleValue: '' });
  });

  it('adds a rule: column from the page’s readable columns, condition from the dictionary (custom SQL disabled), a variable as value', async () => {
    const dialog = await startNew('本部门', '所属部门（sysOrgCode）');
    fireEvent.mouseDown(within(dialog).getByLabelText('条件规则'));
    const sqlOption = (await screen.findByText('自定义SQL表达式（不支持）')).closest('.ant-select-item-option')!;
    expect(sqlOption).toHaveClass('ant-select-item-option-disabled');
    fireEvent.change(within(dialog).getByLabelText('规则值'), { target: { value: '#{sys_org_code}' } });
    expect(within(dialog).getByText(/可用系统变量：#\{sys_user_code\}/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('保 存'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]).toEqual(['/sys/permission/addPermissionRule', {
      permissionId: 'm1', ruleName: '本部门', ruleColumn: 'sysOrgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1',
    }]);
    await waitFor(() => expect(screen.queryByText('新增数据规则')).not.toBeInTheDocument());
  });

  it('keeps the form open with the server’s refusal', async () => {
    post.mockResolvedValueOnce(envelope(false, null, '不支持自定义SQL表达式（USE_SQL_RULES）') as never);
    const dialog = await startNew('x', '优先级（priority）');
    fireEvent.change(within(dialog).getByLabelText('规则值'), { target: { value: 'H' } });
    fireEvent.click(within(dialog).getByText('保 存'));
    expect(await within(dialog).findByText('不支持自定义SQL表达式（USE_SQL_RULES）')).toBeInTheDocument();
  });

  it('edits and deletes a rule', async () => {
    open();
    await screen.findByText('高优先级');
    fireEvent.click(within(screen.getByText('高优先级').closest('tr')!).getByText('编辑'));
    const dialog = await modal('编辑数据规则');
    expect(within(dialog).getByLabelText('规则名称')).toHaveValue('高优先级');
    fireEvent.click(within(dialog).getByLabelText('无效'));
    fireEvent.click(within(dialog).getByText('保 存'));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ id: 'r1', permissionId: 'm1', status: '0', ruleColumn: 'priority' });

    fireEvent.click(within(screen.getByText('本人负责').closest('tr')!).getByText('删除'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/permission/deletePermissionRule', { id: 'r2' }));
  });

  it('says so when the menu draws no page', async () => {
    open(false);
    expect(await screen.findByText('该菜单没有对应的页面配置，不能配置数据规则')).toBeInTheDocument();
    expect(screen.getByText('新 增').closest('button')).toBeDisabled();
  });
});
