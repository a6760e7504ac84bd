import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The backups taken (issue 40): one row per finished backup, by `npm run backup` or BackupJob on
 * any instance, so 系统监控 shows the last one's time and size wherever it is asked. The file
 * itself is wherever it was written (BACKUP_DIR of the instance that took it, or the command's file).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_backup')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file', 'varchar(1000)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('host', 'varchar(100)')
    .addColumn('table_rows', 'bigint')
    .addColumn('upload_files', 'integer')
    .execute();
  await db.schema.createIndex('idx_sys_backup_end').on('sys_backup').column('end_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_backup').ifExists().execute();
}
