import { describe, expect, it } from 'vitest';
import { FailureLimiter, MemoryCounterStore } from '../../../src/server/auth/rate-limit.js';

describe('FailureLimiter', () => {
  const WINDOW = 60_000;

  it('lets a key try until it has failed max times within the window', () => {
    const l = new FailureLimiter(3, WINDOW);
    const t0 = 1_000_000;
    expect(l.retryAfter('u:a', t0)).toBe(0);
    l.fail('u:a', t0);
    l.fail('u:a', t0 + 1000);
    expect(l.retryAfter('u:a', t0 + 2000)).toBe(0);
    l.fail('u:a', t0 + 2000);
    // blocked until the oldest failure leaves the window
    expect(l.retryAfter('u:a', t0 + 2000)).toBe(WINDOW - 2000);
    expect(l.retryAfter('u:a', t0 + 30_000)).toBe(WINDOW - 30_000);
  });

  it('frees the key once the oldest failure slides out of the window', () => {
    const l = new FailureLimiter(2, WINDOW);
    l.fail('k', 0);
    l.fail('k', 10_000);
    expect(l.retryAfter('k', 59_999)).toBe(1);
    expect(l.retryAfter('k', 60_000)).toBe(0);
    // one failure (at 10 s) is still in the window: one more blocks again
    l.fail('k', 60_000);
    expect(l.retryAfter('k', 60_000)).toBe(10_000);
    expect(l.retryAfter('k', 130_000)).toBe(0);
  });

  it('keeps keys independent', () => {
    const l = new FailureLimiter(1, WINDOW);
    l.fail('u:a', 0);
    expect(l.retryAfter('u:a', 1)).toBeGreaterThan(0);
    expect(l.retryAfter('u:b', 1)).toBe(0);
    expect(l.retryAfter('ip:127.0.0.1', 1)).toBe(0);
  });

  it('reset clears the failures of one key only', () => {
    const l = new FailureLimiter(1, WINDOW);
    l.fail('a', 0);
    l.fail('b', 0);
    l.reset('a');
    expect(l.retryAfter('a', 1)).toBe(0);
    expect(l.retryAfter('b', 1)).toBeGreaterThan(0);
  });

  it('uses the real clock by default', () => {
    const l = new FailureLimiter(1, WINDOW);
    l.fail('a');
    const wait = l.retryAfter('a');
    expect(wait).toBeGreaterThan(WINDOW - 5_000);
    expect(wait).toBeLessThanOrEqual(WINDOW);
  });

  it('survives the sweep of a very large key set', () => {
    const l = new FailureLimiter(1, 10);
    for (let i = 0; i <= 100_001; i++) l.fail(`k${i}`, 0);
    // all old entries expired at the sweep time of the last insert? they are at t=0, window 10 ms
    l.fail('late', 1_000);
    expect(l.retryAfter('late', 1_000)).toBe(10);
    expect(l.retryAfter('k0', 1_000)).toBe(0);
  });
});

describe('MemoryCounterStore', () => {
  it('counts, restarts the time to live on each increment, and forgets at the end of it or on expire', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.get('k')).toBeUndefined();
    expect(await store.increment('k', 1000)).toEqual({ count: 1, lastAt: now });
    now += 900;
    expect(await store.increment('k', 1000)).toEqual({ count: 2, lastAt: now });
    now += 900; // 1800 ms after the first, 900 after the latest: still live
    expect(await store.get('k')).toEqual({ count: 2, lastAt: now - 900 });
    now += 100;
    expect(await store.get('k')).toBeUndefined();
    expect((await store.increment('k', 1000)).count).toBe(1);
    await store.expire('k');
    expect(await store.get('k')).toBeUndefined();
  });

  it('answers concurrent increments of one key with distinct counts', async () => {
    const store = new MemoryCounterStore();
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('k', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
