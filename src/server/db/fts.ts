import { sql, type Kysely } from 'kysely';
import type { Dialect } from './connect.js';
import { ftsTableName, trigramIndexName, type TextPlan } from './index-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * SQLite: an external-content FTS5 table (trigram tokenizer) over the page's searchable columns,
 * kept in step by triggers on the table itself, so every write path — add, edit, delete, import,
 * a workflow transition, a module's own SQL — updates it by construction. The text lives once, in
 * the table; the FTS holds only the trigram index, keyed by the table's rowid.
 * (VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY: run
 * `insert into fts_<table>(fts_<table>) values ('rebuild')` after one; the engine never vacuums.)
 */
export function sqliteFtsDdl(plan: TextPlan): string[] {
  const fts = q(ftsTableName(plan.table)), t = q(plan.table);
  const cols = plan.columns.map(q).join(', ');
  const nw = plan.columns.map((c) => `new.${q(c)}`).join(', ');
  const old = plan.columns.map((c) => `old.${q(c)}`).join(', ');
  const name = ftsTableName(plan.table);
  return [
    `create virtual table ${fts} using fts5(${cols}, content=${t}, content_rowid='rowid', tokenize='trigram')`,
    `create trigger ${q(`${name}_ai`)} after insert on ${t} begin insert into ${fts}(rowid, ${cols}) values (new.rowid, ${nw}); end`,
    `create trigger ${q(`${name}_ad`)} after delete on ${t} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${old}); end`,
    `create trigger ${q(`${name}_au`)} after update of ${cols} on ${t} begin insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${old}); insert into ${fts}(rowid, ${cols}) values (new.rowid, ${nw}); end`,
  ];
}

/** Drops a table's FTS and its triggers (before a column it covers is dropped, or when no column is searchable any more). */
export async function dropSqliteFts(db: AnyDb, table: string): Promise<boolean> {
  const name = ftsTableName(table);
  const found = await sql<{ name: string }>`select name from sqlite_master where name = ${name}`.execute(db);
  for (const suffix of ['_ai', '_ad', '_au']) await sql.raw(`drop trigger if exists ${q(name + suffix)}`).execute(db);
  await sql.raw(`drop table if exists ${q(name)}`).execute(db);
  return found.rows.length > 0;
}

/**
 * Brings a table's text index in line with its plan: SQLite recreates the FTS (and rebuilds it from
 * the table) when its definition or a trigger differs; PostgreSQL adds a GIN trigram index per
 * column and drops those of columns no longer searchable. Answers whether anything changed.
 */
export async function syncTextIndex(db: AnyDb, dialect: Dialect, table: string, plan: TextPlan | null): Promise<boolean> {
  if (dialect === 'sqlite') {
    const want = plan ? sqliteFtsDdl(plan) : [];
    const name = ftsTableName(table);
    const have = await sql<{ sql: string }>`select sql from sqlite_master where name in (${name}, ${`${name}_ai`}, ${`${name}_ad`}, ${`${name}_au`})`.execute(db);
    // sqlite_master keeps each statement as it was written: the same four statements mean nothing to do.
    const norm = (list: string[]) => list.map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()).sort().join('\n');
    if (norm(have.rows.map((r) => r.sql)) === norm(want)) return false;
    await dropSqliteFts(db, table);
    if (!plan) return true;
    for (const stmt of want) await sql.raw(stmt).execute(db);
    await sql.raw(`insert into ${q(name)}(${q(name)}) values ('rebuild')`).execute(db);
    return true;
  }
  const existing = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table} and left(indexname, 3) = 'ix_' and right(indexname, 5) = '_trgm'`.execute(db);
  const want = new Map((plan?.columns ?? []).map((c) => [trigramIndexName(table, c), c]));
  let changed = false;
  for (const { name } of existing.rows) {
    if (!want.has(name)) { await sql.raw(`drop index if exists ${q(name)}`).execute(db); changed = true; }
  }
  const have = new Set(existing.rows.map((r) => r.name));
  const missing = [...want].filter(([n]) => !have.has(n));
  if (missing.length && !(await pgTrigramAvailable(db))) return changed;
  for (const [name, column] of missing) {
    await sql.raw(`create index if not exists ${q(name)} on ${q(table)} using gin (${q(column)} gin_trgm_ops)`).execute(db);
    changed = true;
  }
  return changed;
}

let warned = false;
/** pg_trgm, created in this database when missing; without it `*x*` scans (said once in the log). */
async function pgTrigramAvailable(db: AnyDb): Promise<boolean> {
  const has = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (has.rows.length) return true;
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    return true;
  } catch (e) {
    if (!warned) console.warn(`pg_trgm is not available (${(e as Error).message}): contains search scans the table`);
    warned = true;
    return false;
  }
}
