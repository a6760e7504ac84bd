// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import enhanceSchema from '../../../../schemas/online/onl_cgform_enhance.json';
import CgformEnhance from '.';

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
const records = [
  { id: 'e1', cgformHeadId: 'h9', buttonCode: 'add', buttonCode_dictText: '新增', event: 'start', enhanceType: 'set', targetField: 'handler', targetValue: '#{sysUserCode}', activeStatus: '1', orderNum: 1 },
  { id: 'e2', cgformHeadId: 'h9', buttonCode: 'delete', buttonCode_dictText: '删除', event: 'start', enhanceType: 'refuse', condition: 'state in done,closed', message: '已处理的工单不能删除', activeStatus: '1', orderNum: 2 },
];

function open() {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformEnhance schema={{} as PageSchema} row={{ id: 'h9', tableName: 'demo_ticket', tableTxt: '工单' }} selectedIds={[]} open onClose={vi.fn()} /></App>
    </ConfigProvider>,
  );
}
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  get.mockImplementation(async (url: string) => {
    if (url === '/sys/schema/page') return envelope(true, enhanceSchema) as never;
    if (url === '/online/cgform/enhance/list') return envelope(true, { records, total: 2, size: 10, current: 1, pages: 1 }) as never;
    return envelope(true, []) as never;
  });
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('CgformEnhance', () => {
  it("lists the selected form's enhancement records with their rules as written", async () => {
    open();
    expect(await screen.findByText('#{sysUserCode}', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/schema/page', { code: 'onl_cgform_enhance' });
    expect(get).toHaveBeenCalledWith('/online/cgform/enhance/list', expect.objectContaining({ cgformHeadId: 'h9' }));
    expect(within(rowOf('已处理的工单不能删除')).getByText('state in done,closed')).toBeInTheDocument();
    expect(screen.getByText(/每个表单最多16条/)).toBeInTheDocument();
  });

  it("shows the server's refusal verbatim", async () => {
    del.mockResolvedValue(envelope(false, null, '未找到对应数据') as never);
    open();
    await screen.findByText('#{sysUserCode}', {}, { timeout: 5000 });
    fireEvent.click(within(rowOf('#{sysUserCode}')).getByText('更多'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/online/cgform/enhance/delete', { id: 'e1' }, { key: expect.any(String) }));
    expect(await screen.findByText('未找到对应数据')).toBeInTheDocument();
  });
});
