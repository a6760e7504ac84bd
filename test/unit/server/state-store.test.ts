import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../../src/server/state/memory.js';
import { RedisStateStore } from '../../../src/server/state/redis.js';
import type { StateStore } from '../../../src/server/state/store.js';

const REDIS_URL = process.env.TEST_STATE_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every store must do, run against memory and against Redis. */
function contract(name: string, open: () => Promise<StateStore>) {
  describe(name, () => {
    let store: StateStore;
    beforeAll(async () => { store = await open(); });
    afterAll(async () => { await store?.close(); });

    it('keeps a value until its time to live ends or it is deleted', async () => {
      expect(await store.get('v')).toBeUndefined();
      await store.set('v', 'one', 60_000);
      expect(await store.get('v')).toBe('one');
      await store.delete('v');
      expect(await store.get('v')).toBeUndefined();
      await store.set('short', 'x', 30);
      await sleep(60);
      expect(await store.get('short')).toBeUndefined();
    });

    it('answers concurrent increments of one key with distinct counts', async () => {
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('burst', 60_000)));
      expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await store.counter('burst'))?.count).toBe(20);
    });

    it('a sliding counter lives on while it is incremented, a fixed one ends with its first window', async () => {
      await store.increment('slide', 150);
      await store.increment('fixed', 150, 'fixed');
      await sleep(100);
      await store.increment('slide', 150);
      const second = await store.increment('fixed', 150, 'fixed');
      expect(second.count).toBe(2);
      await sleep(80);
      // 180 ms after the first: the fixed window is over, the sliding one restarted at 100 ms
      expect(await store.counter('fixed')).toBeUndefined();
      expect((await store.counter('slide'))?.count).toBe(2);
      expect((await store.increment('fixed', 150, 'fixed')).count).toBe(1);
    });

    it('tells a counter when it ends and forgets it on delete', async () => {
      const before = Date.now();
      const c = await store.increment('ends', 10_000, 'fixed');
      expect(c.lastAt).toBeGreaterThanOrEqual(before);
      expect(c.expiresAt).toBeGreaterThan(before + 9_000);
      expect(c.expiresAt).toBeLessThanOrEqual(Date.now() + 10_000);
      await store.delete('ends');
      expect(await store.counter('ends')).toBeUndefined();
    });

    it('delivers a publication to the subscribers of its channel only', async () => {
      const heard: string[] = [];
      await store.subscribe('news', (m) => heard.push(m));
      await store.subscribe('other', (m) => heard.push(`other:${m}`));
      await store.publish('news', 'hello');
      await expect.poll(() => heard).toEqual(['hello']);
    });
  });
}

contract('MemoryStateStore', async () => new MemoryStateStore());

describe('MemoryStateStore clock', () => {
  it('counts on the clock it is given', async () => {
    let now = 1_000_000;
    const store = new MemoryStateStore(() => now);
    expect(await store.increment('k', 1000)).toEqual({ count: 1, lastAt: now, expiresAt: now + 1000 });
    now += 999;
    expect((await store.counter('k'))?.count).toBe(1);
    now += 1;
    expect(await store.counter('k')).toBeUndefined();
  });
});

describe('RedisStateStore', () => {
  const prefix = `state-test:${randomBytes(4).toString('hex')}:`;
  contract('contract', () => RedisStateStore.open(REDIS_URL, prefix));

  it('keeps its keys under the prefix, and two stores on one prefix see one state', async () => {
    const [a, b] = await Promise.all([RedisStateStore.open(REDIS_URL, prefix), RedisStateStore.open(REDIS_URL, prefix)]);
    const other = await RedisStateStore.open(REDIS_URL, `${prefix}other:`);
    try {
      await a.increment('shared', 60_000);
      expect((await b.increment('shared', 60_000)).count).toBe(2);
      expect(await other.counter('shared')).toBeUndefined();
      const heard: string[] = [];
      await b.subscribe('bus', (m) => heard.push(m));
      await a.publish('bus', 'from a');
      await expect.poll(() => heard).toEqual(['from a']);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });

  it('refuses to start with one clear line when Redis does not answer', async () => {
    await expect(RedisStateStore.open('redis://127.0.0.1:1/3', prefix)).rejects.toThrow(/^REDIS_URL: Redis is not reachable/);
  });

  afterAll(async () => {
    const { Redis } = await import('ioredis');
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
  });
});
