import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { SysUser } from '../db/tables.js';
import { SessionCache, sessionCacheGuard } from './session-cache.js';

const user = { id: 'u1', username: 'alice', status: 1 } as unknown as SysUser;

describe('SessionCache', () => {
  it('answers within its TTL and forgets after', () => {
    const c = new SessionCache(3000);
    c.set('h', user, 10_000_000, c.generation, 1000);
    expect(c.get('h', 2000)?.user.username).toBe('alice');
    expect(c.get('h', 4000)).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    const c = new SessionCache(3000);
    c.set('h', user, 1500, c.generation, 1000);
    expect(c.get('h', 1600)).toBeUndefined();
  });

  it('refuses an answer read before an invalidation, and caches nothing just after one', () => {
    const c = new SessionCache(3000);
    const before = c.generation;
    c.clear(1000);
    c.set('h', user, 10_000_000, before, 1001);
    expect(c.get('h', 1002)).toBeUndefined();
    c.set('h', user, 10_000_000, c.generation, 1500);
    expect(c.get('h', 1501)).toBeUndefined();
    c.set('h', user, 10_000_000, c.generation, 2500);
    expect(c.get('h', 2501)?.user.id).toBe('u1');
  });

  it('hands out a frozen user, so no request can change what another sees', () => {
    const c = new SessionCache(3000);
    c.set('h', { ...user }, 10_000_000, c.generation, 0);
    const got = c.get('h', 1)!.user as { username: string };
    expect(() => { got.username = 'mallory'; }).toThrow(TypeError);
  });

  it('with a TTL of 0 caches nothing', () => {
    const c = new SessionCache(0);
    c.set('h', user, 10_000_000, c.generation, 0);
    expect(c.size).toBe(0);
  });
});

describe('sessionCacheGuard', () => {
  let db: Kysely<any>;
  afterEach(async () => { await db?.destroy(); });

  async function setup(cache: SessionCache) {
    db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [new CamelCasePlugin()] })
      .withPlugin(sessionCacheGuard(cache));
    await sql`create table sys_user (id text primary key, status int)`.execute(db);
    await sql`create table sys_session (token_hash text primary key, user_id text)`.execute(db);
    await sql`create table sys_role (id text primary key, role_name text)`.execute(db);
    await sql`create table sys_dict (id text primary key, dict_name text)`.execute(db);
    await db.insertInto('sysUser').values({ id: 'u1', status: 1 }).execute();
    await db.insertInto('sysSession').values({ tokenHash: 'h', userId: 'u1' }).execute();
    await db.insertInto('sysRole').values({ id: 'r1', roleName: 'x' }).execute();
  }
  const fill = (c: SessionCache) => c.set('h', user, Date.now() + 60_000, c.generation, Date.now() + 5000);

  it('empties the cache on an update or delete of users or sessions, in or out of a transaction', async () => {
    const cache = new SessionCache(60_000);
    await setup(cache);
    const cases: Array<() => Promise<unknown>> = [
      () => db.updateTable('sysUser').set({ status: 2 }).where('id', '=', 'u1').execute(),
      () => db.deleteFrom('sysSession').where('userId', '=', 'u1').execute(),
      () => db.transaction().execute((tx) => tx.updateTable('sysUser as u').set({ status: 1 }).execute()),
      () => db.deleteFrom('sysUser').where('id', '=', 'u1').execute(),
    ];
    for (const run of cases) {
      fill(cache);
      expect(cache.size).toBe(1);
      await run();
      expect(cache.size).toBe(0);
    }
  });

  it('leaves it alone for reads, inserts and other tables', async () => {
    const cache = new SessionCache(60_000);
    await setup(cache);
    fill(cache);
    await db.selectFrom('sysUser').selectAll().execute();
    await db.insertInto('sysSession').values({ tokenHash: 'h2', userId: 'u1' }).execute();
    await db.insertInto('sysDict').values({ id: 'd1', dictName: 'x' }).execute();
    await db.updateTable('sysDict').set({ dictName: 'y' }).execute();
    await db.deleteFrom('sysDict').execute();
    expect(cache.size).toBe(1);
  });

  it('empties the cache, users\' grants and role sets\' menus included, when a role is added, changed or removed', async () => {
    const cache = new SessionCache(60_000);
    await setup(cache);
    const grants = { roles: ['x'], admin: false, menus: new Set<string>(), buttons: new Set<string>(), ruleGrants: [] };
    const menu = { menu: [], auth: [], allAuth: [], sysSafeMode: false };
    for (const write of [
      () => db.insertInto('sysRole').values({ id: 'r2', roleName: 'z' }).execute(),
      () => db.updateTable('sysRole').set({ roleName: 'y' }).execute(),
      () => db.deleteFrom('sysRole').execute(),
    ]) {
      fill(cache);
      cache.setGrants('u1', grants, cache.generation, Date.now() + 5000);
      cache.setMenu('r1,r2', menu, cache.generation, Date.now() + 5000);
      expect(cache.grantsOf('u1', Date.now() + 5000)).toBe(grants);
      expect(cache.menuOf('r1,r2', Date.now() + 5000)).toBe(menu);
      await write();
      expect([cache.size, cache.grantsOf('u1', Date.now() + 5000), cache.menuOf('r1,r2', Date.now() + 5000)]).toEqual([0, undefined, undefined]);
    }
  });
  it('empties them when a department role, its grants, its holders, a department\'s permissions or a membership change', async () => {
    const cache = new SessionCache(60_000);
    await setup(cache);
    for (const table of ['sys_depart_role', 'sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_permission', 'sys_user_depart']) {
      await sql`create table ${sql.table(table)} (id text primary key, data_rule_ids text)`.execute(db);
    }
    const grants = { roles: [], admin: false, menus: new Set<string>(), buttons: new Set<string>(), ruleGrants: [] };
    for (const table of ['sysDepartRole', 'sys_depart_role_user', 'sysDepartRolePermission', 'sys_depart_permission', 'sysUserDepart']) {
      for (const write of [
        () => db.insertInto(table).values({ id: 'x' }).execute(),
        () => db.updateTable(table).set({ dataRuleIds: 'r' }).execute(),
        () => db.deleteFrom(table).execute(),
      ]) {
        cache.setGrants('u1', grants, cache.generation, Date.now() + 5000);
        cache.setMenu('d:x', {}, cache.generation, Date.now() + 5000);
        await write();
        expect([table, cache.grantsOf('u1', Date.now() + 5000), cache.menuOf('d:x', Date.now() + 5000)]).toEqual([table, undefined, undefined]);
      }
    }
  });
});
