import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Condition } from '../../schema/query.js';
import type { Dialect } from '../db/connect.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type EB = ExpressionBuilder<any, any>;

/**
 * One parsed condition as SQL with bound values. Field names reach here only after the query
 * parser matched them to declared fields; LIKE patterns arrive escaped with backslashes.
 */
export function conditionSql(eb: EB, c: Condition, dialect: Dialect): Expression<SqlBool> {
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
    case 'right_like': return like(c.value as string);
    case 'multi_like': {
      if (!c.element) return eb.or((c.value as string[]).map(like));
      const whole = dialect === 'postgres' ? sql`(',' || ${ref}::text || ',')` : sql`(',' || ${ref} || ',')`;
      return eb.or((c.value as string[]).map((p) => sql<SqlBool>`${whole} like ${p} escape '\\'`));
    }
  }
}
