import { Redis } from 'ioredis';
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterCommit } from '../db/transaction.js';
import type { Envelope, LiveHub, LiveMessage } from './hub.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The Redis channel the instances share (JeecgBoot's cluster topic), after the site's REDIS_PREFIX. */
export const CHANNEL = 'socketHandler';

interface Log { error(obj: object, msg: string): void }

/**
 * The one way a live notice leaves the server. Alone, an instance delivers to its own sockets;
 * with Redis every instance publishes to the channel and delivers what it hears there (its own
 * messages included), so a user connected anywhere is told.
 */
export class LivePublisher {
  private redis?: { pub: Redis; sub: Redis };

  constructor(readonly hub: LiveHub, private log?: Log, private readonly prefix = '') {}

  private get channel(): string {
    return this.prefix + CHANNEL;
  }

  /** Joins the instances sharing `url`; resolves once subscribed. */
  async useRedis(url: string, log?: Log): Promise<void> {
    if (log) this.log = log;
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true });
    for (const c of [pub, sub]) c.on('error', (err) => this.log?.error({ err }, 'redis (live notices) error'));
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (err) {
      pub.disconnect(); sub.disconnect();
      throw new Error(`REDIS_URL: Redis is not reachable (${(err as Error).message})`);
    }
    sub.on('message', (_channel: string, text: string) => {
      let env: Envelope;
      try { env = JSON.parse(text) as Envelope; } catch { return; }
      if (env && (env.to === 'all' || Array.isArray(env.to)) && env.message) this.hub.deliver(env);
    });
    await sub.subscribe(this.channel);
    this.redis = { pub, sub };
  }

  publish(env: Envelope): void {
    if (!this.redis) { this.hub.deliver(env); return; }
    // Redis unreachable: at least this instance's users are told.
    this.redis.pub.publish(this.channel, JSON.stringify(env)).catch((err) => {
      this.log?.error({ err }, 'live notice not published to redis');
      this.hub.deliver(env);
    });
  }

  async close(): Promise<void> {
    this.hub.closeAll();
    if (this.redis) await Promise.all([this.redis.pub.quit(), this.redis.sub.quit()]).catch(() => undefined);
    this.redis = undefined;
  }
}

/**
 * Rides on the application's database handle, so code holding only a handle (a transaction in a
 * workflow step, a job) reaches its own instance's publisher: two apps in one process stay apart.
 */
class LiveCarrier implements KyselyPlugin {
  constructor(readonly publisher: LivePublisher) {}
  transformQuery({ node }: Parameters<KyselyPlugin['transformQuery']>[0]) { return node; }
  async transformResult({ result }: Parameters<KyselyPlugin['transformResult']>[0]) { return result; }
}

export const livePlugin = (publisher: LivePublisher): KyselyPlugin => new LiveCarrier(publisher);

function publisherOf(db: Kysely<any>): LivePublisher | undefined {
  // getExecutor is marked internal in Kysely's types but is how a handle exposes its plugins.
  const carrier = db.getExecutor().plugins.find((p): p is LiveCarrier => p instanceof LiveCarrier);
  return carrier?.publisher;
}

/** What the pages are told of a published announcement row. */
export function liveNotice(row: { id?: unknown; titile?: unknown; msgCategory?: unknown }): Omit<LiveMessage, 'cmd'> {
  return { msgId: String(row.id), msgTxt: String(row.titile ?? ''), msgCategory: row.msgCategory == null ? undefined : String(row.msgCategory) };
}

/** Tells the users' open pages, once the current transaction has committed. */
export function pushToUsers(db: Kysely<any>, userIds: string[], message: Omit<LiveMessage, 'cmd'>): void {
  const publisher = publisherOf(db);
  if (!publisher || !userIds.length) return;
  afterCommit(() => publisher.publish({ to: [...new Set(userIds)], message: { cmd: 'user', ...message } }));
}

/** Tells every open page, once the current transaction has committed. */
export function pushToAll(db: Kysely<any>, message: Omit<LiveMessage, 'cmd'>): void {
  const publisher = publisherOf(db);
  if (!publisher) return;
  afterCommit(() => publisher.publish({ to: 'all', message: { cmd: 'topic', ...message } }));
}
