import { describe, expect, it } from 'vitest';
import { exportOrder, idsInOrder, pageSize, seeksAfter, type ReadKeys, type Seek, type SortKey } from './export-order.js';

type Row = { id: string; [column: string]: string | number | null };

/** A database's order: NULL below every value (SQLite) or above (PostgreSQL), then the values' own order. */
const compare = (nullsLow: boolean) => (x: unknown, y: unknown) => {
  if (x === null || y === null) return x === y ? 0 : (x === null) === nullsLow ? -1 : 1;
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
};

const inOrder = (order: SortKey[], nullsLow: boolean) => (a: Row, b: Row) => {
  for (const k of order) {
    const c = compare(nullsLow)(a[k.field], b[k.field]);
    if (c) return k.dir === 'asc' ? c : -c;
  }
  return 0;
};

/** SQL's truth of one seek: a comparison with NULL is never true. */
const matches = (r: Row, s: Seek) => {
  const v = r[s.field];
  if (s.op === 'is null') return v === null;
  if (s.op === 'is not null') return v !== null;
  if (v === null) return false;
  return s.op === '=' ? v === s.value : s.op === '<' ? v < (s.value as string) : v > (s.value as string);
};

/** A table in memory, read as the route reads it: the rows matching the seeks, in the order, the first `limit`. */
function table(rows: Row[], order: SortKey[], nullsLow: boolean) {
  const reads: Seek[][] = [];
  const read: ReadKeys = async (seeks, limit) => {
    reads.push(seeks);
    return rows.filter((r) => seeks.every((s) => matches(r, s))).sort(inOrder(order, nullsLow)).slice(0, limit).map((r) => order.map((k) => r[k.field]));
  };
  return { read, reads };
}

const all = async (ids: AsyncIterable<string[]>) => {
  const out: string[] = [];
  for await (const page of ids) out.push(...page);
  return out;
};

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('export order (keyset paging)', () => {
  it('names the rows after a key as seeks read one after the other, NULLs where each database sorts them', () => {
    const order = exportOrder([{ field: 'status', dir: 'desc' }]);
    // SQLite: NULL is lowest, so last in a descending order.
    expect(seeksAfter(order, ['2', 'x'], true)).toEqual([
      [{ field: 'status', op: '=', value: '2' }, { field: 'id', op: '<', value: 'x' }],
      [{ field: 'status', op: '<', value: '2' }],
      [{ field: 'status', op: 'is null' }],
    ]);
    expect(seeksAfter(order, [null, 'x'], true)).toEqual([[{ field: 'status', op: 'is null' }, { field: 'id', op: '<', value: 'x' }]]);
    // PostgreSQL: NULL is highest, so first in a descending order.
    expect(seeksAfter(order, ['2', 'x'], false)).toEqual([
      [{ field: 'status', op: '=', value: '2' }, { field: 'id', op: '<', value: 'x' }],
      [{ field: 'status', op: '<', value: '2' }],
    ]);
    expect(seeksAfter(order, [null, 'x'], false)).toEqual([
      [{ field: 'status', op: 'is null' }, { field: 'id', op: '<', value: 'x' }],
      [{ field: 'status', op: 'is not null' }],
    ]);
  });

  it('reads every row once, in the full order, across pages, with NULLs and duplicates in every sort column', async () => {
    const next = random(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
    for (let round = 0; round < 300; round++) {
      const rows: Row[] = Array.from({ length: 1 + Math.floor(next() * 40) }, (_, i) => ({
        id: `r${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${i}`,
        a: pick([null, 1, 2, 2, 3]),
        b: pick([null, 'x', 'y']),
        c: pick([null, 10.5, -1]),
      }));
      const sort = Array.from({ length: Math.floor(next() * 4) }, () => ({ field: pick(['a', 'b', 'c']), dir: pick(['asc', 'desc'] as const) }));
      const order = exportOrder(sort);
      for (const nullsLow of [true, false]) {
        const perRead = 1 + Math.floor(next() * 6);
        const expected = [...rows].sort(inOrder(order, nullsLow)).map((r) => String(r.id));
        const got = await all(idsInOrder(order, nullsLow, table(rows, order, nullsLow).read, { minRead: perRead, maxRead: perRead, max: 1_000_000 }));
        expect(got, `${JSON.stringify(sort)} nullsLow=${nullsLow} perRead=${perRead}`).toEqual(expected);
      }
    }
  });

  it('stops at the cap, and never reads more than a page per statement', async () => {
    const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: `r${String(i).padStart(2, '0')}`, a: i % 3 ? i % 4 : null }));
    const order = exportOrder([{ field: 'a', dir: 'asc' }]);
    const limits: number[] = [];
    const { read } = table(rows, order, true);
    const counted: ReadKeys = (seeks, limit) => { limits.push(limit); return read(seeks, limit); };
    const pages: string[][] = [];
    for await (const page of idsInOrder(order, true, counted, { minRead: 4, maxRead: 4, max: 10 })) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(pages.flat()).toEqual([...rows].sort(inOrder(order, true)).slice(0, 10).map((r) => r.id));
    expect(Math.max(...limits)).toBeLessThanOrEqual(4);
  });

  it('leaves out rows deleted meanwhile, reads rows added meanwhile at most once, and ends', async () => {
    const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: `r${String(i).padStart(3, '0')}`, a: i % 5 }));
    const order = exportOrder([{ field: 'a', dir: 'asc' }]);
    const { read } = table(rows, order, true);
    const seen: string[] = [];
    let added = 0;
    for await (const page of idsInOrder(order, true, read, { minRead: 3, maxRead: 3, max: 1_000_000 })) {
      seen.push(...page);
      // Between pages: a row before the current key, one after it, and a row not yet read is deleted.
      rows.push({ id: `n${String(added++).padStart(3, '0')}`, a: -1 }, { id: `n${String(added++).padStart(3, '0')}`, a: 9 });
      const unread = rows.findIndex((r) => r.id.startsWith('r') && !seen.includes(r.id) && r.a !== 0);
      if (unread >= 0) rows.splice(unread, 1);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((id) => rows.find((r) => r.id === id)?.a === -1)).toBe(false);
    const survivors = rows.filter((r) => r.id.startsWith('r')).map((r) => r.id);
    expect(seen.filter((id) => id.startsWith('r')).sort()).toEqual(survivors.sort());
  });

  it('keeps key pages small while reads are cheap beside the rows they feed, and grows them while they are not', async () => {
    expect(pageSize(500, 2, 15, 500, 20_000)).toBe(500); // an indexed order: 2 ms of keys for 15 ms of rows
    expect(pageSize(500, 300, 15, 500, 20_000)).toBe(1000); // a sort of every row per read
    expect(pageSize(16_000, 300, 500, 500, 20_000)).toBe(20_000);
    expect(pageSize(4000, 1, 100, 500, 20_000)).toBe(2000);
    expect(pageSize(500, 0, 100, 500, 20_000)).toBe(500);

    // A read costs `scan` ms whatever its limit (no index serves the order); each id then takes 1 ms to write.
    const rows: Row[] = Array.from({ length: 5000 }, (_, i) => ({ id: `r${String(i).padStart(4, '0')}`, a: i % 7 }));
    const order = exportOrder([{ field: 'a', dir: 'asc' }]);
    const sizes = async (scan: number) => {
      let clock = 0;
      const { read } = table(rows, order, true);
      const timed: ReadKeys = async (seeks, limit) => { clock += scan; return read(seeks, limit); };
      const out: number[] = [];
      for await (const page of idsInOrder(order, true, timed, { minRead: 50, maxRead: 800, max: 1_000_000, now: () => clock })) {
        out.push(page.length);
        clock += page.length;
      }
      return out;
    };
    const cheap = await sizes(5);
    expect(new Set(cheap)).toEqual(new Set([50]));
    const costly = await sizes(400);
    expect(costly.slice(0, 6)).toEqual([50, 100, 200, 400, 800, 800]);
    expect(costly.reduce((a, b) => a + b, 0)).toBe(5000);
  });
});
