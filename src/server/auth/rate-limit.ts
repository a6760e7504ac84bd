/**
 * Sliding-window failure counter for logins, per account and per address. In memory: each
 * instance limits on its own, which is enough to make password guessing impractical.
 */
export class FailureLimiter {
  private hits = new Map<string, number[]>();
  constructor(private readonly max: number, private readonly windowMs: number) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list); else this.hits.delete(key);
    return list;
  }

  /** Milliseconds until the key may try again, 0 when it may now. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    return list.length >= this.max ? this.windowMs - (now - list[0]) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 100_000) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const key of this.hits.keys()) this.recent(key, now);
  }
}

/** A failure count and the time of its latest failure. */
export interface Counter {
  count: number;
  lastAt: number;
}

/**
 * Where failure counters live, so that moving them out of this process (Redis: HINCRBY, HSET lastAt,
 * PEXPIRE in one MULTI) is one new class. A counter lapses `ttlMs` after its latest increment.
 */
export interface CounterStore {
  get(key: string): Promise<Counter | undefined>;
  /**
   * Adds one now and restarts the counter's time to live; answers the new counter. Atomic: two
   * concurrent increments of one key answer two different counts.
   */
  increment(key: string, ttlMs: number): Promise<Counter>;
  /** Forgets the counter at once. */
  expire(key: string): Promise<void>;
}

const MAX_MEMORY_COUNTERS = 100_000;

/** Counters of this process only: each instance limits on its own. */
export class MemoryCounterStore implements CounterStore {
  private counters = new Map<string, Counter & { expiresAt: number }>();
  constructor(private readonly now: () => number = () => Date.now()) {}

  // Synchronous inside, so concurrent increments of one key never read the same count.
  private live(key: string, now: number): (Counter & { expiresAt: number }) | undefined {
    const c = this.counters.get(key);
    if (!c || c.expiresAt > now) return c;
    this.counters.delete(key);
    return undefined;
  }

  async get(key: string): Promise<Counter | undefined> {
    const c = this.live(key, this.now());
    return c && { count: c.count, lastAt: c.lastAt };
  }

  async increment(key: string, ttlMs: number): Promise<Counter> {
    const now = this.now();
    const count = (this.live(key, now)?.count ?? 0) + 1;
    this.counters.set(key, { count, lastAt: now, expiresAt: now + ttlMs });
    if (this.counters.size > MAX_MEMORY_COUNTERS) this.sweep(now);
    return { count, lastAt: now };
  }

  async expire(key: string): Promise<void> {
    this.counters.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(key);
  }
}
