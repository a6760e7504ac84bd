import { randomUUID } from 'node:crypto';
import type { SessionCache } from '../auth/session-cache.js';
import type { StateStore } from './store.js';

const CHANNEL = 'session-evict';
const ACKS = 'session-evict-ack';
/**
 * The longest a write waits for the other instances to say they emptied their caches. An instance
 * that never answers (an older version, a blocked event loop) costs this much, and then the cache's
 * few seconds (SESSION_CACHE_TTL_MS) are the bound, as without acknowledgements.
 */
export const EVICTION_ACK_MS = 1000;

/** One eviction awaiting the other instances' acknowledgements. */
interface Pending {
  /** The instances that acknowledged (one may be subscribed twice: each counts once). */
  acks: Set<string>;
  /** How many to wait for, known once the publish has answered (an ack may arrive before it). */
  expected?: number;
  done(): void;
}

/**
 * Logout, freezing, a password change, a role revoked on one instance empty every instance's token
 * cache before the write is answered: the writer publishes an eviction; each other instance empties
 * its cache, then acknowledges; the writer waits for as many acknowledgements as Redis says the
 * eviction reached (bounded by EVICTION_ACK_MS). Without the wait, a request sent to another
 * instance right after the write could be served from its cache once more.
 * Alone (no shared state) there is no one to tell.
 */
export async function shareSessionEvictions(cache: SessionCache, state: StateStore): Promise<void> {
  if (!state.shared) return;
  const me = randomUUID();
  const pending = new Map<string, Pending>();
  const settle = (p: Pending) => { if (p.expected !== undefined && p.acks.size >= p.expected) p.done(); };

  await state.subscribe(ACKS, (message) => {
    const [id, from] = message.split(' ');
    const p = pending.get(id);
    if (!p || !from) return; // another instance's eviction, or one given up on
    p.acks.add(from);
    settle(p);
  });
  await state.subscribe(CHANNEL, (message) => {
    const [from, id] = message.split(' ');
    if (from === me) return;
    cache.clear();
    if (id) state.publish(ACKS, `${id} ${me}`).catch((err) => cache.log?.error({ err }, 'session eviction not acknowledged'));
  });

  cache.broadcast = async () => {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<boolean>((resolve) => {
      pending.set(id, { acks: new Set(), done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), EVICTION_ACK_MS);
    });
    try {
      const reached = await state.publish(CHANNEL, `${me} ${id}`);
      const p = pending.get(id)!;
      p.expected = reached - 1; // this instance's own subscriber is among those reached
      settle(p);
      if (!(await acked)) cache.log?.warn({ reached, acks: p.acks.size }, `session eviction: not every instance acknowledged within ${EVICTION_ACK_MS} ms`);
    } catch (err) {
      // Redis down: the write stands; the others notice within the cache's few seconds.
      cache.log?.error({ err }, 'session eviction not published');
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  };
}
