import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 数据日志 (JeecgBoot sys_data_log): a row's content after each edit through a page, numbered per
 * table and row, so two versions can be compared. Content is JSON of the readable columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_data_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    .addColumn('data_content', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('json'))
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_name', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('sys_org_code', 'varchar(64)')
    .execute();
  await db.schema.createIndex('uq_data_log_version').on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_data_log').ifExists().execute();
}
