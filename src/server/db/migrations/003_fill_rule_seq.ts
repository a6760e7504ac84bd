import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Fill-rule counters: one row per rule code and period ('' when the rule never resets). Keyed by
 * code, not rule id, so deleting and re-creating a rule does not hand out numbers again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_fill_rule_seq')
    .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_fill_rule_seq', ['rule_code', 'period'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_fill_rule_seq').ifExists().execute();
}
