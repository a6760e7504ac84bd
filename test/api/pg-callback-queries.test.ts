import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryingByCallback } from '../../src/server/db/pg-callback-queries.js';
import { preparingStatements } from '../../src/server/db/pg-statements.js';
import { itemPool, type ItemPool } from '../helpers/pg-admin.js';
import { BACKEND } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe.runIf(BACKEND === 'postgres')('node-postgres asked through its callback form [postgres]', () => {
  let items: ItemPool;
  /** How each call reached node-postgres itself: with a callback or not. */
  const reached: ('callback' | 'promise')[] = [];
  const one: ItemPool['one'] = (fn) => items.one(fn);

  beforeAll(async () => {
    items = await itemPool((pool) => {
      // Registered first: it sees the calls the wrappers below make to node-postgres.
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((...args: unknown[]) => {
          reached.push(args.some((a) => typeof a === 'function') ? 'callback' : 'promise');
          return query(...args);
        }) as typeof client.query;
      });
      queryingByCallback(pool);
      preparingStatements(pool);
    });
  });
  afterAll(async () => {
    await items?.close();
  });

  it('answers the promise form with its rows, through node-postgres callback form', async () => {
    reached.length = 0;
    await one(async (c) => {
      expect((await c.query('select title from item where id = $1', ['b'])).rows).toEqual([{ title: 'second' }]);
      expect((await c.query({ text: 'select count(*)::int as n from item' })).rows).toEqual([{ n: 2 }]);
      expect((await c.query('select id from item order by id')).rows.map((r) => r.id)).toEqual(['a', 'b']);
    });
    expect(reached).toEqual(['callback', 'callback', 'callback']);
  });

  it('rejects with node-postgres error as it was (its code), and the connection goes on', async () => {
    await one(async (c) => {
      await expect(c.query('select * from nowhere where id = $1', ['a'])).rejects.toMatchObject({ code: '42P01' });
      await expect(c.query('insert into item values ($1, $2)', ['a', 'again'])).rejects.toMatchObject({ code: '23505', constraint: 'item_pkey' });
      expect((await c.query('select title from item where id = $1', ['a'])).rows).toEqual([{ title: 'first' }]);
    });
  });

  it('lets a call with a callback, and a submittable, through as they are', async () => {
    reached.length = 0;
    const viaCallback = await one((c) => new Promise<pg.QueryResult>((resolve, reject) => {
      c.query('select title from item where id = $1', ['a'], (err, res) => (err ? reject(err) : resolve(res)));
    }));
    expect(viaCallback.rows).toEqual([{ title: 'first' }]);
    const viaConfig = await one((c) => new Promise<pg.QueryResult>((resolve, reject) => {
      c.query({ text: 'select title from item where id = $1', values: ['b'], callback: (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res)) } as any);
    }));
    expect(viaConfig.rows).toEqual([{ title: 'second' }]);
    const rows: unknown[] = [];
    await one((c) => new Promise<void>((resolve, reject) => {
      const q = new pg.Query('select id from item order by id');
      q.on('row', (r) => rows.push(r.id)).on('end', () => resolve()).on('error', reject);
      c.query(q as any);
    }));
    expect(rows).toEqual(['a', 'b']);
    // The config's own callback and the submittable reach node-postgres without a callback argument, as they came.
    expect(reached).toEqual(['callback', 'promise', 'promise']);
  });
});
