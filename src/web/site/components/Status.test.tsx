// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loaded } from './Status';

afterEach(cleanup);

const wrap = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('Loaded', () => {
  it('says it is loading', () => {
    wrap(<Loaded load={{ status: 'loading', retry: vi.fn() }} what="新闻">{() => 'x'}</Loaded>);
    expect(screen.getByRole('status').textContent).toBe('正在加载新闻…');
  });

  it('shows the failure with a 重试 button that retries', () => {
    const retry = vi.fn();
    wrap(<Loaded load={{ status: 'error', message: '网络不给力', notFound: false, retry }}>{() => 'x'}</Loaded>);
    expect(screen.getByRole('alert').textContent).toContain('网络不给力，请稍后再试');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows the friendly not-found page with a way home', () => {
    wrap(<Loaded load={{ status: 'error', message: '内容不存在', notFound: true, retry: vi.fn() }}>{() => 'x'}</Loaded>);
    expect(screen.getByText('页面走丢了')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/web');
  });

  it('shows the empty message for an empty list or a null answer, the content otherwise', () => {
    const { unmount } = wrap(<Loaded load={{ status: 'ready', data: [] as number[], retry: vi.fn() }} isEmpty={(d) => !d.length} empty="暂无新闻">{() => 'x'}</Loaded>);
    expect(screen.getByText('暂无新闻')).toBeTruthy();
    unmount();
    wrap(<Loaded load={{ status: 'ready', data: null, retry: vi.fn() }} empty="敬请期待">{() => 'x'}</Loaded>);
    expect(screen.getByText('敬请期待')).toBeTruthy();
    cleanup();
    wrap(<Loaded load={{ status: 'ready', data: [1, 2], retry: vi.fn() }} isEmpty={(d) => !d.length}>{(d) => <span>共{d.length}</span>}</Loaded>);
    expect(screen.getByText('共2')).toBeTruthy();
  });
});
