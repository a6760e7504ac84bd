// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import type { PageSchema } from '../../../../schema/types';
import OnlineIframe from './OnlineIframe';
import OnlineIframeEdit from './OnlineIframeEdit';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);

const ok = <T,>(result: T, message = '') => ({ success: true, message, code: 200, result, timestamp: 0 });
const schema: PageSchema = {
  code: 'demo_case', title: '案例', table: 'demo_case', api: '/online/data/demo_case', permission: 'online:demo_case',
  fields: [{ name: 'title', label: '标题', type: 'string', length: 50, required: true }],
};

function at(url: string) {
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/onlineIframe/OnlineIframe" element={<OnlineIframe />} />
            <Route path="/onlineIframe/OnlineIframeEdit" element={<OnlineIframeEdit />} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('online iframe pages', () => {
  it('say what is wrong without a table or with one that is not synced', async () => {
    at('/onlineIframe/OnlineIframe');
    expect(await screen.findByText('缺少参数 table')).toBeInTheDocument();
    cleanup();
    get.mockResolvedValueOnce({ success: false, message: '页面配置不存在', code: 404, result: null, timestamp: 0 } as never);
    at('/onlineIframe/OnlineIframe?table=nope');
    expect(await screen.findByText('页面配置不存在')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/schema/page', { code: 'nope' });
  });

  it('edits one row alone, saves it through the engine and tells the embedding page', async () => {
    get.mockImplementation(((url: string) => Promise.resolve(url === '/sys/schema/page' ? ok(schema) : ok({ id: 'r1', title: '旧标题' }))) as never);
    put.mockResolvedValue(ok('r1', '编辑成功!') as never);
    // Embedded: the page's parent is another window, which is told when the form closes.
    const parent = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    at('/onlineIframe/OnlineIframeEdit?table=demo_case&id=r1');
    const input = await screen.findByDisplayValue('旧标题');
    expect(get).toHaveBeenCalledWith('/online/data/demo_case/queryById', { id: 'r1' });
    fireEvent.change(input, { target: { value: '新标题' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/online/data/demo_case/edit', expect.objectContaining({ id: 'r1', title: '新标题' }), { key: expect.any(String) }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'online-form-closed', table: 'demo_case', id: 'r1', saved: true }, '*');
    fireEvent.click(screen.getByRole('button', { name: '再次编辑' }));
    expect(await screen.findByDisplayValue('旧标题')).toBeInTheDocument();
  });
});
