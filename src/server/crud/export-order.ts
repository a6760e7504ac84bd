import { sql, type ExpressionBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * An export's rows in the list's order, found a page of keys at a time by keyset ("seek") paging: each
 * read starts right after the last key read (its sort values and id), so the server never holds every
 * id, and no read walks over the rows before it as an OFFSET would. A row deleted meanwhile is simply
 * not found; a row added meanwhile is read once if it falls after the current key, else not at all.
 */

export interface SortKey {
  field: string;
  dir: 'asc' | 'desc';
  /** The column never holds NULL (the id): no read looks for its NULLs. */
  notNull?: boolean;
}

/** One condition of a seek: the column equal to, below or above a key's value, or NULL, or not. */
export interface Seek {
  field: string;
  op: '=' | '<' | '>' | 'is null' | 'is not null';
  value?: unknown;
}

/**
 * Keys read per statement: from `minKeys` (one batch of rows) up to `maxKeys` (about 2 MB of ids and
 * sort values), as `pageSize` finds the reads cost. Tests lower both to cross many reads.
 */
export const exportPaging = { minKeys: 500, maxKeys: 20_000 };

/** The order of a list: its sort, then id descending (the engine's tie-break, as routes.ts `ordered` adds it). */
export const exportOrder = (sort: { field: string; dir: 'asc' | 'desc' }[]): SortKey[] => [
  ...sort.map((s) => ({ field: s.field, dir: s.dir })),
  { field: 'id', dir: 'desc', notNull: true },
];

const isNull = (v: unknown) => v === null || v === undefined;

/**
 * The rows after the row whose key is `at` (one value per key of `order`), as conjunctions to read one
 * after the other: each one's rows all come before the next one's, and together they are every row
 * after `at`. Each is an equality on a leading run of keys and one range on the next, which an index
 * on the sort columns serves as a seek (an OR of them would not keep the index's order).
 * `nullsLow`: NULL sorts below every value, as on SQLite; PostgreSQL sorts it above every value.
 */
export function seeksAfter(order: SortKey[], at: unknown[], nullsLow: boolean): Seek[][] {
  const out: Seek[][] = [];
  for (let j = order.length - 1; j >= 0; j--) {
    const same: Seek[] = order.slice(0, j).map((k, i) => (isNull(at[i]) ? { field: k.field, op: 'is null' } : { field: k.field, op: '=', value: at[i] }));
    const { field, dir, notNull } = order[j];
    const nullsFirst = nullsLow === (dir === 'asc');
    if (isNull(at[j])) {
      if (nullsFirst) out.push([...same, { field, op: 'is not null' }]); // NULLs last: nothing comes after a NULL
    } else {
      out.push([...same, { field, op: dir === 'asc' ? '>' : '<', value: at[j] }]);
      if (!nullsFirst && !notNull) out.push([...same, { field, op: 'is null' }]);
    }
  }
  return out;
}

/** Up to `limit` keys (one value per key of the order, the id last) of the rows matching every seek, in the export's order. */
export type ReadKeys = (seeks: Seek[], limit: number) => Promise<unknown[][]>;

/**
 * The next key page's size, from how long the last one took to read and how long its rows then took
 * to read and write. Where an index serves the order, a read costs about its keys and the page stays
 * small: its ids are let go after a batch or two, before the young collections would promote them
 * (a 20,000-key page lived across 40 batches: ~150 MB promoted per 1,000,000 rows on PostgreSQL,
 * against ~35 MB at 500). Where none does, each read sorts every matching row, whatever its limit:
 * the pages grow until the reads are a small part of the export.
 */
export function pageSize(size: number, readMs: number, useMs: number, min: number, max: number): number {
  if (readMs * 2 > useMs) return Math.min(max, size * 2);
  if (readMs * 8 < useMs) return Math.max(min, Math.floor(size / 2));
  return size;
}

/** The ids of the export's rows in its order, at most `max`, a page of `minRead`…`maxRead` ids at a time (`pageSize`). */
export async function* idsInOrder(
  order: SortKey[], nullsLow: boolean, read: ReadKeys,
  opts: { minRead: number; maxRead: number; max: number; now?: () => number },
): AsyncGenerator<string[]> {
  const now = opts.now ?? performance.now.bind(performance);
  let taken = 0;
  let last: unknown[] | null = null;
  let size = opts.minRead;
  while (taken < opts.max) {
    const want = Math.min(size, opts.max - taken);
    const t0 = now();
    let page: unknown[][] = [];
    for (const seeks of last ? seeksAfter(order, last, nullsLow) : [[]]) {
      page = page.concat(await read(seeks, want - page.length));
      if (page.length >= want) break;
    }
    const readMs = now() - t0;
    if (!page.length) return;
    taken += page.length;
    last = page[page.length - 1];
    const ids = page.map((k) => String(k[k.length - 1]));
    const more = page.length === want; // else every row after the last key was read
    // The page's keys are let go before its ids are read and written, which takes many young
    // collections: kept, they would all be promoted to the old generation with the ids.
    page = [];
    const t1 = now();
    yield ids;
    if (!more) return;
    size = pageSize(size, readMs, now() - t1, opts.minRead, opts.maxRead);
  }
}

/** A seek as a condition of the query. */
export function seekSql(eb: ExpressionBuilder<any, any>, s: Seek) {
  if (s.op === 'is null') return eb(s.field, 'is', null);
  if (s.op === 'is not null') return eb(s.field, 'is not', null);
  return eb(s.field, s.op, s.value);
}

/**
 * The key columns a read selects, as `k0`, `k1`…: on PostgreSQL as text, which a comparison reads
 * back exactly (numeric and bigint come back as JavaScript numbers, which may round).
 */
export const keyColumns = (order: SortKey[], dialect: 'sqlite' | 'postgres') =>
  order.map((k, i) => (dialect === 'postgres' ? sql`cast(${sql.ref(k.field)} as text)` : sql`${sql.ref(k.field)}`).as(`k${i}`));
