// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('loadBackOffice', () => {
  beforeEach(() => { vi.resetModules(); vi.doUnmock('../layouts/BasicLayout'); vi.doUnmock('./dayjs-locale'); vi.doUnmock('../pages/registry'); });

  it('loads the layout once with the dates locale, whoever asks (the router, the login form)', async () => {
    const order: string[] = [];
    vi.doMock('./dayjs-locale', () => { order.push('locale'); return {}; });
    vi.doMock('../layouts/BasicLayout', () => { order.push('layout'); return { default: () => null }; });
    const { loadBackOffice } = await import('./backOffice');
    const [a, b] = await Promise.all([loadBackOffice(), loadBackOffice()]);
    expect(a).toBe(b);
    expect(typeof a.default).toBe('function');
    expect(order.sort()).toEqual(['layout', 'locale']);
  });

  it('forgets a failed load, so the router asks again', async () => {
    let fail = true;
    vi.doMock('./dayjs-locale', () => ({}));
    vi.doMock('../layouts/BasicLayout', () => { if (fail) throw new Error('chunk gone'); return { default: () => null }; });
    const { loadBackOffice } = await import('./backOffice');
    await expect(loadBackOffice()).rejects.toThrow();
    fail = false;
    vi.resetModules();
    await expect(loadBackOffice()).resolves.toHaveProperty('default');
  });

  it('asks for the code of the landing page (首页) through the page registry', async () => {
    const preloadPageCode = vi.fn(async () => undefined);
    vi.doMock('../pages/registry', () => ({ preloadPageCode }));
    const { preloadLanding } = await import('./backOffice');
    await preloadLanding();
    expect(preloadPageCode).toHaveBeenCalledWith('dashboard/Analysis');
  });
});
