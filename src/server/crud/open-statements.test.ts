import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Condition } from '../../schema/query.js';
import { bothScopes, keyedScope, type RowScope } from './hooks.js';
import { bind, compiledOnce, derive, openConditions, Slot, StatementCache } from './open-statements.js';
import { conditionShape, conditionSql, type TextSearch } from './where.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const compilerOnly = (dialect: 'sqlite' | 'postgres') => new Kysely<any>({
  dialect: dialect === 'sqlite'
    ? { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() }
    : { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
  plugins: [new CamelCasePlugin()],
});

const text: TextSearch = { fts: 'fts_order', columns: new Map([['customerName', 'customer_name']]) };

/** Every operator the query grammar produces, with values of each kind. */
const CONDITIONS: Condition[] = [
  { field: 'status', op: 'eq', value: '2' },
  { field: 'amount', op: 'ge', value: 10.5 },
  { field: 'orderTime', op: 'le', value: '2025-06-01 14:59:59' },
  { field: 'priority', op: 'in', value: ['L', 'H'] },
  { field: 'customerName', op: 'like', value: '%户0123%' },
  { field: 'customerName', op: 'right_like', value: 'ab%' },
  { field: 'remark', op: 'left_like', value: '%发货' },
  { field: 'region', op: 'multi_like', value: ['%,01,%', '%,02,%'], element: true },
  { field: 'orderNo', op: 'multi_like', value: ['%SO1%', '%SO2%'] },
  { field: 'quantity', op: 'ne', value: 3 },
];

describe('open statements', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`a statement compiled with slots and bound is the statement built with the values (${dialect})`, () => {
      const db = compilerOnly(dialect);
      const build = (conds: Condition[], real: Condition[], limit: unknown, offset: unknown) => db.selectFrom('benchOrder').select(['id', 'orderNo'])
        .where((eb) => eb.and(conds.map((c, i) => conditionSql(eb, c, dialect, text, real[i])))).orderBy('orderTime', 'desc')
        .limit(limit as number).offset(offset as number).compile();
      const direct = build(CONDITIONS, CONDITIONS, 10, 20);
      const values: unknown[] = [];
      const open = openConditions(CONDITIONS, values);
      const template = build(open, CONDITIONS, new Slot(values.length), new Slot(values.length + 1));
      const bound = bind(template, [...values, 10, 20]);
      expect(bound.sql).toBe(direct.sql);
      expect(bound.parameters).toEqual(direct.parameters);
      expect(template.parameters.some((p) => p instanceof Slot)).toBe(true);
      if (dialect === 'sqlite') expect(bound.parameters).toContain('"customer_name" : "户0123"'); // the FTS match, derived from the bound pattern
      // The same template serves other values of the same shape.
      const other: Condition[] = CONDITIONS.map((c) => (c.field === 'status' ? { ...c, value: '4' } : c.field === 'customerName' && c.op === 'like' ? { ...c, value: '%xyz%' } : c));
      const otherValues: unknown[] = [];
      openConditions(other, otherValues);
      const again = bind(template, [...otherValues, 50, 0]);
      expect(again.parameters).toEqual(build(other, other, 50, 0).parameters);
      expect(again.queryId).not.toBe(bound.queryId);
    });
  }

  it('a LIKE term too short for the trigram index is another shape (it scans), so it never shares a statement with an indexed one', () => {
    const long: Condition = { field: 'customerName', op: 'like', value: '%户01%' };
    const short: Condition = { field: 'customerName', op: 'like', value: '%户0%' };
    expect(conditionShape(long, text)).not.toBe(conditionShape(short, text));
    expect(conditionShape(long, text)).toBe(conditionShape({ ...long, value: '%abc%' }, text));
    expect(conditionShape({ field: 'priority', op: 'in', value: ['L'] })).not.toBe(conditionShape({ field: 'priority', op: 'in', value: ['L', 'M'] }));
    const db = compilerOnly('sqlite');
    const sqlOf = (c: Condition) => db.selectFrom('benchOrder').select('id').where((eb) => conditionSql(eb, c, 'sqlite', text)).compile().sql;
    expect(sqlOf(long)).toContain('match');
    expect(sqlOf(short)).not.toContain('match');
  });

  it('derive applies to a plain value at once and to a slot at binding, in order', () => {
    expect(derive(7, String)).toBe('7');
    const slot = derive(derive(new Slot(1), (v: number) => v * 2), String) as Slot;
    expect(slot).toBeInstanceOf(Slot);
    expect(slot.derive!(21)).toBe('42');
  });

  it('the cache makes a shape once and keeps the most recently used', () => {
    const cache = new StatementCache<string>(2);
    const make = vi.fn((k: string) => `made ${k}`);
    expect(cache.get('a', () => make('a'))).toBe('made a');
    cache.get('a', () => make('a'));
    cache.get('b', () => make('b'));
    cache.get('a', () => make('a')); // a is now the most recent
    cache.get('c', () => make('c')); // b goes
    expect(cache.size).toBe(2);
    cache.get('a', () => make('a'));
    cache.get('b', () => make('b'));
    expect(make.mock.calls.map((c) => c[0])).toEqual(['a', 'b', 'c', 'b']);
  });

  it('two scopes ANDed are reusable only when each names what it binds: a module scope without a key never shares a statement', () => {
    const own = keyedScope('["alice"]', (eb) => eb('createBy', '=', 'alice'));
    const rule = keyedScope('[["status","=","1"]]', (eb) => eb('status', '=', '1'));
    const readers: RowScope = (eb) => eb('id', 'in', ['a', 'b']);
    expect(bothScopes(own, rule)?.key).toBe(JSON.stringify(['["alice"]', '[["status","=","1"]]']));
    // Keys joined so that no two pairs read the same: a value holding the separator cannot pose as another user's pair.
    const odd = keyedScope('a","b', (eb) => eb('createBy', '=', 'x'));
    expect(bothScopes(odd, keyedScope('c', (eb) => eb('status', '=', '1')))?.key).not.toBe(bothScopes(keyedScope('a', (eb) => eb('createBy', '=', 'x')), keyedScope('b","c', (eb) => eb('status', '=', '1')))?.key);
    expect(bothScopes(own, readers)?.key).toBeUndefined();
    expect(bothScopes(readers, null)).toBe(readers);
    expect(bothScopes(null, null)).toBeNull();
    const db = compilerOnly('sqlite');
    const q = db.selectFrom('benchOrder').select('id').where(bothScopes(own, rule)!).compile();
    expect(q.sql).toContain('"create_by" = ? and "status" = ?');
    expect(q.parameters).toEqual(['alice', '1']);
  });

  it('a statement compiled once binds each call\'s values, and is built once per database', () => {
    const query = (db: Kysely<any>, userId: unknown, size: unknown) => db.selectFrom('sysAnnouncementSend').select('anntId').where('userId', '=', userId as string).where('readFlag', '=', '0').limit(size as number);
    const build = vi.fn(({ userId, size }: { userId: never; size: never }, db: Kysely<any>) => query(db, userId, size));
    const unread = compiledOnce(['userId', 'size'], build);
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const db = compilerOnly(dialect);
      for (const [userId, size] of [['u1', 5], ['u2', 10]] as const) {
        const bound = unread(db, { userId, size });
        const direct = query(db, userId, size).compile();
        expect(bound.sql).toBe(direct.sql);
        expect(bound.parameters).toEqual(direct.parameters);
      }
      expect(unread(db, { userId: 'u3', size: 1 }).queryId).not.toBe(unread(db, { userId: 'u3', size: 1 }).queryId);
    }
    expect(build).toHaveBeenCalledTimes(2);
  });
});
