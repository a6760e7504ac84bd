// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import Workplace, { type Todo } from './Workplace';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const envelope = <T,>(success: boolean, result: T) => ({ success, message: '', code: success ? 200 : 500, result, timestamp: Date.now() });

const mount = () => render(
  <MemoryRouter initialEntries={['/dashboard/workplace']}>
    <Routes>
      <Route path="/dashboard/workplace" element={<Workplace />} />
      <Route path="/pms/myProject" element={<p>我的项目页面</p>} />
    </Routes>
  </MemoryRouter>,
);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('Workplace', () => {
  it('shows each to-do with its count, one click from its page', async () => {
    const todos: Todo[] = [
      { key: 'draftProjects', label: '草稿项目', count: 2, path: '/pms/myProject' },
      { key: 'unreadNotices', label: '未读消息', count: 0, path: '/isps/userAnnouncement' },
    ];
    get.mockResolvedValue(envelope(true, todos) as never);
    mount();
    expect(get).toHaveBeenCalledWith('/sys/workplace/todo');
    const draft = (await screen.findByText('草稿项目')).closest('a')!;
    expect(draft).toHaveAttribute('href', '/pms/myProject');
    expect(draft).toHaveTextContent('2');
    expect(draft).toHaveTextContent('去处理');
    expect(screen.getByText('未读消息').closest('a')).toHaveTextContent('暂无');
    fireEvent.click(draft);
    expect(await screen.findByText('我的项目页面')).toBeInTheDocument();
  });

  it('says so when the to-dos cannot be loaded', async () => {
    get.mockResolvedValue(envelope(false, null) as never);
    mount();
    expect(await screen.findByText('待办加载失败')).toBeInTheDocument();
  });
});
