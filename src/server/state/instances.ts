import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_instance';
export const HEARTBEAT_MS = 30_000;
/** An instance not seen for this long is gone (killed without a goodbye). */
const ALIVE_MS = 3 * HEARTBEAT_MS;

interface Log { warn(msg: string): void; error(obj: object, msg: string): void }

export interface Peer { id: string; host: string; pid: number; sharedState: boolean }

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This instance's row in sys_instance, refreshed every 30 s, so each instance knows who else serves
 * the same database. Without shared state (REDIS_URL) another live one means logins, captcha
 * tries, quotas and token evictions are counted apart: the log says so, once per newcomer.
 */
export class InstanceBeacon {
  readonly id = randomUUID();
  private readonly host = os.hostname().slice(0, 255);
  private timer?: NodeJS.Timeout;
  private warned = new Set<string>();

  constructor(private readonly db: Kysely<any>, private readonly sharedState: boolean, private readonly log?: Log) {}

  /** Writes the row and looks for the others; answers them. */
  async start(): Promise<Peer[]> {
    const now = Date.now();
    await this.db.insertInto(TABLE).values({
      id: this.id, host: this.host, pid: process.pid, sharedState: this.sharedState ? 1 : 0, startedAt: now, seenAt: now,
    }).execute();
    const peers = await this.check();
    this.timer = setInterval(() => void this.beat().catch((err) => this.log?.error({ err }, 'instance heartbeat failed')), HEARTBEAT_MS);
    this.timer.unref();
    return peers;
  }

  async beat(): Promise<Peer[]> {
    const now = Date.now();
    await this.db.updateTable(TABLE).set({ seenAt: now }).where('id', '=', this.id).execute();
    // Rows of instances long gone are nobody's to keep.
    await this.db.deleteFrom(TABLE).where('seenAt', '<', now - 24 * 3_600_000).execute();
    return this.check();
  }

  /** The other live instances; warns of each new one while either side keeps its state alone. */
  private async check(): Promise<Peer[]> {
    const rows = await this.db.selectFrom(TABLE).select(['id', 'host', 'pid', 'sharedState'])
      .where('id', '<>', this.id).where('seenAt', '>', Date.now() - ALIVE_MS).execute();
    const all = rows.map((r) => ({ id: String(r.id), host: String(r.host), pid: Number(r.pid), sharedState: Number(r.sharedState) === 1 }));
    // A process of this host that is gone (killed, then restarted within the minute and a half) is no peer.
    const gone = all.filter((p) => p.host === this.host && !running(p.pid));
    if (gone.length) await this.db.deleteFrom(TABLE).where('id', 'in', gone.map((p) => p.id)).execute();
    const peers = all.filter((p) => !gone.includes(p));
    for (const p of peers) {
      if (this.warned.has(p.id) || (this.sharedState && p.sharedState)) continue;
      this.warned.add(p.id);
      this.log?.warn(`another server instance (${p.host}, pid ${p.pid}) uses this database, and ${this.sharedState ? 'it runs' : 'this one runs'} without REDIS_URL: `
        + 'login failure counts, SMS quotas and token evictions are not shared between them. Set the same REDIS_URL on every instance.');
    }
    return peers;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.db.deleteFrom(TABLE).where('id', '=', this.id).execute();
  }
}
