import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseBusyError, inTransaction, inTransactionNow, transactionAware } from './transaction.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
describe('transactionAware (SQLite: one connection)', () => {
  let db: Kysely<any>;

  beforeEach(async () => {
    db = new Kysely<any>({ dialect: transactionAware(new SqliteDialect({ database: new Database(':memory:') }), 300) });
    await sql`create table t (id integer primary key, name text)`.execute(db);
  });
  afterEach(() => db.destroy());

  const names = async (q: Kysely<any> = db) => (await q.selectFrom('t').select('name').orderBy('id').execute()).map((r) => r.name);

  it('runs a query through the main handle inside a transaction on that transaction (it used to wait forever)', async () => {
    const seen = await inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'a' }).execute();
      expect(inTransactionNow()).toBe(true);
      return names(); // the root handle, not trx
    });
    expect(seen).toEqual(['a']);
    expect(inTransactionNow()).toBe(false);
  });

  it('rolls back what the main handle wrote inside a transaction that fails', async () => {
    await expect(inTransaction(db, async () => {
      await db.insertInto('t').values({ id: 1, name: 'a' }).execute();
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await names()).toEqual([]);
  });

  it('makes a transaction opened inside another a savepoint: its failure undoes only its own rows', async () => {
    await inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'outer' }).execute();
      await expect(inTransaction(db, async (inner) => {
        await inner.insertInto('t').values({ id: 2, name: 'inner' }).execute();
        throw new Error('inner refused');
      })).rejects.toThrow('inner refused');
      await db.transaction().execute(async (inner) => { // a direct Kysely transaction nests the same way
        await inner.insertInto('t').values({ id: 3, name: 'kept' }).execute();
      });
    });
    expect(await names()).toEqual(['outer', 'kept']);
  });

  it('answers DatabaseBusyError to a caller that waits too long for the connection, and serves afterwards', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const holder = inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'a' }).execute();
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await expect(names()).rejects.toBeInstanceOf(DatabaseBusyError); // another context: waits, then gives up
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    release();
    await holder;
    expect(await names()).toEqual(['a']);
  });

  it('lets work left running after a transaction use a connection of its own, not the released one', async () => {
    let later!: Promise<string[]>;
    await inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'a' }).execute();
      later = new Promise((r) => setTimeout(r, 30)).then(() => names());
    });
    expect(inTransactionNow()).toBe(false);
    expect(await later).toEqual(['a']);
  });

  it('keeps a transaction\'s context while another that overlapped it ends (the store is put to sleep only when none is open)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const first = inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 1, name: 'a' }).execute();
      await held;
    });
    // Opened while the first holds the connection: it starts once the first has ended, and must still be a transaction then.
    const second = inTransaction(db, async (trx) => {
      await trx.insertInto('t').values({ id: 2, name: 'b' }).execute();
      expect(inTransactionNow()).toBe(true);
      return names(); // the root handle: on the transaction's connection, or it would wait for it and fail
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await first;
    expect(await second).toEqual(['a', 'b']);
    expect(inTransactionNow()).toBe(false);
    expect(await inTransaction(db, async () => inTransactionNow())).toBe(true); // and a later one wakes it
  });
});

describe('the server opens transactions only through inTransaction', () => {
  it('has no other .transaction() call (a bare one would let its hooks wait for it on SQLite)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? files(p) : /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
    });
    const offenders = files('src/server').filter((f) => !f.endsWith(path.join('db', 'transaction.ts')))
      .filter((f) => /\.transaction\(\)|\.startTransaction\(\)/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
