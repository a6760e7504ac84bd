// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../schema/types';
import { SchemaList } from './SchemaList';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(async () => ({ success: true, code: 200, message: '', result: { records: [], total: 0, size: 10, current: 1, pages: 0 } })), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  request: { get: vi.fn(async () => ({ success: true, result: [] })) },
}));
vi.mock('../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../app/session')>()),
  useSession: () => ({ auth: ['design', 'sync', 'export'].map((c) => ({ action: `demo:form:${c}`, type: '1' })), allAuth: [] }),
}));
afterEach(cleanup);

const schema: PageSchema = {
  code: 'demo_form', title: '表单', table: 'demo_form', api: '/demo/form', permission: 'demo:form',
  features: { add: false, import: false },
  actions: [
    { key: 'sync', label: '同步数据库', place: 'toolbar', permission: 'demo:form:sync', request: { method: 'post', url: '/demo/form/sync' } },
    { key: 'design', label: '新增表单', place: 'toolbar', primary: true, permission: 'demo:form:design', panel: 'CgformDesigner' },
  ],
  fields: [{ name: 'name', label: '名称', type: 'string', list: true }],
};

describe('the toolbar of a page whose 新增 is an action of its own', () => {
  it('draws the primary action as the main button, first; the others after 导出', async () => {
    render(<ConfigProvider locale={zhCN}><App><SchemaList schema={schema} /></App></ConfigProvider>);
    await screen.findByRole('button', { name: '新增表单' });
    const toolbar = document.querySelector('.schema-toolbar')!;
    await waitFor(() => expect([...toolbar.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['新增表单', '导出', '同步数据库']));
    expect(screen.getByRole('button', { name: '新增表单' })).toHaveClass('ant-btn-primary');
    expect(screen.getByRole('button', { name: '同步数据库' })).not.toHaveClass('ant-btn-primary');
  });
});
