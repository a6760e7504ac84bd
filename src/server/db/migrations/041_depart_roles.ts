import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const stamp = (t: any) => t.addColumn('create_by', 'varchar(64)').addColumn('create_time', 'varchar(19)');

/**
 * JeecgBoot's department authorization (issue 41): the menus and buttons a department may hand out
 * (部门权限, sys_depart_permission), its department roles' grants within them
 * (sys_depart_role_permission; the roles themselves are the page sys_depart_role) and who holds
 * which department role (sys_depart_role_user); and the recycle bin of deleted users and
 * dictionaries (sys_recycle_bin: each row as it was, with what hung off it, until restored or purged).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await stamp(db.schema.createTable('sys_depart_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')).execute();
  await db.schema.createIndex('uk_sys_depart_permission').on('sys_depart_permission').columns(['depart_id', 'permission_id']).unique().execute();
  await db.schema.createTable('sys_depart_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('depart_id', 'varchar(32)')
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('data_rule_ids', 'varchar(1000)')
    .addColumn('operate_date', 'varchar(19)')
    .addColumn('operate_ip', 'varchar(100)')
    .execute();
  await db.schema.createIndex('uk_sys_depart_role_permission').on('sys_depart_role_permission').columns(['role_id', 'permission_id']).unique().execute();
  await db.schema.createTable('sys_depart_role_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('drole_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_sys_depart_role_user').on('sys_depart_role_user').columns(['user_id', 'drole_id']).unique().execute();
  await db.schema.createTable('sys_recycle_bin')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('row_data', 'text', (c) => c.notNull())
    .addColumn('links', 'text')
    .addColumn('delete_by', 'varchar(64)')
    .addColumn('delete_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_recycle_bin_kind').on('sys_recycle_bin').columns(['kind', 'delete_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['sys_recycle_bin', 'sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_permission']) await db.schema.dropTable(t).ifExists().execute();
}
