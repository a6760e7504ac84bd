import { describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../auth/session-cache.js';
import { shareAnnouncements } from './announcements.js';
import { EVICTION_ACK_MS, shareSessionEvictions } from './session-evictions.js';
import type { StateStore } from './store.js';

type Handler = (message: string) => void;

/**
 * Instances on one message bus, as on Redis: a publish answers how many instances are subscribed to
 * the channel, and each receives the message later, after its own delay (its socket, its event loop).
 */
function bus() {
  const nodes: { handlers: Map<string, Handler[]>; delayMs: number }[] = [];
  return (delayMs = 0, fail = false) => {
    const node = { handlers: new Map<string, Handler[]>(), delayMs };
    nodes.push(node);
    const store = {
      shared: true,
      async publish(channel: string, message: string) {
        if (fail) throw new Error('redis down');
        const reached = nodes.filter((n) => n.handlers.get(channel)?.length);
        for (const n of reached) setTimeout(() => n.handlers.get(channel)!.forEach((h) => h(message)), n.delayMs);
        return reached.length;
      },
      async subscribe(channel: string, onMessage: Handler) {
        node.handlers.set(channel, [...(node.handlers.get(channel) ?? []), onMessage]);
      },
    };
    return store as unknown as StateStore;
  };
}

async function instance(join: ReturnType<typeof bus>, delayMs = 0, fail = false) {
  const cache = new SessionCache();
  cache.log = { error: vi.fn(), warn: vi.fn() };
  await shareSessionEvictions(cache, join(delayMs, fail));
  return cache;
}

describe('session evictions across instances', () => {
  it('answers the write only once every other instance has emptied its cache', async () => {
    const join = bus();
    const a = await instance(join);
    const b = await instance(join, 40);
    const c = await instance(join, 5);
    const [before, cBefore] = [b.generation, c.generation];
    const t0 = performance.now();
    await a.broadcast!();
    // B hears of it 40 ms late: the writer waited for it, not only for the publish.
    expect(b.generation).toBe(before + 1);
    expect(c.generation).toBe(cBefore + 1);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(35);
    expect(a.log!.warn).not.toHaveBeenCalled();
  });

  it('does not clear its own cache on its own eviction, nor wait when alone', async () => {
    const join = bus();
    const a = await instance(join);
    const before = a.generation;
    const t0 = performance.now();
    await a.broadcast!();
    expect(a.generation).toBe(before);
    expect(performance.now() - t0).toBeLessThan(EVICTION_ACK_MS / 2);
  });

  it('waits no longer than its bound for an instance that never acknowledges, and says so', async () => {
    const join = bus();
    const a = await instance(join);
    // Subscribed to evictions but never answering (an older version, a blocked event loop).
    await join().subscribe('session-evict', () => undefined);
    const t0 = performance.now();
    await a.broadcast!();
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(EVICTION_ACK_MS - 20);
    expect(waited).toBeLessThan(EVICTION_ACK_MS + 500);
    expect(a.log!.warn).toHaveBeenCalledWith({ channel: 'session-evict', reached: 2, acks: 0 }, 'session-evict: not every instance acknowledged within 1000 ms');
  });

  it('empties its cache on an eviction from the release before (the sender alone), during a rolling upgrade', async () => {
    const join = bus();
    const b = await instance(join);
    const before = b.generation;
    await join().publish('session-evict', 'an-older-instance-id');
    await new Promise((r) => setTimeout(r, 10));
    expect(b.generation).toBe(before + 1);
  });

  it('lets the write stand when the eviction cannot be published', async () => {
    const a = await instance(bus(), 0, true);
    await expect(a.broadcast!()).resolves.toBeUndefined();
    expect(a.log!.error).toHaveBeenCalledWith(expect.anything(), 'session-evict not published');
  });
});

describe('announcements', () => {
  it('hands each other instance the payload as sent, and waits until its handler is done', async () => {
    const join = bus();
    const heard: string[] = [];
    const log = () => ({ error: vi.fn(), warn: vi.fn() });
    const a = await shareAnnouncements(join(), 'form-sync', () => undefined, { waitMs: 1000, log });
    await shareAnnouncements(join(5), 'form-sync', async (payload) => {
      await new Promise((r) => setTimeout(r, 30)); // reading a design, building its routes
      heard.push(payload);
    }, { waitMs: 1000, log });
    await a.announce('demo_a with spaces');
    expect(heard).toEqual(['demo_a with spaces']);
  });

  it('acknowledges a handler that failed, so the announcer does not wait out its bound', async () => {
    const join = bus();
    const errors = vi.fn();
    const a = await shareAnnouncements(join(), 'form-sync', () => undefined, { waitMs: 1000, log: () => ({ error: vi.fn(), warn: vi.fn() }) });
    await shareAnnouncements(join(), 'form-sync', () => { throw new Error('design unreadable'); }, { waitMs: 1000, log: () => ({ error: errors, warn: vi.fn() }) });
    const t0 = performance.now();
    await a.announce('demo_b');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ channel: 'form-sync' }), 'announcement not acted on');
  });

  it('is silent alone, with no shared state', async () => {
    const onHeard = vi.fn();
    const alone = await shareAnnouncements({ shared: false } as StateStore, 'form-sync', onHeard, { waitMs: 1000, log: () => undefined });
    await alone.announce('demo_c');
    expect(onHeard).not.toHaveBeenCalled();
  });
});
