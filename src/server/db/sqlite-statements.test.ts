import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { reusingStatements, rowBuilder } from './sqlite-statements.js';

const open = () => {
  const sqlite = new Database(':memory:');
  sqlite.exec(`create table t (id integer primary key, name text, photo blob, score real); insert into t values (1, 'a', x'0102', 1.5), (2, null, null, null)`);
  return { sqlite, db: reusingStatements(sqlite) };
};

describe('reusingStatements (SQLite rows read as arrays, made objects)', () => {
  it('answers the rows better-sqlite3 itself makes: names, order, nulls, blobs, a repeated name (last wins)', () => {
    const { sqlite, db } = open();
    for (const sql of ['select * from t order by id', 'select id, name as id, score from t order by id', 'select count(*) as total from t']) {
      expect(db.prepare(sql).all([])).toEqual(sqlite.prepare(sql).all());
    }
    const [first] = db.prepare('select * from t where id = ?').all([1]) as Record<string, unknown>[];
    expect(Object.keys(first)).toEqual(['id', 'name', 'photo', 'score']);
    expect(Buffer.isBuffer(first.photo)).toBe(true);
  });

  it('reuses one statement for one text, and runs writes', () => {
    const { db } = open();
    expect(db.prepare('select id from t')).toBe(db.prepare('select id from t'));
    expect(db.prepare('insert into t (name) values (?)').run(['c']).changes).toBe(1);
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
  });

  it('follows a schema change made through it: a kept `select *` answers the new columns by their new names', () => {
    const { db } = open();
    const all = () => db.prepare('select * from t where id = 1').all([]);
    expect(all()).toEqual([{ id: 1, name: 'a', photo: Buffer.from([1, 2]), score: 1.5 }]);
    db.prepare('alter table t rename column score to points').run([]); // same width, another name
    expect(all()).toEqual([{ id: 1, name: 'a', photo: Buffer.from([1, 2]), points: 1.5 }]);
    db.prepare('alter table t add column note text').run([]);
    expect(all()).toEqual([{ id: 1, name: 'a', photo: Buffer.from([1, 2]), points: 1.5, note: null }]);
  });

  it('iterates rows as objects', () => {
    const { db } = open();
    expect([...db.prepare('select id, name from t order by id').iterate([])]).toEqual([{ id: 1, name: 'a' }, { id: 2, name: null }]);
  });

  it('keeps any column name a plain key: quotes, backslashes, __proto__', () => {
    const row = rowBuilder(['a"b', 'c\\d', 'x y'])([1, 2, 3]);
    expect(row).toEqual({ 'a"b': 1, 'c\\d': 2, 'x y': 3 });
    const odd = rowBuilder(['__proto__', 'id'])([{ polluted: true }, 7]);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect(Object.keys(odd)).toEqual(['__proto__', 'id']);
    expect((odd as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
