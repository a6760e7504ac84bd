import { Redis } from 'ioredis';
import { ClientError } from '../http/result.js';
import type { Counter, StateStore, Window } from './store.js';

interface Log { error(obj: object, msg: string): void }

// A counter is a hash {c: count, l: latest at}; one script, so increment and expiry are one step.
const INCREMENT = `
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 'l', ARGV[1])
if ARGV[3] == 'sliding' or c == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {c, redis.call('PTTL', KEYS[1])}`;

const COMMAND_TIMEOUT_MS = 3000;
const UNAVAILABLE = '共享状态服务（Redis）暂不可用，请稍后再试';

/**
 * The state in Redis, every key and channel under `prefix`, so several sites (or tests) can share
 * one Redis. Times come from this host's clock: instances are expected to keep theirs in step (NTP).
 */
export class RedisStateStore implements StateStore {
  readonly shared = true;
  private sub?: Redis;
  private handlers = new Map<string, ((message: string) => void)[]>();

  private constructor(private readonly redis: Redis, private readonly url: string, readonly prefix: string, private readonly log?: Log) {}

  /** Connects, or throws one clear line when Redis does not answer. */
  static async open(url: string, prefix: string, log?: Log): Promise<RedisStateStore> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
    redis.on('error', (err) => log?.error({ err }, 'redis (shared state) error'));
    try {
      await redis.connect();
    } catch (err) {
      redis.disconnect();
      throw new Error(`REDIS_URL: Redis is not reachable (${(err as Error).message})`);
    }
    return new RedisStateStore(redis, url, prefix, log);
  }

  private key = (key: string) => this.prefix + key;

  /** A Redis failure is the service's, not the caller's: a 503 in the envelope, never a stack. */
  private async run<T>(what: () => Promise<T>): Promise<T> {
    try {
      return await what();
    } catch (err) {
      this.log?.error({ err }, 'redis (shared state) command failed');
      throw new ClientError(503, UNAVAILABLE);
    }
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.run(() => this.redis.get(this.key(key)))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.run(() => this.redis.set(this.key(key), value, 'PX', Math.max(1, Math.round(ttlMs))));
  }

  async delete(key: string): Promise<void> {
    await this.run(() => this.redis.del(this.key(key)));
  }

  async counter(key: string): Promise<Counter | undefined> {
    const k = this.key(key);
    const res = await this.run(() => this.redis.multi().hmget(k, 'c', 'l').pttl(k).exec());
    const [[, fields], [, ttl]] = res as [[unknown, (string | null)[]], [unknown, number]];
    if (!fields[0] || ttl === -2) return undefined;
    return { count: Number(fields[0]), lastAt: Number(fields[1]), expiresAt: Date.now() + Math.max(0, ttl) };
  }

  async increment(key: string, ttlMs: number, window: Window = 'sliding'): Promise<Counter> {
    const now = Date.now();
    const [count, ttl] = await this.run(() => this.redis.eval(INCREMENT, 1, this.key(key), now, Math.max(1, Math.round(ttlMs)), window)) as [number, number];
    return { count: Number(count), lastAt: now, expiresAt: now + Math.max(0, Number(ttl)) };
  }

  async publish(channel: string, message: string): Promise<number> {
    // Redis answers how many connections are subscribed to the channel: one per instance (`this.sub`).
    return Number(await this.run(() => this.redis.publish(this.key(channel), message)));
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<void> {
    if (!this.sub) {
      const sub = new Redis(this.url, { lazyConnect: true });
      sub.on('error', (err) => this.log?.error({ err }, 'redis (shared state subscriber) error'));
      sub.on('message', (ch: string, message: string) => {
        for (const fn of this.handlers.get(ch) ?? []) fn(message);
      });
      await sub.connect();
      this.sub = sub;
    }
    const ch = this.key(channel);
    const first = !this.handlers.has(ch);
    this.handlers.set(ch, [...(this.handlers.get(ch) ?? []), onMessage]);
    if (first) await this.sub.subscribe(ch);
  }

  async close(): Promise<void> {
    await Promise.all([this.redis.quit(), this.sub?.quit()]).catch(() => undefined);
    this.sub = undefined;
    this.handlers.clear();
  }
}
