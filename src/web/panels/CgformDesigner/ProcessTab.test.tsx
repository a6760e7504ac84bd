// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { Design } from '../../../schema/cgform';
import type { PageSchema } from '../../../schema/types';
import CgformDesigner from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const ROLES = { records: [{ roleCode: 'admin', roleName: '管理员' }, { roleCode: 'reviewer', roleName: '审核人' }], total: 2 };

beforeEach(() => { get.mockImplementation(async (url: string) => envelope(true, url === '/sys/role/list' ? ROLES : []) as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

function open() {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformDesigner schema={{} as PageSchema} row={null} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
  fireEvent.change(screen.getByLabelText('表名'), { target: { value: 'demo_patent' } });
  fireEvent.change(screen.getByLabelText('表描述'), { target: { value: '专利申请' } });
  fireEvent.click(screen.getByRole('tab', { name: '流程' }));
}
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('the designer’s 流程 tab', () => {
  it('starts from the approval template, draws it, and sends it with the design', async () => {
    post.mockResolvedValue(envelope(true, 'h1', '添加成功！') as never);
    open();
    fireEvent.click(await screen.findByRole('button', { name: '使用审批模板' }));
    await waitFor(() => expect(screen.getAllByTestId('diagram-state')).toHaveLength(4));
    expect(screen.getAllByTestId('diagram-edge')).toHaveLength(4);
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = post.mock.calls[0][1] as Design;
    expect(body.process?.states.map((s) => s.label)).toEqual(['草稿', '待审核', '已通过', '已退回']);
    expect(body.process?.workflow.transitions.map((t) => t.name)).toEqual(['submit', 'pass', 'reject']);
    expect(body.process).not.toHaveProperty('rowRules');
  }, 60_000);

  it('lists what is wrong by tab and row, and sends nothing while it is', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '使用审批模板' }));
    fireEvent.click(await screen.findByLabelText('状态3为结束状态'));
    expect(await screen.findByText('流程 · 状态第3行「已通过」：不是结束状态，却没有流转可以离开它（勾选“结束”或添加流转）')).toBeInTheDocument();
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('流程 · 状态第3行「已通过」');
    expect(post).not.toHaveBeenCalled();
  }, 60_000);
});
