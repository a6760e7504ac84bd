import { describe, expect, it, vi } from 'vitest';
import { drawnBySchema, pageComponent, preloadPageCode, prefetchPages, registerPage } from './registry';

describe('prefetchPages', () => {
  it('loads each page module once, one at a time when idle, and stops when asked', async () => {
    const order: string[] = [];
    const loader = (name: string) => vi.fn(async () => { order.push(name); return { default: () => null }; });
    const a = loader('a'), b = loader('b'), c = loader('c');
    registerPage('test/A', a); registerPage('test/B', b); registerPage('test/C', c);
    const idle: (() => void)[] = [];
    const stop = prefetchPages(['test/A', 'test/B', 'test/A', 'test/C'], (run) => { idle.push(run); return () => {}; });
    expect(idle).toHaveLength(1); // nothing loads before the browser is idle
    idle.shift()!();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(order).toEqual(['a']);
    idle.shift()!();
    await vi.waitFor(() => expect(order).toEqual(['a', 'b']));
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    stop();
    idle.shift()!(); // a callback already queued runs, but nothing after it
    await new Promise((r) => setTimeout(r, 10));
    expect(idle).toHaveLength(0);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('goes on past a page whose code fails to load', async () => {
    const failing = vi.fn(async () => { throw new Error('chunk gone'); });
    const fine = vi.fn(async () => ({ default: () => null }));
    registerPage('test/Failing', failing); registerPage('test/Fine', fine);
    prefetchPages(['test/Failing', 'test/Fine'], (run) => { setTimeout(run, 0); return () => {}; });
    await vi.waitFor(() => expect(fine).toHaveBeenCalledTimes(1));
  });
});

describe('drawnBySchema', () => {
  it('is true for a component without a module of its own and for the online form list, false for a module', () => {
    registerPage('test/Own', async () => ({ default: () => null }));
    expect(drawnBySchema('system/SysPositionList')).toBe(true);
    expect(drawnBySchema('modules/online/cgform/auto/OnlCgformAutoList')).toBe(true);
    expect(drawnBySchema('test/Own')).toBe(false);
    expect(drawnBySchema('dashboard/Analysis')).toBe(false);
  });
});

describe('a chart page', () => {
  it('asks for the chart library with its code, and loads even when the library does not', async () => {
    vi.resetModules();
    const loadG2 = vi.fn(() => Promise.reject(new Error('offline')));
    vi.doMock('./online/graphreport/loadG2', () => ({ loadG2 }));
    vi.doMock('./dashboard/IndexChart', () => ({ default: () => null }));
    vi.doMock('./dashboard/Workplace', () => ({ default: () => null }));
    const registry = await import('./registry');
    let done = false;
    registry.prefetchPages(['dashboard/Workplace'], (run) => { run(); return () => {}; });
    await new Promise((r) => setTimeout(r, 0));
    expect(loadG2).not.toHaveBeenCalled();
    registry.prefetchPages(['dashboard/IndexChart'], (run) => { run(); done = true; return () => {}; });
    expect(done).toBe(true);
    expect(loadG2).toHaveBeenCalledTimes(1);
    vi.doUnmock('./online/graphreport/loadG2');
  });
});

describe('pageComponent', () => {
  it('is the page itself once its code was prefetched, so its first render does not suspend; the same one every time', async () => {
    const Page = () => null;
    const loader = vi.fn(async () => ({ default: Page }));
    registerPage('test/Prefetched', loader);
    prefetchPages(['test/Prefetched'], (run) => { run(); return () => {}; });
    await vi.waitFor(() => expect(loader).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(pageComponent('test/Prefetched')).toBe(Page);
    expect(pageComponent('test/Prefetched')).toBe(pageComponent('test/Prefetched'));
  });

  it('is a lazy component before its code is loaded, and stays that one after (a new one would remount the page)', async () => {
    const Page = () => null;
    registerPage('test/NotYet', async () => ({ default: Page }));
    const first = pageComponent('test/NotYet');
    expect(first).not.toBe(Page);
    expect((first as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    prefetchPages(['test/NotYet'], (run) => { run(); return () => {}; });
    await new Promise((r) => setTimeout(r, 10));
    expect(pageComponent('test/NotYet')).toBe(first);
  });
});

describe('preloadPageCode', () => {
  it('loads a page ahead, so it is drawn without suspending; a failure is no error', async () => {
    const Page = () => null;
    registerPage('test/Landing', async () => ({ default: Page }));
    await preloadPageCode('test/Landing');
    expect(pageComponent('test/Landing')).toBe(Page);
    registerPage('test/Broken', async () => { throw new Error('chunk gone'); });
    await expect(preloadPageCode('test/Broken')).resolves.toBeUndefined();
  });
});
