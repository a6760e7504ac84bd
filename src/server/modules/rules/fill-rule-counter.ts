import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The next value of a rule's counter for a period. One upsert statement (insert the first value,
 * or add one and return the result) is atomic on both databases: concurrent calls never share a
 * value, on PostgreSQL the row lock orders them, on SQLite writes are serialised.
 */
export async function nextSequence(db: Kysely<any>, ruleCode: string, period: string, start: number): Promise<number> {
  const row = await db.insertInto('sys_fill_rule_seq').values({ ruleCode, period, value: start })
    .onConflict((oc) => oc.columns(['ruleCode', 'period']).doUpdateSet((eb) => ({ value: eb(eb.ref('sys_fill_rule_seq.value'), '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
