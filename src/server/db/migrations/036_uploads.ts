import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The uploads (issue 36): every file `/sys/common/upload` stores, under its random name, with the
 * name the client gave it, its uploader and time; and the record it got attached to — the page
 * (schema code), the field and, when the write said it, the row — once a write naming it was saved.
 * A download finds the record through it instead of searching every table; a file never attached is
 * removed after a day by the uploads' clean-up job. Files stored before this table (and the seed's)
 * have no row until a download finds the record holding them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_upload')
    .addColumn('path', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'bigint')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('page', 'varchar(64)')
    .addColumn('field', 'varchar(64)')
    .addColumn('row_id', 'varchar(64)')
    .addColumn('attach_time', 'varchar(19)')
    .execute();
  // The clean-up's question: the unattached ones (page null) stored before a time.
  await db.schema.createIndex('idx_sys_upload_page_time').on('sys_upload').columns(['page', 'create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_upload').ifExists().execute();
}
