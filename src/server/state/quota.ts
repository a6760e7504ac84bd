import type { StateStore } from './store.js';

/**
 * At most `max` uses per key in a fixed window (the window starts with the first use), counted in
 * the shared state so that every instance refuses the same caller.
 */
export class Quota {
  constructor(private readonly state: StateStore, private readonly name: string, readonly max: number, readonly windowMs: number) {}

  private key = (id: string) => `${this.name}:${id}`;

  /** Milliseconds before `id` may use it again; 0 when it may now. */
  async waitMs(id: string): Promise<number> {
    const c = await this.state.counter(this.key(id));
    return c && c.count >= this.max ? Math.max(1, c.expiresAt - Date.now()) : 0;
  }

  /** Counts one use; answers the milliseconds to wait when this use went past the quota, else 0. */
  async use(id: string): Promise<number> {
    const c = await this.state.increment(this.key(id), this.windowMs, 'fixed');
    return c.count > this.max ? Math.max(1, c.expiresAt - Date.now()) : 0;
  }

  async reset(id: string): Promise<void> {
    await this.state.delete(this.key(id));
  }
}

/** "5分钟": the wait rounded up to whole minutes. */
export const minutesText = (waitMs: number) => `${Math.ceil(waitMs / 60_000)}分钟`;
