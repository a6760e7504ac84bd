// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import { SchemaList } from '../SchemaList';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: { get: vi.fn(async () => ({ success: true, result: [] })) },
}));
const codes = vi.hoisted(() => ({ held: ['add', 'edit', 'submit', 'audit'] }));
vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  useSession: () => ({ auth: codes.held.map((c) => ({ action: `demo:project:${c}`, type: '1' })), allAuth: [] }),
}));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const put = vi.mocked(http.put);
const envelope = <T,>(result: T, message = '', success = true) => ({ success, message, code: success ? 200 : 409, result, timestamp: 0 });

/** A declaration page: drafts and returned rows are the applicant's to edit and submit; a reviewer passes or returns. */
const projectSchema: PageSchema = {
  code: 'demo_project', title: '我的项目', table: 'demo_project', api: '/demo/project', permission: 'demo:project',
  fields: [
    { name: 'name', label: '项目名称', type: 'string', required: true, list: true },
    { name: 'state', label: '状态', type: 'string', form: false, list: true, view: 'list', dict: { code: 'project_state' } },
  ],
  workflow: {
    field: 'state', initial: 'draft', editable: ['draft', 'returned'],
    transitions: [
      { name: 'submit', label: '提交申报', from: ['draft', 'returned'], to: 'submitted', confirm: '提交后不能修改，确定提交申报吗？', form: true },
      { name: 'pass', label: '通过', from: ['submitted'], to: 'passed', permission: 'demo:project:audit', opinion: 'optional' },
      { name: 'return', label: '退回修改', from: ['submitted'], to: 'returned', permission: 'demo:project:audit', opinion: 'required' },
    ],
  },
};
const rows = [
  { id: 'r', name: '退回的项目', state: 'returned', state_dictText: '已退回' },
  { id: 's', name: '已提交的项目', state: 'submitted', state_dictText: '已提交' },
];
const history = [
  { transition: 'submit', transitionText: '提交申报', fromState: 'draft', toState: 'submitted', opinion: null, createName: '申报人', createTime: '2026-11-01 09:00:00' },
  { transition: 'return', transitionText: '退回修改', fromState: 'submitted', toState: 'returned', opinion: '请补充试点数据', createName: '审核员', createTime: '2026-11-02 10:00:00' },
];

beforeEach(() => {
  codes.held = ['add', 'edit', 'submit', 'audit'];
  get.mockImplementation(async (url: string, params?: object) => {
    if (url === '/demo/project/list') return envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) as never;
    if (url === '/demo/project/queryById') return envelope(rows.find((r) => r.id === (params as { id: string }).id)) as never;
    if (url === '/demo/project/history') return envelope(history) as never;
    return envelope([]) as never;
  });
  post.mockImplementation(async (url: string) => (url.startsWith('/demo/project/add') ? envelope('new1', '添加成功！') : envelope(null, '提交申报成功！')) as never);
  put.mockResolvedValue(envelope('编辑成功!', '编辑成功!') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

async function open() {
  render(<ConfigProvider locale={zhCN}><App><SchemaList schema={projectSchema} /></App></ConfigProvider>);
  await screen.findByText('退回的项目', {}, { timeout: 5000 });
}
const modal = () => document.querySelector('.ant-modal:not(.ant-modal-confirm)') as HTMLElement;
const footerButtons = () => [...modal().querySelectorAll('.ant-modal-footer button')].map((b) => b.textContent?.replace(/\s/g, ''));
const click = (name: string) => fireEvent.click(within(modal()).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }));
const confirmOk = async (text: string) => {
  const confirm = (await screen.findAllByText(text)).at(-1)!.closest('.ant-modal-confirm') as HTMLElement;
  fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
};

describe('the form of a workflow page', () => {
  it('offers 保存草稿 and 提交申报 instead of 确定; 提交申报 asks, saves the new row, then submits it by its id', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '保存草稿', '提交申报']));
    click('提交申报');
    expect(await screen.findByText('项目名称不能为空')).toBeInTheDocument(); // the fields first, nothing sent
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(modal()).getByRole('textbox'), { target: { value: '智能灌溉' } });
    click('提交申报');
    await confirmOk('提交后不能修改，确定提交申报吗？');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/project/transition', { id: 'new1', transition: 'submit', fromState: 'draft' }, { key: expect.any(String) }));
    expect(post).toHaveBeenCalledWith('/demo/project/add?answer=id', { name: '智能灌溉' }, { key: expect.any(String) });
    await waitFor(() => expect(modal()).toBeNull());
  });

  it('keeps a refused 提交申报 in view atop the form, the row saved as a draft; trying again edits that row', async () => {
    post.mockImplementation(async (url: string) => (url.startsWith('/demo/project/add') ? envelope('new1', '添加成功！')
      : Promise.reject(Object.assign(new Error('http error'), { data: { message: '不在申报时间内（2026-10-01 00:00:00 至 2026-10-31 23:59:59）' } }))) as never);
    await open();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(footerButtons()).toContain('保存草稿'));
    fireEvent.change(within(modal()).getByRole('textbox'), { target: { value: '迟到的项目' } });
    click('提交申报');
    await confirmOk('提交后不能修改，确定提交申报吗？');
    await waitFor(() => expect(post.mock.calls.map(([url]) => url)).toEqual(['/demo/project/add?answer=id', '/demo/project/transition']), { timeout: 10_000 });
    await waitFor(() => expect(document.querySelector('.form-problem')?.textContent).toBe('不在申报时间内（2026-10-01 00:00:00 至 2026-10-31 23:59:59）'), { timeout: 10_000 });
    click('保存草稿');
    await waitFor(() => expect(put).toHaveBeenCalledWith('/demo/project/edit', { name: '迟到的项目', id: 'new1' }, { key: expect.any(String) }));
    expect(post.mock.calls.filter(([url]) => String(url).includes('/add'))).toHaveLength(1);
  }, 30_000);

  it("shows a returned row's 退回修改 opinion, who and when, atop its 编辑", async () => {
    await open();
    fireEvent.click(within(screen.getByText('退回的项目').closest('tr')!).getByText('编辑'));
    expect(await screen.findByText('退回修改意见：请补充试点数据')).toBeInTheDocument();
    expect(screen.getByText('审核员 2026-11-02 10:00:00')).toBeInTheDocument();
    expect(footerButtons()).toEqual(['取消', '保存草稿', '提交申报']);
  });

  it("offers 编辑 in a returned row's 详情, beside 提交申报, and opens the row in 编辑", async () => {
    await open();
    // The row's own actions come first (编辑, 提交申报); 详情 waits under 更多.
    const row = screen.getByText('退回的项目').closest('tr')!;
    const detail = within(row).queryByText('详情');
    if (detail) fireEvent.click(detail);
    else {
      fireEvent.click(within(row).getByText('更多'));
      fireEvent.click((await screen.findAllByRole('menuitem')).find((m) => m.textContent === '详情')!);
    }
    await waitFor(() => expect(footerButtons()).toEqual(['编辑', '提交申报', '关闭']));
    click('编辑');
    expect(await screen.findByText('退回修改意见：请补充试点数据')).toBeInTheDocument();
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '保存草稿', '提交申报']));
  });

  it('keeps 确定 where no transition is offered from the form (the user may not submit)', async () => {
    codes.held = ['add', 'edit'];
    await open();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '确定']));
  });

  it('carries in 详情 the transitions the user may fire on the row now, and fires them from there', async () => {
    await open();
    const row = screen.getByText('已提交的项目').closest('tr')!;
    fireEvent.click(within(row).getByText('详情'));
    await waitFor(() => expect(footerButtons()).toEqual(['通过', '退回修改', '关闭']));
    click('退回修改');
    const opinion = (await screen.findAllByText('退回修改')).find((n) => n.closest('.ant-modal-title'))!.closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(opinion).getByRole('textbox'), { target: { value: '材料不全' } });
    fireEvent.click(within(opinion).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/project/transition', { id: 's', transition: 'return', opinion: '材料不全', fromState: 'submitted' }, { key: expect.any(String) }));
    await waitFor(() => expect(document.querySelector('.ant-modal-footer')).toBeNull());
    cleanup();
    codes.held = ['add', 'edit', 'submit'];
    await open();
    fireEvent.click(within(screen.getByText('已提交的项目').closest('tr')!).getByText('详情'));
    await waitFor(() => expect(footerButtons()).toEqual(['关闭']));
  });
});
