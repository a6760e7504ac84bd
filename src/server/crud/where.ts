import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Condition } from '../../schema/query.js';
import type { Dialect } from '../db/connect.js';
import { derive } from './open-statements.js';

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

/** The FTS column a LIKE condition looks up, or null when it scans (not searchable, or a term under three characters). */
function textColumn(c: Condition, text?: TextSearch | null): string | null {
  if (c.op !== 'like' && c.op !== 'left_like' && c.op !== 'right_like') return null;
  const column = text?.columns.get(c.field);
  return column && [...likeTerm(c.op, String(c.value))].length >= MIN_TERM ? column : null;
}

/**
 * What of a condition decides its SQL text, not its values: two conditions of the same shape compile
 * to the same statement (open-statements.ts). A value's length decides whether a LIKE uses the FTS.
 */
export function conditionShape(c: Condition, text?: TextSearch | null): string {
  return `${c.field}:${c.op}:${Array.isArray(c.value) ? c.value.length : ''}:${c.element ? 'e' : ''}:${textColumn(c, text) ? 'fts' : ''}`;
}

/**
 * One parsed condition as SQL with bound values. Field names reach here only after the query
 * parser matched them to declared fields; LIKE patterns arrive escaped with backslashes. Values may be
 * open (slots): `shape` then names the condition as its values will be, for the text-index choice.
 */
export function conditionSql(eb: EB, c: Condition, dialect: Dialect, text?: TextSearch | null, shape: Condition = c): Expression<SqlBool> {
  const ref = eb.ref(c.field);
  const like = (pattern: unknown) => (dialect === 'postgres'
    ? sql<SqlBool>`${ref}::text ilike ${derive(pattern, String)} escape '\\'`
    : sql<SqlBool>`${ref} like ${derive(pattern, String)} escape '\\'`);
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
      const column = textColumn(shape, text);
      if (!column) return like(c.value);
      // The FTS finds the candidate rows by trigram; the LIKE keeps the answer exactly what it was without it (anchoring, case).
      const fts = sql.table(text!.fts);
      const op = c.op;
      const match = derive(c.value, (v: string | number) => `"${column}" : "${likeTerm(op, String(v)).replace(/"/g, '""')}"`);
      return eb.and([sql<SqlBool>`rowid in (select rowid from ${fts} where ${fts} match ${match})`, like(c.value)]);
    }
    case 'multi_like': {
      if (!c.element) return eb.or((c.value as string[]).map(like));
      const whole = dialect === 'postgres' ? sql`(',' || ${ref}::text || ',')` : sql`(',' || ${ref} || ',')`;
      return eb.or((c.value as string[]).map((p) => sql<SqlBool>`${whole} like ${p} escape '\\'`));
    }
  }
}
