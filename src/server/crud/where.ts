import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Condition } from '../../schema/query.js';
import type { Dialect } from '../db/connect.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type EB = ExpressionBuilder<any, any>;

/**
 * A SQLite page's FTS5 trigram table (fts.ts) and the fields it covers, by field name → column.
 * PostgreSQL needs nothing here: its pg_trgm GIN index serves the ILIKE itself.
 */
export interface TextSearch { fts: string; columns: Map<string, string> }

/** Trigrams need three characters: a shorter term has none to look up and scans. */
const MIN_TERM = 3;

/** The literal text of a LIKE pattern the query parser built (`%x%`, `%x`, `x%`, escaped with backslashes). */
function likeTerm(op: Condition['op'], pattern: string): string {
  const core = pattern.slice(op === 'right_like' ? 0 : 1, op === 'left_like' ? undefined : -1);
  return core.replace(/\\(.)/g, '$1');
}

/**
 * One parsed condition as SQL with bound values. Field names reach here only after the query
 * parser matched them to declared fields; LIKE patterns arrive escaped with backslashes.
 */
export function conditionSql(eb: EB, c: Condition, dialect: Dialect, text?: TextSearch | null): Expression<SqlBool> {
  const ref = eb.ref(c.field);
  const like = (pattern: string | number) => (dialect === 'postgres'
    ? sql<SqlBool>`${ref}::text ilike ${String(pattern)} escape '\\'`
    : sql<SqlBool>`${ref} like ${String(pattern)} escape '\\'`);
  switch (c.op) {
    case 'eq': return eb(c.field, '=', c.value);
    case 'ne': return eb(c.field, '<>', c.value);
    case 'gt': return eb(c.field, '>', c.value);
    case 'ge': return eb(c.field, '>=', c.value);
    case 'lt': return eb(c.field, '<', c.value);
    case 'le': return eb(c.field, '<=', c.value);
    case 'in': return eb(c.field, 'in', c.value as (string | number)[]);
    case 'like':
    case 'left_like':
    case 'right_like': {
      const column = text?.columns.get(c.field);
      const term = column ? likeTerm(c.op, String(c.value)) : '';
      if (!column || [...term].length < MIN_TERM) return like(c.value as string);
      // The FTS finds the candidate rows by trigram; the LIKE keeps the answer exactly what it was without it (anchoring, case).
      const fts = sql.table(text!.fts);
      const match = `"${column}" : "${term.replace(/"/g, '""')}"`;
      return eb.and([sql<SqlBool>`rowid in (select rowid from ${fts} where ${fts} match ${match})`, like(c.value as string)]);
    }
    case 'multi_like': {
      if (!c.element) return eb.or((c.value as string[]).map(like));
      const whole = dialect === 'postgres' ? sql`(',' || ${ref}::text || ',')` : sql`(',' || ${ref} || ',')`;
      return eb.or((c.value as string[]).map((p) => sql<SqlBool>`${whole} like ${p} escape '\\'`));
    }
  }
}
