/** A count of events and the time of the latest, which lapses at `expiresAt`. */
export interface Counter {
  count: number;
  lastAt: number;
  expiresAt: number;
}

/**
 * How a counter's time to live runs: `sliding` restarts it with every increment (a lockout lasts
 * as long as the tries go on), `fixed` keeps the one set by the first (a quota per hour).
 */
export type Window = 'sliding' | 'fixed';

/**
 * The short-lived state the instances share: counters behind the login brake and the quotas, small
 * values with a time to live, and a message bus. In this process's memory when the server runs
 * alone (no REDIS_URL), in Redis otherwise, so any instance sees what another counted.
 */
export interface StateStore {
  /** Whether other instances see this state (Redis). */
  readonly shared: boolean;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Forgets a value or a counter. */
  delete(key: string): Promise<void>;
  counter(key: string): Promise<Counter | undefined>;
  /** Adds one now; answers the new counter. Atomic: concurrent increments of one key answer distinct counts. */
  increment(key: string, ttlMs: number, window?: Window): Promise<Counter>;
  /** Tells every instance's subscribers of the channel (this one's too); answers, once sent, how many instances it reached (this one included if subscribed). */
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}
