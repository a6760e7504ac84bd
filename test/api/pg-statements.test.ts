import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, preparingStatements } from '../../src/server/db/pg-statements.js';
import { itemPool, type ItemPool } from '../helpers/pg-admin.js';
import { BACKEND } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe.runIf(BACKEND === 'postgres')('PostgreSQL statements prepared once per connection [postgres]', () => {
  let items: ItemPool;
  /** Another instance's connection: nothing of this process sees what it sends. */
  let other: pg.Client;
  const one: ItemPool['one'] = (fn) => items.one(fn);
  const preparedNames = (c: pg.PoolClient) => c.query('select name, statement from pg_prepared_statements order by name', []).then((r) => r.rows as { name: string; statement: string }[]);

  beforeAll(async () => {
    items = await itemPool(preparingStatements);
    other = new pg.Client({ connectionString: items.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await items?.close();
  });

  it('prepares a statement once, and answers as an unnamed one would', async () => {
    const text = 'select title from item where id = $1';
    await one(async (c) => {
      expect((await c.query(text, ['a'])).rows).toEqual([{ title: 'first' }]);
      expect((await c.query(text, ['b'])).rows).toEqual([{ title: 'second' }]);
      expect((await preparedNames(c)).filter((p) => p.statement === text)).toHaveLength(1);
    });
    // Pool.query (a callback inside) and a config object pass through as they are, and so do several statements in one text.
    expect((await items.pool.query(text, ['a'])).rows).toEqual([{ title: 'first' }]);
    const several = await one((c) => c.query("select title from item where id = 'a'; select count(*)::int as n from item", []) as unknown as Promise<pg.QueryResult[]>);
    expect(several.map((r) => r.rows)).toEqual([[{ title: 'first' }], [{ n: 2 }]]);
  });

  it('answers the rows node-postgres itself makes: names, order, parsed types, nulls, a repeated name (last wins), no rows', async () => {
    const text = "select $1::int as n, 9007199254740993::bigint as big, timestamp '2025-06-01 10:00:00' as at, null::text as none, true as yes, 'x' as twice, 'y' as twice, 'a\"b' as \"q\"\"k\" from item where id = $2";
    const unnamed = (await other.query(text, [7, 'a'])).rows;
    await one(async (c) => {
      const rows = (await c.query(text, [7, 'a'])).rows;
      expect(rows).toEqual(unnamed);
      expect(Object.keys(rows[0])).toEqual(Object.keys(unnamed[0]));
      expect(rows[0]).toMatchObject({ n: 7, none: null, yes: true, twice: 'y', 'q"k': 'a"b' }); // big: as the process's int8 parser reads it, on both sides
      expect(rows[0].at).toBeInstanceOf(Date);
      expect((await c.query(text, [7, 'nothing'])).rows).toEqual([]);
    });
  });

  it("answers a `select *` with the new columns after this process's DDL and after another instance's", async () => {
    const text = 'select * from item where id = $1';
    await one(async (c) => {
      expect(Object.keys((await c.query(text, ['a'])).rows[0])).toEqual(['id', 'title']);
      await c.query('alter table item add column mine int', []);
      expect(Object.keys((await c.query(text, ['a'])).rows[0])).toEqual(['id', 'title', 'mine']);
    });
    await other.query('alter table item add column theirs int');
    await one(async (c) => {
      expect(Object.keys((await c.query(text, ['a'])).rows[0])).toEqual(['id', 'title', 'mine', 'theirs']);
    });
  });

  it('inside a transaction, lets the changed-result error stand, and answers again after it', async () => {
    const text = 'select * from item where id = $1';
    await one((c) => c.query(text, ['b']));
    await other.query('alter table item add column later int');
    await one(async (c) => {
      await c.query('begin', []);
      await expect(c.query(text, ['b'])).rejects.toThrow('cached plan must not change result type');
      await c.query('rollback', []);
      expect(Object.keys((await c.query(text, ['b'])).rows[0])).toContain('later');
    });
  });

  it(`lets a connection's statements go once it has prepared ${PREPARED_PER_CONNECTION}`, async () => {
    await one(async (c) => {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
        expect((await c.query(`select title, ${i} as n from item where id = $1`, ['a'])).rows).toEqual([{ title: 'first', n: i }]);
      }
      const kept = await preparedNames(c);
      expect(kept.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION + 1);
      expect(kept.some((p) => p.statement.includes(`${PREPARED_PER_CONNECTION + 19} as n`))).toBe(true);
    });
  });
});
