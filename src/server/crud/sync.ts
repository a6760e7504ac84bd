import { sql, type Kysely } from 'kysely';
import { planSync, type ColumnSpec, type DdlStep, type ExistingTable } from '../../schema/ddl.js';
import type { PageSchema } from '../../schema/types.js';
import type { Dialect } from '../db/connect.js';

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
        if (opts.allowDestructive) await raw.schema.alterTable(step.table).dropColumn(step.column).execute();
        break;
    }
  }
}

/** Start-up sync of the built-in schemas: creates and extends tables, never drops. */
export async function syncBuiltIn(db: AnyDb, dialect: Dialect, schemas: PageSchema[]): Promise<string[]> {
  const done: string[] = [];
  for (const s of schemas) {
    const plan = planSync(s, await inspectTable(db, dialect, s.table)).filter((p) => p.kind !== 'dropColumn');
    if (plan.length) {
      await applyPlan(db, plan);
      done.push(s.table);
    }
  }
  return done;
}
