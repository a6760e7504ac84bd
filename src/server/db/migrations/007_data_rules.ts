import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 数据规则 (contract §3.2): conditions an administrator attaches to a menu entry, and which of them
 * each role's grant of that menu selects (`sys_role_permission.data_rule_ids`, a comma list).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_permission_data_rule')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_column', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_conditions', 'varchar(50)', (c) => c.notNull())
    .addColumn('rule_value', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(3)', (c) => c.notNull().defaultTo('1'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('idx_spdr_permission').on('sys_permission_data_rule').column('permission_id').execute();
  await db.schema.alterTable('sys_role_permission').addColumn('data_rule_ids', 'varchar(1000)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_role_permission').dropColumn('data_rule_ids').execute();
  await db.schema.dropTable('sys_permission_data_rule').ifExists().execute();
}
