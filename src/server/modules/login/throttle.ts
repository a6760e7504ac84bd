import type { Counter, StateStore } from '../../state/store.js';

const WINDOW_MS = 15 * 60_000;

/**
 * Failures are counted per (account, address) and per address, never per account alone: a stranger
 * guessing the administrator's password slows down only themselves, while the administrator logs
 * in from their own address as usual.
 */
const PAIR = { free: 3, maxWaitMs: 5 * 60_000 };
/** An address failing across many accounts (spraying one password) is slowed as a whole. */
const ADDRESS = { free: 20, maxWaitMs: WINDOW_MS };

/**
 * Past `free` failures each further try waits 1, 2, 4 … seconds (up to `maxWaitMs`) after the
 * latest failure. Milliseconds left to wait, 0 when a try is allowed now.
 */
function backoff(counter: Counter | undefined, rule: { free: number; maxWaitMs: number }, now: number): number {
  if (!counter || counter.count < rule.free) return 0;
  const delay = Math.min(1000 * 2 ** (counter.count - rule.free), rule.maxWaitMs);
  return Math.max(0, counter.lastAt + delay - now);
}

export interface LoginGate {
  /** Milliseconds before this account may be tried again from this address; 0 when it may now. */
  waitMs: number;
  /** A captcha is asked from this address for this account even when LOGIN_CAPTCHA is off. */
  captchaRequired: boolean;
  /** The pair's failures seen by this gate, for `claim`. */
  pairFailures: number;
}

/**
 * The brute-force brake of the password login, its counters kept in the shared state (one
 * instance's memory, or Redis for all). A try goes
 * `gate` → (captcha) → `claim` → password check → `passwordFailed` or `succeeded`.
 */
export class LoginThrottle {
  constructor(private readonly store: StateStore, private readonly now: () => number = () => Date.now()) {}

  private pairKey = (username: string, ip: string) => `login:pair:${JSON.stringify([ip, username])}`;
  private addressKey = (ip: string) => `login:address:${ip}`;

  async gate(username: string, ip: string): Promise<LoginGate> {
    const [pair, address] = await Promise.all([this.store.counter(this.pairKey(username, ip)), this.store.counter(this.addressKey(ip))]);
    const now = this.now();
    return {
      waitMs: Math.max(backoff(pair, PAIR, now), backoff(address, ADDRESS, now)),
      captchaRequired: (pair?.count ?? 0) >= PAIR.free || (address?.count ?? 0) >= ADDRESS.free,
      pairFailures: pair?.count ?? 0,
    };
  }

  /**
   * Counts the try as a failure of the pair before the password is checked, so that tries sent
   * together cannot all pass one open gate: past the free ones, only the try whose count follows
   * the gate's goes on. Milliseconds to wait for the others, 0 to go on.
   */
  async claim(username: string, ip: string, gate: LoginGate): Promise<number> {
    const pair = await this.store.increment(this.pairKey(username, ip), WINDOW_MS);
    if (pair.count <= PAIR.free || pair.count === gate.pairFailures + 1) return 0;
    return backoff(pair, PAIR, this.now());
  }

  /**
   * A wrong password (an unknown, frozen or deleted account too; the pair was counted by `claim`),
   * or a wrong captcha, which says nothing about the password and so counts for the address only.
   */
  async addressFailed(ip: string): Promise<void> {
    await this.store.increment(this.addressKey(ip), WINDOW_MS);
  }

  async succeeded(username: string, ip: string): Promise<void> {
    await this.store.delete(this.pairKey(username, ip));
  }
}

/** "3秒" under a minute, "5分钟" beyond. */
export function waitText(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}
