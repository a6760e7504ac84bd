// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { SchemaList } from '../SchemaList';
import { taskSchema } from './fixture';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: { get: vi.fn(async () => ({ success: true, result: [] })) },
}));
vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  useSession: () => ({ auth: ['edit', 'delete', 'start', 'finish', 'void'].map((c) => ({ action: `demo:task:${c}`, type: '1' })), allAuth: [] }),
}));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const envelope = <T,>(result: T, message = '') => ({ success: true, message, code: 200, result, timestamp: 0 });

const rows = [
  { id: 'a', title: '写周报', state: 'todo', state_dictText: '待办' },
  { id: 'b', title: '修复缺陷', state: 'doing', state_dictText: '进行中' },
  { id: 'c', title: '整理文档', state: 'todo', state_dictText: '待办' },
];

beforeEach(() => {
  get.mockImplementation(async (url: string, params?: object) => {
    if (url === '/demo/task/list') return envelope({ records: rows, total: 3, size: 10, current: 1, pages: 1 }) as never;
    if (url === '/demo/task/queryById') return envelope(rows.find((r) => r.id === (params as { id: string }).id)) as never;
    if (url === '/demo/task/history') {
      return envelope([{ transition: 'start', transitionText: '开始', fromState: 'todo', fromState_dictText: '待办', toState: 'doing', toState_dictText: '进行中', opinion: null, createBy: 'reviewer', createName: '审核员', createTime: '2025-05-01 09:00:00' }]) as never;
    }
    return envelope([]) as never;
  });
  post.mockResolvedValue(envelope(null, '开始成功，共2条') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

async function open() {
  render(<ConfigProvider locale={zhCN}><App><SchemaList schema={taskSchema} /></App></ConfigProvider>);
  await screen.findByText('写周报', {}, { timeout: 5000 });
}
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const actionsOf = (text: string) => rowOf(text).querySelector('.schema-row-actions')!;
const linksOf = (text: string) => [...actionsOf(text).querySelectorAll('a')].map((a) => a.textContent?.trim());
/** The 批量操作 menu for the rows of these titles, opened. */
async function batchMenu(...titles: string[]) {
  await open();
  titles.forEach((t) => fireEvent.click(within(rowOf(t)).getByRole('checkbox')));
  fireEvent.mouseEnter((await screen.findByText('批量操作')).closest('button')!);
  return screen.findAllByRole('menuitem');
}
const listCalls = () => get.mock.calls.filter(([url]) => url === '/demo/task/list').length;

describe('a workflow page', () => {
  it("shows a row's transitions beside its first link; 编辑 and 删除 only in an editable state", async () => {
    await open();
    expect(linksOf('写周报')).toEqual(['编辑', '开始', '作废', '更多']);
    expect(within(actionsOf('写周报') as HTMLElement).getByText('作废').closest('a')).toHaveClass('schema-row-link-danger');
    expect(linksOf('修复缺陷')).toEqual(['详情', '完成', '作废']);
    fireEvent.click(within(actionsOf('写周报') as HTMLElement).getByText('更多'));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['详情', '删除']);
  });

  it('offers in 批量操作 only the batch transitions every selected row may take', async () => {
    expect((await batchMenu('写周报', '修复缺陷')).map((m) => m.textContent)).toEqual(['删除', '作废']);
  });

  it('fires a batch transition on the selection, then reloads and clears it', async () => {
    const items = await batchMenu('写周报', '整理文档');
    expect(items.map((m) => m.textContent)).toEqual(['删除', '开始', '作废']);
    const before = listCalls();
    fireEvent.click(items[1]);
    expect(await screen.findByText('确定开始选中的 2 条数据吗？')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/task/transition', { ids: 'a,c', transition: 'start', fromState: 'todo' }, { key: expect.any(String) }));
    expect(await screen.findByText('开始成功，共2条')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByText('批量操作')).not.toBeInTheDocument());
  });

  it("draws the row's history in its detail", async () => {
    await open();
    fireEvent.click(within(actionsOf('修复缺陷') as HTMLElement).getByText('详情'));
    expect(await screen.findByText('流转记录')).toBeInTheDocument();
    expect(await screen.findByText('2025-05-01 09:00:00 审核员 开始：待办 → 进行中')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/demo/task/history', { id: 'b' });
  });
});
