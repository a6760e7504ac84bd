// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebBanner } from '../../../schema/web-site';
import { Carousel } from './Carousel';

vi.mock('../../app/config', () => ({ staticUrl: (p: string) => (p ? `/static/${p}` : '') }));

afterEach(() => { cleanup(); vi.useRealTimers(); });

const banners: WebBanner[] = [
  { id: 'a', title: '报名开始', image: 'a.png', link: '/web/match', sortNo: 1 },
  { id: 'b', title: '决赛路演', image: 'b.png', link: 'https://example.org/x', sortNo: 2 },
  { id: 'c', title: '颁奖典礼', image: 'c.png', link: null, sortNo: 3 },
];

const current = () => screen.getAllByRole('group', { hidden: true }).findIndex((g) => g.getAttribute('aria-hidden') === 'false');

describe('Carousel', () => {
  it('links each banner the way its link says: in-site, external in a new tab, or not at all', () => {
    render(<MemoryRouter><Carousel banners={banners} /></MemoryRouter>);
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/web/match', 'https://example.org/x']);
    expect(links[1].getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('img', { hidden: true }).map((i) => i.getAttribute('src'))).toEqual(['/static/a.png', '/static/b.png', '/static/c.png']);
  });

  it('advances every 5 s, wraps around, and follows the dots and arrows', () => {
    vi.useFakeTimers();
    render(<MemoryRouter><Carousel banners={banners} /></MemoryRouter>);
    expect(current()).toBe(0);
    act(() => { vi.advanceTimersByTime(5000); });
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '第 3 张' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(current()).toBe(2);
  });

  it('pauses while hovered', () => {
    vi.useFakeTimers();
    const { container } = render(<MemoryRouter><Carousel banners={banners} /></MemoryRouter>);
    fireEvent.mouseEnter(container.firstElementChild!);
    act(() => { vi.advanceTimersByTime(12_000); });
    expect(current()).toBe(0);
  });

  it('shows a single banner without controls', () => {
    render(<MemoryRouter><Carousel banners={banners.slice(0, 1)} /></MemoryRouter>);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
