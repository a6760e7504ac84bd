import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Builder = ReturnType<Kysely<any>['schema']['createTable']>;

function audit(t: Builder): Builder {
  return t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)');
}

/** The system tables of the walking skeleton: RBAC, departments, dictionaries, sessions, settings. */
export async function up(db: Kysely<any>): Promise<void> {
  await audit(
    db.schema.createTable('sys_user')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('realname', 'varchar(100)', (c) => c.notNull())
      .addColumn('password', 'varchar(255)', (c) => c.notNull())
      .addColumn('salt', 'varchar(45)')
      .addColumn('avatar', 'varchar(255)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('sex', 'integer')
      .addColumn('email', 'varchar(45)')
      .addColumn('phone', 'varchar(45)')
      .addColumn('org_code', 'varchar(64)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('work_no', 'varchar(100)')
      .addColumn('post', 'varchar(100)')
      .addColumn('telephone', 'varchar(45)')
      .addColumn('user_identity', 'integer')
      .addColumn('depart_ids', 'varchar(1000)')
      .addColumn('rel_tenant_ids', 'varchar(100)'),
  ).execute();

  await audit(
    db.schema.createTable('sys_role')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)'),
  ).execute();

  await db.schema.createTable('sys_user_role')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sur_user').on('sys_user_role').column('user_id').execute();

  await audit(
    db.schema.createTable('sys_depart')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('depart_name_en', 'varchar(500)')
      .addColumn('depart_name_abbr', 'varchar(500)')
      .addColumn('depart_order', 'integer')
      .addColumn('description', 'varchar(500)')
      .addColumn('org_category', 'varchar(10)')
      .addColumn('org_type', 'varchar(10)')
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('mobile', 'varchar(32)')
      .addColumn('fax', 'varchar(32)')
      .addColumn('address', 'varchar(100)')
      .addColumn('memo', 'varchar(500)')
      .addColumn('status', 'varchar(1)')
      .addColumn('del_flag', 'varchar(1)'),
  ).execute();

  await db.schema.createTable('sys_user_depart')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('dep_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sud_user').on('sys_user_depart').column('user_id').execute();

  await audit(
    db.schema.createTable('sys_permission')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('url', 'varchar(255)')
      .addColumn('component', 'varchar(255)')
      .addColumn('component_name', 'varchar(255)')
      .addColumn('redirect', 'varchar(255)')
      .addColumn('menu_type', 'integer', (c) => c.notNull())
      .addColumn('perms', 'varchar(255)')
      .addColumn('perms_type', 'varchar(10)')
      .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)')
      .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hide_tab', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(255)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(2)')
      .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await db.schema.createTable('sys_role_permission')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_srp_role').on('sys_role_permission').column('role_id').execute();

  await audit(
    db.schema.createTable('sys_dict')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('dict_code', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('description', 'varchar(255)')
      .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await audit(
    db.schema.createTable('sys_dict_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('dict_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
      .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)')
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await db.schema.createIndex('idx_sdi_dict').on('sys_dict_item').column('dict_id').execute();

  await db.schema.createTable('sys_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('idx_session_user').on('sys_session').column('user_id').execute();

  await db.schema.createTable('sys_captcha')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createTable('sys_setting')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('sys_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('log_type', 'integer', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('operate_type', 'integer')
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(100)')
    .addColumn('method', 'varchar(500)')
    .addColumn('request_url', 'varchar(255)')
    .addColumn('request_param', 'text')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('cost_time', 'bigint')
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('idx_log_type_time').on('sys_log').columns(['log_type', 'create_time']).execute();

  await audit(
    db.schema.createTable('pms_race')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('login_bg', 'varchar(500)')
      .addColumn('web_url', 'varchar(500)')
      .addColumn('postal_code', 'varchar(20)')
      .addColumn('email', 'varchar(100)')
      .addColumn('registration_hotline', 'varchar(100)')
      .addColumn('address', 'varchar(255)')
      .addColumn('copyright', 'varchar(255)')
      .addColumn('admin_logo', 'varchar(500)')
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['pms_race', 'sys_log', 'sys_setting', 'sys_captcha', 'sys_session', 'sys_dict_item', 'sys_dict',
    'sys_role_permission', 'sys_permission', 'sys_user_depart', 'sys_depart', 'sys_user_role', 'sys_role', 'sys_user']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
