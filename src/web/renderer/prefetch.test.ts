import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchStore } from './prefetch';

describe('prefetchStore', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('asks once however often it is started, and hands the answer over once', async () => {
    const store = prefetchStore<number>();
    const load = vi.fn(() => Promise.resolve(7));
    store.start('a', load);
    store.start('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(store.take('a')).resolves.toBe(7);
    expect(store.take('a')).toBeUndefined();
  });

  it('hands out an answer on its way without using it up, and nothing once it arrived', async () => {
    const store = prefetchStore<string>(1000);
    let answer!: (v: string) => void;
    store.start('a', () => new Promise((ok) => { answer = ok; }));
    const waiting = store.pending('a');
    expect(waiting).toBeDefined();
    answer('rows');
    await expect(waiting).resolves.toBe('rows');
    expect(store.pending('a')).toBeUndefined();
    expect(store.pending('never')).toBeUndefined();
    await expect(store.take('a')).resolves.toBe('rows');
  });

  it('shows an arrived answer synchronously without using it up, and nothing before it arrived', async () => {
    const store = prefetchStore<string>(1000);
    let answer!: (v: string) => void;
    store.start('k', () => new Promise((r) => { answer = r; }));
    expect(store.arrived('k')).toBeUndefined();
    answer('schema');
    await Promise.resolve();
    expect(store.arrived('k')).toBe('schema');
    expect(store.arrived('k')).toBe('schema');
    await vi.advanceTimersByTimeAsync(1001);
    expect(store.arrived('k')).toBeUndefined();
  });

  it('drops an answer nobody took, so a later visit asks afresh', async () => {
    const store = prefetchStore<number>(1000);
    const load = vi.fn(() => Promise.resolve(1));
    store.start('a', load);
    await vi.advanceTimersByTimeAsync(1001);
    expect(store.take('a')).toBeUndefined();
    store.start('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed prefetch: the page asks again itself', async () => {
    const store = prefetchStore<number>();
    store.start('a', () => Promise.reject(new Error('offline')));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.take('a')).toBeUndefined();
  });
});
