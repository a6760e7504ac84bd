// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { DdlStep } from '../../../schema/ddl';
import type { PageSchema } from '../../../schema/types';
import CgformSync from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const planOf = (steps: DdlStep[]) => envelope(true, { steps, destructive: steps.some((s) => s.kind === 'dropColumn') });

function open(onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformSync schema={{} as PageSchema} row={{ id: 'h1', tableName: 'demo_contract', tableTxt: '合同' }} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}
const click = (name: RegExp | string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('CgformSync', () => {
  it('shows each step of the plan in words and syncs normally', async () => {
    get.mockResolvedValueOnce(planOf([
      { kind: 'createTable', table: 'demo_contract', columns: [{ column: 'id', type: 'string', nullable: false }, { column: 'contract_name', type: 'string', nullable: true }] },
      { kind: 'createIndex', table: 'demo_contract', name: 'uk_demo_contract_code', columns: ['code'], unique: true },
    ]) as never).mockResolvedValueOnce(planOf([]) as never);
    post.mockResolvedValue(envelope(true, { applied: [], skipped: [] }, '同步数据库成功！') as never);
    const onClose = open();
    expect(await screen.findByText('新建表')).toBeInTheDocument();
    expect(screen.getByText('demo_contract（id、contract_name）')).toBeInTheDocument();
    expect(screen.getByText('新建索引')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/online/cgform/api/syncPlan/h1');
    expect(screen.queryByRole('button', { name: '强制同步' })).not.toBeInTheDocument();
    click(/^同\s*步$/);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/api/doDbSynch/h1/normal', {}));
    expect((await screen.findAllByText('同步数据库成功！')).length).toBeGreaterThan(0);
    expect(await screen.findByText('数据库表已是最新，无需变更')).toBeInTheDocument();
    click(/关\s*闭/);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('says an unchanged table is up to date and still lets the design be published', async () => {
    get.mockResolvedValue(planOf([]) as never);
    post.mockResolvedValue(envelope(true, { applied: [], skipped: [] }, '同步数据库成功！') as never);
    open();
    expect(await screen.findByText('数据库表已是最新，无需变更')).toBeInTheDocument();
    click(/^同\s*步$/);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/api/doDbSynch/h1/normal', {}));
  });

  it('asks twice, naming the columns, before a forced sync drops them', async () => {
    get.mockResolvedValue(planOf([
      { kind: 'addColumn', table: 'demo_contract', column: { column: 'sign_date', type: 'date', nullable: true } },
      { kind: 'dropColumn', table: 'demo_contract', column: 'remark', destructive: true },
    ]) as never);
    post.mockResolvedValue(envelope(true, { applied: [], skipped: [] }, '同步数据库成功！') as never);
    open();
    expect(await screen.findByText('新增字段')).toBeInTheDocument();
    expect(screen.getByText('sign_date date')).toBeInTheDocument();
    expect(screen.getByText('删除字段（数据将丢失）')).toBeInTheDocument();
    click('强制同步');
    expect(await screen.findByText('强制同步将从表 demo_contract 中删除字段：remark。这些字段中的数据将永久丢失，无法恢复。')).toBeInTheDocument();
    click(/^继\s*续$/);
    expect(await screen.findByText('确定删除字段 remark 及其全部数据吗？')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    click('确定删除');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/api/doDbSynch/h1/force', {}));
  });

  it('a forced sync is not sent when either confirmation is declined', async () => {
    get.mockResolvedValue(planOf([{ kind: 'dropColumn', table: 'demo_contract', column: 'remark', destructive: true }]) as never);
    open();
    await screen.findByRole('button', { name: '强制同步' });
    click('强制同步');
    click(/^继\s*续$/);
    await screen.findByText('确定删除字段 remark 及其全部数据吗？');
    const cancels = screen.getAllByRole('button', { name: /取\s*消/ });
    fireEvent.click(cancels.at(-1)!);
    // Declining calls nothing; confirming would have sent the request at once.
    await new Promise((r) => setTimeout(r, 50));
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's word after a normal sync that left drops undone", async () => {
    get.mockResolvedValue(planOf([{ kind: 'dropColumn', table: 'demo_contract', column: 'remark', destructive: true }]) as never);
    post.mockResolvedValue(envelope(true, { applied: [], skipped: [{}] }, '同步数据库成功！有 1 个删除字段未执行，需以 force 方式再次确认') as never);
    open();
    await screen.findByText('删除字段（数据将丢失）');
    click(/^同\s*步$/);
    expect((await screen.findAllByText('同步数据库成功！有 1 个删除字段未执行，需以 force 方式再次确认')).length).toBeGreaterThan(0);
    // The drop is still planned: force stays offered.
    // (its name keeps antd's fading loading icon in happy-dom, hence the pattern)
    expect(await screen.findByRole('button', { name: /强制同步/ })).toBeInTheDocument();
    expect(screen.getByText('删除字段（数据将丢失）')).toBeInTheDocument();
  });
});
