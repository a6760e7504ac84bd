import type { KyselyPlugin, OperationNode } from 'kysely';
import { writtenTables } from '../db/written-tables.js';
import type { SysUser } from '../db/tables.js';
import type { Grants } from './grants.js';
import type { AnnouncementLog } from '../state/announcements.js';

/** How long a checked token is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 3000;
const MAX_ENTRIES = 20_000;
const QUIET_MS = 1000;

interface Entry { user: SysUser; expiresAt: number; until: number }

/** Answers derived from what users are granted, each kept until its time is up or the cache is emptied. */
class Kept<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  get(key: string, now: number): T | undefined {
    const e = this.entries.get(key);
    if (e && e.until > now) return e.value;
    if (e) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, until: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until });
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The token check is a session⋈user read on every request; this keeps its answer for a few seconds.
 * Any update or delete of a user or a session made through this process empties it (see
 * `sessionCacheGuard`), so logout, freezing, a password change or a deleted user take effect at
 * once here; with shared state (Redis) the emptying is told to every other instance before the
 * write is answered (state/session-evictions.ts), else another instance notices within the TTL.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  /** A user's grants (auth/grants.ts) by user id, kept and emptied with the tokens: roles and menus change through the same guard. */
  private readonly grants = new Kept<Grants>();
  /** The menu answer (getUserPermissionByToken) by role set: everyone holding the same roles is shown the same menu. */
  private readonly menus = new Kept<unknown>();
  /** Bumped by every invalidation: a read that straddles one must not be cached. */
  generation = 0;
  /** Nothing is cached shortly after an invalidation: the write's transaction may not have committed yet. */
  private quietUntil = 0;

  /** Tells the other instances to empty theirs too (set when the state is shared). */
  broadcast?: () => Promise<void>;
  /** Where the broadcast reports trouble: the app's logger, once there is one. */
  log?: AnnouncementLog;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(tokenHash: string, now = Date.now()): Entry | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.until <= now || e.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e;
  }

  /** Keeps a fresh answer unless an invalidation happened since the read began (`generation` then). */
  set(tokenHash: string, user: SysUser, expiresAt: number, generation: number, now = Date.now()): void {
    if (!this.keeps(generation, now)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // Frozen: the same object serves many requests, so none of them may change it.
    this.entries.set(tokenHash, { user: Object.freeze({ ...user }), expiresAt, until: now + this.ttlMs });
  }

  grantsOf(userId: string, now = Date.now()): Grants | undefined {
    return this.grants.get(userId, now);
  }

  /** Keeps a user's grants read since `generation` (as `set` keeps a token's user). */
  setGrants(userId: string, grants: Grants, generation: number, now = Date.now()): void {
    if (this.keeps(generation, now)) this.grants.set(userId, grants, now + this.ttlMs);
  }

  menuOf(roles: string, now = Date.now()): unknown {
    return this.menus.get(roles, now);
  }

  /** Keeps the menu of a role set read since `generation`; the answer is shared, so never changed after. */
  setMenu(roles: string, menu: unknown, generation: number, now = Date.now()): void {
    if (this.keeps(generation, now)) this.menus.set(roles, menu, now + this.ttlMs);
  }

  private keeps(generation: number, now: number): boolean {
    return this.ttlMs > 0 && generation === this.generation && now >= this.quietUntil;
  }

  /** Empties this instance's cache only. */
  clear(now = Date.now()): void {
    this.generation++;
    this.quietUntil = now + QUIET_MS;
    this.entries.clear();
    this.grants.clear();
    this.menus.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A table's name as spelled before or after the camel-case plugin, made one: `sys_user`, `sysUser` → `sysuser`. */
const plain = (name: string) => name.toLowerCase().replaceAll('_', '');
const WATCHED = new Set(['sysuser', 'syssession']);
/**
 * What a user's grants are read from: a row added here changes them as much as one changed or
 * removed. Department roles grant too (auth/grants.ts), within their department's 部门权限, to its members.
 */
const GRANT_TABLES = new Set(['sysuserrole', 'sysrole', 'sysrolepermission', 'syspermission',
  'sysdepartrole', 'sysdepartroleuser', 'sysdepartrolepermission', 'sysdepartpermission', 'sysuserdepart']);

/** Whether a statement changes users, sessions or what users are granted, so every cached answer may be wrong. */
export function touchesSessions(node: OperationNode): boolean {
  const write = writtenTables(node);
  if (!write) return false;
  const names = write.tables.map(plain);
  if (write.kind === 'insert') return names.some((n) => GRANT_TABLES.has(n));
  return names.some((n) => WATCHED.has(n) || GRANT_TABLES.has(n));
}

/**
 * A Kysely plugin, so no write path can forget: the cache is emptied before such a statement runs
 * and again once it has run (a concurrent read in between would otherwise cache the old row).
 */
export function sessionCacheGuard(cache: SessionCache): KyselyPlugin {
  const touching = new WeakSet<object>();
  return {
    transformQuery({ node, queryId }) {
      if (touchesSessions(node)) {
        touching.add(queryId);
        cache.clear();
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (touching.has(queryId)) {
        cache.clear();
        // Awaited: the write is answered only once every instance has been told.
        await cache.broadcast?.();
      }
      return result;
    },
  };
}
