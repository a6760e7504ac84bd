import type { Kysely } from 'kysely';

/** SMS login codes (contract §2.5): one live code per mobile number. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_sms_code')
    .addColumn('mobile', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_sms_code').ifExists().execute();
}
