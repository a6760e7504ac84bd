import type { SessionCache } from '../auth/session-cache.js';
import { shareAnnouncements } from './announcements.js';
import type { StateStore } from './store.js';

/**
 * The longest a write waits for the other instances to say they emptied their caches. An instance
 * that never answers (an older version, a blocked event loop) costs this much, and then the cache's
 * few seconds (SESSION_CACHE_TTL_MS) are the bound, as without acknowledgements.
 */
export const EVICTION_ACK_MS = 1000;

/**
 * Logout, freezing, a password change, a role revoked on one instance empty every instance's token
 * cache before the write is answered (announcements.ts): without the wait, a request sent to another
 * instance right after the write could be served from its cache once more.
 */
export async function shareSessionEvictions(cache: SessionCache, state: StateStore): Promise<void> {
  if (!state.shared) return;
  const evictions = await shareAnnouncements(state, 'session-evict', () => cache.clear(), { waitMs: EVICTION_ACK_MS, log: () => cache.log });
  cache.broadcast = () => evictions.announce('');
}
