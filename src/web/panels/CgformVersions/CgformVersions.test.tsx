// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import CgformVersions from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const versions = [
  { id: 'v2', tableVersion: 2, createBy: 'admin', createTime: '2025-06-02 10:00:00' },
  { id: 'v1', tableVersion: 1, createBy: 'designer', createTime: '2025-06-01 09:00:00' },
];

function open(onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformVersions schema={{} as PageSchema} row={{ id: 'h1', tableTxt: '合同' }} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => { get.mockResolvedValue(envelope(true, { records: versions, total: 2, size: 10, current: 1, pages: 1 }) as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('CgformVersions', () => {
  it("lists the form's versions newest first", async () => {
    open();
    expect(await screen.findByText('designer')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/online/cgform/version/list', { pageNo: 1, pageSize: 10, headId: 'h1', column: 'tableVersion', order: 'desc' });
    expect(within(rowOf('designer')).getByText('2025-06-01 09:00:00')).toBeInTheDocument();
  });

  it('restores a version only after confirmation, then closes with a change', async () => {
    post.mockResolvedValue(envelope(true, null, '已恢复该版本，同步数据库后生效') as never);
    const onClose = open();
    await screen.findByText('designer');
    fireEvent.click(within(rowOf('designer')).getByText('恢复'));
    expect(await screen.findByText('确定将表单设计恢复为版本 1 吗？当前未同步的修改将被替换，恢复后需同步数据库才生效。')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/head/restore', { id: 'h1', version: 1 }));
    expect(await screen.findByText('已恢复该版本，同步数据库后生效')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows a refused restore and stays open', async () => {
    post.mockResolvedValue(envelope(false, null, '版本 1 不存在') as never);
    const onClose = open();
    await screen.findByText('designer');
    fireEvent.click(within(rowOf('designer')).getByText('恢复'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('版本 1 不存在')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
