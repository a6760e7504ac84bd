// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/request';
import type { PageSchema } from '../../schema/types';
import { buttonIcon } from './customButtons';
import { SchemaList } from './SchemaList';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: { get: vi.fn(async () => ({ success: true, result: [] })) },
}));
vi.mock('../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../app/session')>()),
  useSession: () => ({ auth: ['approve', 'publish', 'open'].map((c) => ({ action: `online:demo_ticket:${c}`, type: '1' })), allAuth: [] }),
}));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const schema: PageSchema = {
  code: 'demo_ticket', title: '工单', table: 'demo_ticket', api: '/online/data/demo_ticket', permission: 'online:demo_ticket',
  fields: [{ name: 'title', label: '标题', type: 'string', list: true }, { name: 'state', label: '状态', type: 'string', list: true }],
};
const perm = (code: string) => `online:demo_ticket:${code}`;
const buttons = [
  { code: 'approve', name: '审核通过', style: 'link', optType: 'action', exp: 'state != done', confirm: '确定通过吗？', permission: perm('approve') },
  { code: 'publish', name: '发布', icon: 'send', style: 'button', optType: 'action', permission: perm('publish') },
  { code: 'open', name: '查看原文', style: 'link', optType: 'link', url: 'https://example.com/t?title=${title}', permission: perm('open') },
  { code: 'secret', name: '机密操作', style: 'link', optType: 'action', permission: perm('secret') },
  { code: 'secret2', name: '机密工具', style: 'button', optType: 'action', permission: perm('secret2') },
];
const rows = [{ id: 'r1', title: 'A&B', state: 'new' }, { id: 'r2', title: 'C', state: 'done' }];

function open(s: PageSchema = schema) {
  render(<ConfigProvider locale={zhCN}><App><SchemaList schema={s} /></App></ConfigProvider>);
}
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const moreOf = async (text: string) => {
  fireEvent.click(within(rowOf(text)).getByText('更多'));
  return screen.findAllByRole('menuitem');
};
const listCalls = () => get.mock.calls.filter(([url]) => url === '/online/data/demo_ticket/list').length;

beforeEach(() => {
  get.mockImplementation(async (url: string) => {
    if (url === '/online/cgform/api/buttons/demo_ticket') return envelope(true, buttons) as never;
    if (url === '/online/data/demo_ticket/list') return envelope(true, { records: rows, total: 2, size: 10, current: 1, pages: 1 }) as never;
    if (url.endsWith('/list')) return envelope(true, { records: [], total: 0, size: 10, current: 1, pages: 0 }) as never;
    return envelope(true, []) as never;
  });
  post.mockResolvedValue(envelope(true, null, '执行成功!') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); vi.restoreAllMocks(); });

describe('custom buttons on an online form page', () => {
  it('shows the row buttons the user holds where their condition holds', async () => {
    open();
    await screen.findByText('A&B', {}, { timeout: 5000 });
    expect(get).toHaveBeenCalledWith('/online/cgform/api/buttons/demo_ticket');
    expect((await moreOf('A&B')).map((m) => m.textContent)).toEqual(['审核通过', '查看原文']);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    cleanup();
    open();
    await screen.findByText('C', {}, { timeout: 5000 });
    // One link left over is shown in the row, not in a menu of one.
    expect(within(rowOf('C')).queryByText('更多')).toBeNull();
    expect(within(rowOf('C')).getByText('查看原文').tagName).toBe('A');
  });

  it('asks the confirm text, runs the action on the row and reloads the list', async () => {
    open();
    await screen.findByText('A&B', {}, { timeout: 5000 });
    const before = listCalls();
    const items = await moreOf('A&B');
    fireEvent.click(items.find((m) => m.textContent === '审核通过')!);
    expect(await screen.findByText('确定通过吗？')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/api/doButton', { formId: 'demo_ticket', buttonCode: 'approve', dataId: 'r1' }));
    expect(await screen.findByText('执行成功!')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('a toolbar button acts on the selected rows; only held buttons show', async () => {
    open();
    await screen.findByText('A&B', {}, { timeout: 5000 });
    const publish = screen.getByRole('button', { name: /发\s*布/ });
    expect(publish).toBeDisabled();
    expect(screen.queryByText('机密工具')).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('A&B')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('C')).getByRole('checkbox'));
    await waitFor(() => expect(publish).toBeEnabled());
    fireEvent.click(publish);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/api/doButton', { formId: 'demo_ticket', buttonCode: 'publish', dataId: 'r1,r2' }));
  });

  it("opens a link button's URL with the row's values encoded", async () => {
    const win = vi.spyOn(window, 'open').mockReturnValue(null);
    open();
    await screen.findByText('A&B', {}, { timeout: 5000 });
    const items = await moreOf('A&B');
    fireEvent.click(items.find((m) => m.textContent === '查看原文')!);
    expect(win).toHaveBeenCalledWith('https://example.com/t?title=A%26B', '_blank', 'noopener,noreferrer');
    expect(post).not.toHaveBeenCalled();
  });

  it('names icons as antd does, in kebab case or by component name', () => {
    expect(buttonIcon('check-circle')).toBeTruthy();
    expect(buttonIcon('CheckCircleOutlined')).toBeTruthy();
    expect(buttonIcon('no-such-icon')).toBeUndefined();
    expect(buttonIcon(null)).toBeUndefined();
  });

  it('asks nothing of the server for a schema that is not an online form', async () => {
    open({ ...schema, api: '/sys/position' });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/position/list', expect.anything()));
    expect(get).not.toHaveBeenCalledWith('/online/cgform/api/buttons/demo_ticket');
  });
});
