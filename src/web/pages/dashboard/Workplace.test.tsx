// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { announceRecordsChanged } from '../../app/liveRecords';
import { PageActiveContext } from '../../layouts/basic/pageActive';
import Workplace, { type Todo } from './Workplace';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const envelope = <T,>(success: boolean, result: T) => ({ success, message: '', code: success ? 200 : 500, result, timestamp: Date.now() });

const mount = () => render(
  <MemoryRouter initialEntries={['/dashboard/workplace']}>
    <Routes>
      <Route path="/dashboard/workplace" element={<Workplace />} />
      <Route path="/pms/myProject" element={<p>我的项目页面</p>} />
      <Route path="/pms/audit" element={<p>项目审核页面</p>} />
    </Routes>
  </MemoryRouter>,
);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('Workplace', () => {
  it('shows each entry with its count by state, one click from its page', async () => {
    const todos: Todo[] = [
      { key: 'pms_project.submit', label: '待提交的申报', count: 3, path: '/pms/myProject', noun: '项目', byState: [{ state: 'draft', text: '草稿', count: 2 }, { state: 'returned', text: '已退回', count: 1 }], items: [] },
      { key: 'unreadNotices', label: '未读消息', count: 0, path: '/isps/userAnnouncement', noun: '消息', byState: [], items: [] },
    ];
    get.mockResolvedValue(envelope(true, todos) as never);
    mount();
    expect(get).toHaveBeenCalledWith('/sys/workplace/todo');
    const draft = (await screen.findByText('待提交的申报')).closest('a')!;
    expect(draft).toHaveAttribute('href', '/pms/myProject');
    expect(draft).toHaveTextContent('3');
    expect(draft).toHaveTextContent('草稿 2 · 已退回 1');
    expect(screen.getByText('未读消息').closest('a')).toHaveTextContent('暂无');
    fireEvent.click(draft);
    expect(await screen.findByText('我的项目页面')).toBeInTheDocument();
  });

  it('names each waiting row and opens it on its page; a live notice brings new work', async () => {
    const queue = (n: number): Todo => ({
      key: 'pms_project.pass', label: '待审核项目', count: n, path: '/pms/audit', noun: '项目', byState: [{ state: 'submitted', text: '已提交', count: n }],
      items: [{ id: 'p1', title: '城市地下管网智能巡检机器人', state: 'submitted', stateText: '已提交', time: '2026-11-29 10:00:00', path: '/pms/audit?id=p1' }].slice(0, n),
    });
    get.mockResolvedValueOnce(envelope(true, [queue(0)]) as never).mockResolvedValue(envelope(true, [queue(1)]) as never);
    mount();
    expect(await screen.findByText('待审核项目')).toBeInTheDocument();
    expect(screen.queryByText('项目「城市地下管网智能巡检机器人」')).not.toBeInTheDocument();
    act(() => announceRecordsChanged({ table: 'pms_project', ids: ['p1'] }));
    const row = await screen.findByText('项目「城市地下管网智能巡检机器人」');
    expect(get).toHaveBeenCalledTimes(2);
    expect(row.closest('a')).toHaveAttribute('href', '/pms/audit?id=p1');
    expect(screen.getByRole('link', { name: '去处理项目「城市地下管网智能巡检机器人」' })).toHaveAttribute('href', '/pms/audit?id=p1');
    fireEvent.click(row);
    expect(await screen.findByText('项目审核页面')).toBeInTheDocument();
  });

  it('asks again when its tab is shown again: work done on another page meanwhile is gone', async () => {
    const queue = (n: number): Todo => ({ key: 'pms_project.pass', label: '待审核项目', count: n, path: '/pms/audit', noun: '项目', byState: [], items: [] });
    get.mockResolvedValueOnce(envelope(true, [queue(1)]) as never).mockResolvedValue(envelope(true, [queue(0)]) as never);
    const tab = (active: boolean) => (
      <MemoryRouter><PageActiveContext.Provider value={active}><Workplace /></PageActiveContext.Provider></MemoryRouter>
    );
    const { rerender } = render(tab(true));
    expect((await screen.findByText('待审核项目')).closest('a')).toHaveTextContent('1');
    rerender(tab(false));
    expect(get).toHaveBeenCalledTimes(1);
    rerender(tab(true));
    expect(get).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('暂无')).toBeInTheDocument();
  });

  it('says so when the to-dos cannot be loaded', async () => {
    get.mockResolvedValue(envelope(false, null) as never);
    mount();
    expect(await screen.findByText('待办加载失败')).toBeInTheDocument();
  });
});
