// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import buttonSchema from '../../../../schemas/online/onl_cgform_button.json';
import CgformButtons from '.';

// Dictionary items (the query bar's options) come through request.get: none here.
vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: { get: vi.fn(async () => ({ success: true, result: [] })) },
}));
vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  useSession: () => ({ auth: ['add', 'edit', 'delete'].map((a) => ({ action: `online:cgform:${a}`, type: '1' })), allAuth: [] }),
}));
const get = vi.mocked(http.get);
const del = vi.mocked(http.delete);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const buttons = [
  { id: 'b1', cgformHeadId: 'h1', buttonCode: 'approve', buttonName: '审核通过', buttonStyle: 'link', buttonStyle_dictText: '链接', optType: 'action', exp: 'state != done', buttonStatus: '1', orderNum: 1 },
  { id: 'b2', cgformHeadId: 'h1', buttonCode: 'open', buttonName: '查看原文', buttonStyle: 'button', buttonStyle_dictText: '按钮', optType: 'link', buttonStatus: '1', orderNum: 2 },
];

function open() {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformButtons schema={{} as PageSchema} row={{ id: 'h1', tableName: 'demo_ticket', tableTxt: '工单' }} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
}
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  get.mockImplementation(async (url: string) => {
    if (url === '/sys/schema/page') return envelope(true, buttonSchema) as never;
    if (url === '/online/cgform/button/list') return envelope(true, { records: buttons, total: 2, size: 10, current: 1, pages: 1 }) as never;
    return envelope(true, []) as never;
  });
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('CgformButtons', () => {
  it("lists the selected form's buttons only", async () => {
    open();
    expect(await screen.findByText('审核通过', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('工单', { exact: false })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/schema/page', { code: 'onl_cgform_button' });
    expect(get).toHaveBeenCalledWith('/online/cgform/button/list', expect.objectContaining({ cgformHeadId: 'h1' }));
    expect(within(rowOf('审核通过')).getByText('state != done')).toBeInTheDocument();
    expect(within(rowOf('查看原文')).getByText('open')).toBeInTheDocument();
    // The syntax is explained beside the list.
    expect(screen.getByText('online:表名:按钮编码')).toBeInTheDocument();
  });

  it('names the form in the title of the dialog adding one of its buttons', async () => {
    open();
    await screen.findByText('审核通过', {}, { timeout: 5000 });
    expect(screen.getByText('自定义按钮 - 工单')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await screen.findByText('新增 - 工单')).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete verbatim", async () => {
    del.mockResolvedValue(envelope(false, null, '按钮正在使用中，不能删除') as never);
    open();
    await screen.findByText('审核通过', {}, { timeout: 5000 });
    fireEvent.click(within(rowOf('审核通过')).getByText('更多'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/online/cgform/button/delete', { id: 'b1' }, { key: expect.any(String) }));
    expect(await screen.findByText('按钮正在使用中，不能删除')).toBeInTheDocument();
  });
});
