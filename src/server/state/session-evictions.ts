import { randomUUID } from 'node:crypto';
import type { SessionCache } from '../auth/session-cache.js';
import type { StateStore } from './store.js';

const CHANNEL = 'session-evict';

interface Log { error(obj: object, msg: string): void }

/**
 * Logout, freezing, a password change on one instance empty every instance's token cache: the
 * writer publishes, the others clear. Alone (no shared state) there is no one to tell.
 */
export async function shareSessionEvictions(cache: SessionCache, state: StateStore, log?: Log): Promise<void> {
  if (!state.shared) return;
  const me = randomUUID();
  await state.subscribe(CHANNEL, (from) => { if (from !== me) cache.clear(); });
  cache.broadcast = async () => {
    // Redis down: the write stands; the others notice within the cache's few seconds.
    await state.publish(CHANNEL, me).catch((err) => log?.error({ err }, 'session eviction not published'));
  };
}
