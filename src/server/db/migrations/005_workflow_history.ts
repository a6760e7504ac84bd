import type { Kysely } from 'kysely';

/** Every fired workflow transition of any page: which row moved from where to where, by whom, when, with what opinion. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_workflow_history')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('row_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('transition', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_state', 'varchar(32)', (c) => c.notNull())
    .addColumn('to_state', 'varchar(32)', (c) => c.notNull())
    .addColumn('opinion', 'varchar(500)')
    .addColumn('create_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_name', 'varchar(100)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_workflow_history_row').on('sys_workflow_history').columns(['table_name', 'row_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_workflow_history').ifExists().execute();
}
