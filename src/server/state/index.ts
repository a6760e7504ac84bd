import { MemoryStateStore } from './memory.js';
import { RedisStateStore } from './redis.js';
import type { StateStore } from './store.js';

export type { Counter, StateStore, Window } from './store.js';

interface Log { error(obj: object, msg: string): void }

/** Redis when REDIS_URL is set (throws when it does not answer), else this process's memory. */
export async function openStateStore(config: { redisUrl?: string; redisPrefix: string }, log?: Log): Promise<StateStore> {
  return config.redisUrl ? RedisStateStore.open(config.redisUrl, config.redisPrefix, log) : new MemoryStateStore();
}
