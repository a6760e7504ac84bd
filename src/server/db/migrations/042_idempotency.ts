import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Idempotency keys (issue 42, http/idempotency.ts): one row per `Idempotency-Key` a signed-in user
 * sent with a write. The primary key (user, key) is the claim: the first request inserts it and
 * runs; a repeat finds it and is answered from it. The row holds the route and a hash of the
 * request it was first used for, its state (running, committed with the write, done), the process
 * running it, and the reply given (status, headers, body) once there is one.
 * IdempotencyKeyPurgeJob deletes the rows older than IDEMPOTENCY_KEEP_HOURS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_idempotency_key')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('route', 'varchar(300)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('owner', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('reply_headers', 'text')
    .addColumn('reply_body', 'text')
    .addPrimaryKeyConstraint('pk_sys_idempotency_key', ['user_id', 'idem_key'])
    .execute();
  // The purge's question: the rows older than a time.
  await db.schema.createIndex('idx_sys_idempotency_created').on('sys_idempotency_key').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_idempotency_key').ifExists().execute();
}
