import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { planSync, type ColumnSpec, type DdlStep, type ExistingTable } from '../../schema/ddl.js';
import type { PageSchema } from '../../schema/types.js';
import type { Dialect } from '../db/connect.js';
import { dropSqliteFts, syncTextIndex } from '../db/fts.js';
import { planIndexes, planText } from '../db/index-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/** What the database holds for a table now (columns and index names), or null when it is absent. */
export async function inspectTable(db: AnyDb, dialect: Dialect, table: string): Promise<ExistingTable | null> {
  const raw = db.withoutPlugins();
  if (dialect === 'sqlite') {
    const cols = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(raw);
    if (!cols.rows.length) return null;
    const idx = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(raw);
    return { columns: cols.rows.map((r) => r.name), indexes: idx.rows.map((r) => r.name) };
  }
  const cols = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(raw);
  if (!cols.rows.length) return null;
  const idx = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(raw);
  return { columns: cols.rows.map((r) => r.name), indexes: idx.rows.map((r) => r.name) };
}

/**
 * inspectTable for every table at once (two statements instead of two a table): what a start needs
 * to plan all its tables. SQLite's table names match whatever their case, as in inspectTable.
 */
export async function inspectTables(db: AnyDb, dialect: Dialect): Promise<(table: string) => ExistingTable | null> {
  const raw = db.withoutPlugins();
  const found = new Map<string, ExistingTable>();
  const key = (t: string) => (dialect === 'sqlite' ? t.toLowerCase() : t);
  const [cols, idx] = dialect === 'sqlite'
    ? await Promise.all([
      sql<{ t: string; name: string }>`select m.name as t, p.name as name from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table' order by m.name, p.cid`.execute(raw),
      sql<{ t: string; name: string }>`select m.name as t, i.name as name from sqlite_master m, pragma_index_list(m.name) i where m.type = 'table'`.execute(raw),
    ])
    : await Promise.all([
      sql<{ t: string; name: string }>`select table_name as t, column_name as name from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(raw),
      sql<{ t: string; name: string }>`select tablename as t, indexname as name from pg_indexes where schemaname = current_schema()`.execute(raw),
    ]);
  for (const r of cols.rows) {
    let t = found.get(key(r.t));
    if (!t) found.set(key(r.t), t = { columns: [], indexes: [] });
    t.columns.push(r.name);
  }
  for (const r of idx.rows) found.get(key(r.t))?.indexes.push(r.name);
  return (table) => found.get(key(table)) ?? null;
}

function sqlType(c: ColumnSpec): string {
  switch (c.type) {
    case 'string': return `varchar(${c.length ?? 255})`;
    case 'text': return 'text';
    case 'blob': return 'text';
    case 'int': return 'integer';
    case 'long': return 'bigint';
    case 'double': return 'double precision';
    case 'decimal': return `decimal(${c.length ?? 18}, ${c.scale ?? 2})`;
    case 'date': return 'varchar(10)';
    case 'datetime': return 'varchar(19)';
    case 'time': return 'varchar(8)';
    case 'boolean': return 'integer';
  }
}

function defineColumn(c: ColumnSpec) {
  return (col: any) => {
    let b = col;
    if (c.primaryKey) b = b.primaryKey();
    if (!c.nullable && !c.primaryKey) b = b.notNull();
    if (c.default !== undefined) b = b.defaultTo(typeof c.default === 'boolean' ? Number(c.default) : c.default);
    return b;
  };
}

/** Applies a plan; drops only when `allowDestructive` (the caller asked twice). */
export async function applyPlan(db: AnyDb, steps: DdlStep[], opts: { allowDestructive?: boolean } = {}): Promise<void> {
  const raw = db.withoutPlugins();
  for (const step of steps) {
    switch (step.kind) {
      case 'createTable': {
        let t = raw.schema.createTable(step.table);
        for (const c of step.columns) t = t.addColumn(c.column, sql.raw(sqlType(c)) as any, defineColumn(c));
        await t.execute();
        break;
      }
      case 'addColumn': {
        // A NOT NULL column without a default cannot be added to a table with rows: add it nullable.
        const c = step.column.default === undefined ? { ...step.column, nullable: true } : step.column;
        await raw.schema.alterTable(step.table).addColumn(c.column, sql.raw(sqlType(c)) as any, defineColumn(c)).execute();
        break;
      }
      case 'createIndex': {
        let ix = raw.schema.createIndex(step.name).on(step.table).columns(step.columns);
        if (step.unique) ix = ix.unique();
        await ix.execute();
        break;
      }
      case 'dropColumn':
        if (!opts.allowDestructive) break;
        // SQLite refuses to drop a column an index or trigger names: ours go first, syncIndexes plans them again.
        if (raw.getExecutor().adapter instanceof SqliteAdapter) {
          await dropSqliteFts(raw, step.table);
          for (const name of (await ourIndexes(raw, 'sqlite')).get(step.table) ?? []) await sql.raw(`drop index if exists "${name}"`).execute(raw);
        }
        await raw.schema.alterTable(step.table).dropColumn(step.column).execute();
        break;
    }
  }
}

/** The planned (`ix_`) b-tree indexes the database holds now, by table. */
async function ourIndexes(db: AnyDb, dialect: Dialect): Promise<Map<string, string[]>> {
  const rows = dialect === 'sqlite'
    ? (await sql<{ name: string; table: string }>`select name, tbl_name as "table" from sqlite_master where type = 'index' and name glob 'ix_*'`.execute(db)).rows
    : (await sql<{ name: string; table: string }>`select indexname as name, tablename as "table" from pg_indexes where schemaname = current_schema() and left(indexname, 3) = 'ix_' and right(indexname, 5) <> '_trgm'`.execute(db)).rows;
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.table, [...(out.get(r.table) ?? []), r.name]);
  return out;
}

/** The tables holding a text index of ours (an FTS table, a trigram index). */
async function tablesWithTextIndex(db: AnyDb, dialect: Dialect): Promise<Set<string>> {
  const rows = dialect === 'sqlite'
    ? (await sql<{ table: string }>`select substr(name, 5) as "table" from sqlite_master where type = 'table' and name glob 'fts_*' and sql like 'create virtual table%'`.execute(db)).rows
    : (await sql<{ table: string }>`select tablename as "table" from pg_indexes where schemaname = current_schema() and left(indexname, 3) = 'ix_' and right(indexname, 5) = '_trgm'`.execute(db)).rows;
  return new Set(rows.map((r) => r.table));
}

/**
 * Brings the planned indexes of these pages' tables in line with the schemas (index-plan.ts): creates
 * the missing ones, drops the `ix_` ones no longer planned (never another index), syncs the text
 * index, and refreshes the planner's statistics of a table that changed. `all` is every page (other
 * pages' dictionaries and row rules plan indexes on a table too). Answers the tables changed.
 */
export async function syncIndexes(db: AnyDb, dialect: Dialect, schemas: PageSchema[], all: PageSchema[] = schemas): Promise<string[]> {
  const raw = db.withoutPlugins();
  const have = await ourIndexes(raw, dialect);
  const textIndexed = await tablesWithTextIndex(raw, dialect);
  const changed: string[] = [];
  const seen = new Set<string>();
  for (const s of schemas) {
    if (seen.has(s.table)) continue;
    seen.add(s.table);
    const plan = planIndexes(s, all);
    const want = new Set(plan.map((p) => p.name));
    const present = new Set(have.get(s.table) ?? []);
    let touched = false;
    for (const name of present) {
      if (!want.has(name)) { await sql.raw(`drop index if exists "${name}"`).execute(raw); touched = true; }
    }
    for (const ix of plan.filter((p) => !present.has(p.name))) {
      await sql.raw(`create index if not exists "${ix.name}" on "${s.table}" (${ix.columns.map((c) => `"${c}"`).join(', ')})`).execute(raw);
      touched = true;
    }
    const text = planText(s);
    // Most pages search no text and have no text index left over: nothing to ask the database.
    if ((text || textIndexed.has(s.table)) && await syncTextIndex(raw, dialect, s.table, text)) touched = true;
    if (touched) {
      // Fresh statistics, so the planner weighs the new indexes (and SQLite's count estimate reads them).
      // Not sampled: SQLite's analysis_limit misjudges how many rows share a value of a low-cardinality column.
      await sql.raw(`analyze "${s.table}"`).execute(raw);
      changed.push(s.table);
    }
  }
  return changed;
}

/** Start-up sync of the built-in schemas: creates and extends tables, never drops. */
export async function syncBuiltIn(db: AnyDb, dialect: Dialect, schemas: PageSchema[]): Promise<string[]> {
  const done: string[] = [];
  const existing = await inspectTables(db, dialect);
  for (const s of schemas) {
    const had = existing(s.table);
    const plan = planSync(s, had).filter((p) => p.kind !== 'dropColumn');
    if (plan.length) {
      await applyPlan(db, plan);
      // A declared index added to a table with rows: the planner weighs it only with fresh statistics.
      if (had && plan.some((p) => p.kind === 'createIndex')) await sql.raw(`analyze "${s.table}"`).execute(db.withoutPlugins());
      done.push(s.table);
    }
  }
  for (const t of await syncIndexes(db, dialect, schemas)) if (!done.includes(t)) done.push(t);
  return done;
}
