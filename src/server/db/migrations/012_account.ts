import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 个人设置 (issue 15): each user's preferences (notices wanted live, theme and layout) as one JSON
 * document, so they follow the user to another browser; and the device a session was last used
 * from, kept beside sys_session (writing sys_session itself would empty every instance's token cache).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_user_preference')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('preferences', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createTable('sys_session_device')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('device', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_session_device_user').on('sys_session_device').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_session_device').ifExists().execute();
  await db.schema.dropTable('sys_user_preference').ifExists().execute();
}
