import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The server instances running on this database, each refreshing its row while it lives
 * (state/instances.ts): how an instance started without Redis learns that it is not alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_instance')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('shared_state', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_instance').ifExists().execute();
}
