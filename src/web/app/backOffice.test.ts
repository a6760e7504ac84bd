// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('loadBackOffice', () => {
  beforeEach(() => { vi.resetModules(); vi.doUnmock('../layouts/BasicLayout'); vi.doUnmock('./dayjs-locale'); vi.doUnmock('../pages/registry'); });

  it('loads the layout with the dates locale', async () => {
    const order: string[] = [];
    vi.doMock('./dayjs-locale', () => { order.push('locale'); return {}; });
    vi.doMock('../layouts/BasicLayout', () => { order.push('layout'); return { default: () => null }; });
    const { loadBackOffice } = await import('./backOffice');
    const layout = await loadBackOffice();
    expect(typeof layout.default).toBe('function');
    expect(order.sort()).toEqual(['layout', 'locale']);
  });

  it('asks for the code of the landing page (首页) through the page registry', async () => {
    const preloadPageCode = vi.fn(async () => undefined);
    vi.doMock('../pages/registry', () => ({ preloadPageCode }));
    const { preloadLanding } = await import('./backOffice');
    await preloadLanding();
    expect(preloadPageCode).toHaveBeenCalledWith('dashboard/Analysis');
  });
});
