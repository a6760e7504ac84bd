import { sql, type Kysely } from 'kysely';
import { snakeCase } from '../../schema/types.js';

/** A column written by updateByKey: its field name and, where a bare parameter's type is not enough, the SQL type to cast to. */
export interface KeyedColumn { name: string; cast?: string }

/** Rows per statement: a few bound values each, well under every driver's limit. */
const CHUNK = 400;

/**
 * Writes many rows at once, one `UPDATE … FROM (VALUES …)` per 400 rows instead of one statement
 * per row: each row is the key's value followed by one value per column. `scope` narrows the rows
 * the key is matched among (a plan's results). Field names, not column names; values are bound.
 */
export async function updateByKey(db: Kysely<any>, table: string, key: string, columns: KeyedColumn[], rows: unknown[][], scope?: Record<string, unknown>): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const names = [key, ...columns.map((c) => c.name)].map((n) => sql.id(`v_${snakeCase(n)}`));
  const t = sql.table(table);
  const col = (n: string) => sql.id(snakeCase(n));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map(([k, ...vs]) => sql`(${k}, ${sql.join(vs.map((v, j) => (columns[j].cast ? sql`cast(${v} as ${sql.raw(columns[j].cast!)})` : sql`${v}`)))})`);
    const sets = columns.map((c) => sql`${col(c.name)} = v.${sql.id(`v_${snakeCase(c.name)}`)}`);
    const scoped = Object.entries(scope ?? {}).map(([n, v]) => sql` and ${t}.${col(n)} = ${v}`);
    await sql`with v(${sql.join(names)}) as (values ${sql.join(values)})
      update ${t} set ${sql.join(sets)} from v where ${t}.${col(key)} = v.${sql.id(`v_${snakeCase(key)}`)}${sql.join(scoped, sql``)}`.execute(db);
  }
}
