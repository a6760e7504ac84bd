import type { Counter, StateStore, Window } from './store.js';

const MAX_ENTRIES = 100_000;

interface Entry { value?: string; count: number; lastAt: number; expiresAt: number }

/** State of this process only: what one instance alone needs (no REDIS_URL). */
export class MemoryStateStore implements StateStore {
  readonly shared = false;
  private entries = new Map<string, Entry>();
  private listeners = new Map<string, ((message: string) => void)[]>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  // Synchronous inside, so concurrent increments of one key never read the same count.
  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (!e || e.expiresAt > now) return e;
    this.entries.delete(key);
    return undefined;
  }

  private put(key: string, entry: Entry, now: number): void {
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key, this.now())?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const now = this.now();
    this.put(key, { value, count: 0, lastAt: now, expiresAt: now + ttlMs }, now);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async counter(key: string): Promise<Counter | undefined> {
    const e = this.live(key, this.now());
    return e && { count: e.count, lastAt: e.lastAt, expiresAt: e.expiresAt };
  }

  async increment(key: string, ttlMs: number, window: Window = 'sliding'): Promise<Counter> {
    const now = this.now();
    const old = this.live(key, now);
    const counter = { count: (old?.count ?? 0) + 1, lastAt: now, expiresAt: old && window === 'fixed' ? old.expiresAt : now + ttlMs };
    this.put(key, counter, now);
    return { ...counter };
  }

  async publish(channel: string, message: string): Promise<number> {
    const listeners = this.listeners.get(channel) ?? [];
    for (const fn of listeners) fn(message);
    return listeners.length ? 1 : 0;
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), onMessage]);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.listeners.clear();
  }
}
