import type { Kysely } from 'kysely';
import { snakeCase } from '../../schema/types.js';
import { ForgetOnWrite, pluginOf } from '../db/forget-on-write.js';
import type { Write } from '../db/written-tables.js';

/** How long an estimated total is answered again without counting. */
export const BROAD_TOTAL_TTL_MS = 10_000;
const MAX_KEPT = 5000;

interface Kept { total: number; table: string; until: number }

/**
 * The estimated totals of broad filters, kept a few seconds by the count statement and values that
 * found the filter past its exact-count cap (list-count.ts). Counting up to the cap reads cap+1
 * index entries, most of a broad list request's work, to answer a total shown as an estimate
 * (约 200,000 条); the next requests of the same filter and read scope (both are in the statement and
 * its values) answer the kept estimate instead. Inserts cannot bring a filter under its cap; an
 * update or delete of the table through this handle forgets its totals once committed, and another
 * instance's writes are seen within the TTL.
 *
 * It rides on the application's database handle as a plugin (db/forget-on-write.ts), so it sees every
 * write built with Kysely, and `broadTotalsOf(db)` finds it from any handle.
 */
export class BroadTotals extends ForgetOnWrite {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly ttlMs = BROAD_TOTAL_TTL_MS) {
    super();
  }

  get(key: string, now = Date.now()): number | undefined {
    const k = this.kept.get(key);
    if (!k) return undefined;
    if (k.until > now) return k.total;
    this.kept.delete(key);
    return undefined;
  }

  set(key: string, table: string, total: number, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { total, table, until: now + this.ttlMs });
  }

  override forget(tables: readonly string[]): void {
    const names = new Set(tables.map(snakeCase));
    for (const [key, k] of this.kept) if (names.has(k.table)) this.kept.delete(key);
  }

  protected override staleAfter(write: Write): boolean {
    return write.kind !== 'insert';
  }
}

/** The handle's kept totals, if its application keeps them. */
export const broadTotalsOf = (db: Kysely<any>) => pluginOf(db, BroadTotals); // eslint-disable-line @typescript-eslint/no-explicit-any
