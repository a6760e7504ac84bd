import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The WeChat code a client sends with its requests (SPEC §4: the `code` parameter) and the openid
 * it was exchanged for, kept with the session they came with: gone when the session ends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_session').addColumn('wechat_code', 'varchar(128)').execute();
  await db.schema.alterTable('sys_session').addColumn('wechat_openid', 'varchar(128)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_session').dropColumn('wechat_openid').execute();
  await db.schema.alterTable('sys_session').dropColumn('wechat_code').execute();
}
