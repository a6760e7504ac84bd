import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Backend } from './server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The database's plan of a statement as one line: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN
 * with sequential scans discouraged (a test table of a few thousand rows fits a scan anyway).
 */
export async function planOf(raw: Kysely<any>, backend: Backend, q: CompiledQuery): Promise<string> {
  if (backend === 'sqlite') {
    const r = await raw.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    return r.rows.map((x) => x.detail).join('; ');
  }
  return raw.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const r = await tx.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
    return r.rows.map((x) => x['QUERY PLAN']).join(' | ');
  });
}
