import type { Kysely } from 'kysely';

/** Forgotten-password resets: a short-lived, single-use token per verified phone, kept hashed. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_password_reset')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_password_reset_user').on('sys_password_reset').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_password_reset').ifExists().execute();
}
