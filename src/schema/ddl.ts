import { snakeCase, SYSTEM_FIELDS, type ColumnType, type FieldSchema, type PageSchema } from './types';

/** One column as the database sees it. */
export interface ColumnSpec {
  column: string;
  type: ColumnType;
  length?: number;
  scale?: number;
  nullable: boolean;
  default?: string | number | boolean;
  primaryKey?: boolean;
}

export type DdlStep =
  | { kind: 'createTable'; table: string; columns: ColumnSpec[] }
  | { kind: 'addColumn'; table: string; column: ColumnSpec }
  | { kind: 'createIndex'; table: string; name: string; columns: string[]; unique: boolean }
  /** Reported, never applied without a second confirmation: the data in it would be lost. */
  | { kind: 'dropColumn'; table: string; column: string; destructive: true };

/** What the database has now; null when the table does not exist. */
export interface ExistingTable {
  columns: string[];
  indexes: string[];
}

const indexName = (table: string, column: string, unique: boolean) => `${unique ? 'uk' : 'idx'}_${table}_${column}`.slice(0, 63);

export function columnOf(f: FieldSchema): ColumnSpec {
  return {
    column: snakeCase(f.name),
    type: f.type,
    length: f.type === 'string' ? (f.length ?? 255) : f.length,
    scale: f.scale,
    nullable: f.name === 'id' ? false : f.nullable !== false,
    default: f.default,
    primaryKey: f.name === 'id' || undefined,
  };
}

/**
 * Every field of a page: the system columns first (with how the page shows them, where it declares
 * one again), then the declared ones (virtual ones included).
 */
export function allFields(s: PageSchema): FieldSchema[] {
  const declared = new Map(s.fields.map((f) => [f.name, f]));
  const system = SYSTEM_FIELDS.map((sf) => (declared.has(sf.name) ? { ...declared.get(sf.name)!, ...pick(sf) } : sf));
  return [...system, ...s.fields.filter((f) => !SYSTEM_FIELDS.some((sf) => sf.name === f.name))];
}

/** What the engine decides about a system column, whatever a page says to show it. */
const pick = (sf: FieldSchema) => ({ name: sf.name, type: sf.type, length: sf.length, nullable: sf.nullable, form: false as const });

/** The fields that are columns of the table. */
export const columnFields = (s: PageSchema): FieldSchema[] => allFields(s).filter((f) => !f.virtual);

/**
 * The changes that bring a table in line with its schema, as a plan to show before applying:
 * create the table, add missing columns and indexes; columns no longer declared are listed as
 * destructive drops that the caller applies only when confirmed twice.
 */
export function planSync(schema: PageSchema, existing: ExistingTable | null): DdlStep[] {
  const fields = columnFields(schema);
  const indexes = [
    ...fields.filter((f) => f.unique || f.index).map((f) => ({ columns: [snakeCase(f.name)], unique: !!f.unique })),
    ...(schema.indexes ?? []).map((ix) => ({ columns: ix.columns.map(snakeCase), unique: !!ix.unique })),
  ].map((ix) => ({ kind: 'createIndex' as const, table: schema.table, name: indexName(schema.table, ix.columns.join('_'), ix.unique), ...ix }));
  if (!existing) return [{ kind: 'createTable', table: schema.table, columns: fields.map(columnOf) }, ...indexes];
  const have = new Set(existing.columns.map((c) => c.toLowerCase()));
  const want = new Set(fields.map((f) => snakeCase(f.name)));
  const steps: DdlStep[] = fields.filter((f) => !have.has(snakeCase(f.name))).map((f) => ({ kind: 'addColumn', table: schema.table, column: columnOf(f) }));
  const haveIndex = new Set(existing.indexes.map((i) => i.toLowerCase()));
  steps.push(...indexes.filter((i) => !haveIndex.has(i.name)));
  for (const c of existing.columns) {
    if (!want.has(c.toLowerCase())) steps.push({ kind: 'dropColumn', table: schema.table, column: c, destructive: true });
  }
  return steps;
}

/** One line per step, for the plan shown before a sync. */
export function describeStep(step: DdlStep): string {
  switch (step.kind) {
    case 'createTable': return `create table ${step.table} (${step.columns.map((c) => c.column).join(', ')})`;
    case 'addColumn': return `add column ${step.table}.${step.column.column} ${step.column.type}${step.column.length ? `(${step.column.length})` : ''}`;
    case 'createIndex': return `create ${step.unique ? 'unique ' : ''}index ${step.name} on ${step.table} (${step.columns.join(', ')})`;
    case 'dropColumn': return `drop column ${step.table}.${step.column} (data in it is lost)`;
  }
}
