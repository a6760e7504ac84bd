import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Scheduled jobs that run (定时任务): each run of a job, and the dashboards' daily figures one of
 * the jobs snapshots.
 *
 * A cron firing is claimed by inserting its run with (job_id, fire_time): the unique key lets
 * exactly one of several instances on one database run it. A run started by 立即执行 has no
 * fire_time (NULLs never collide), so it is always recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('sys_quartz_job_run')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('job_class_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('trigger_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('fire_time', 'varchar(19)')
    .addColumn('instance', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('duration_ms', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('uk_sqjr_job_fire').on('sys_quartz_job_run').columns(['job_id', 'fire_time']).unique().execute();
  await db.schema.createIndex('idx_sqjr_job_start').on('sys_quartz_job_run').columns(['job_id', 'start_time']).execute();

  await db.schema.createTable('sys_daily_stat')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('stat_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('figure', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_sds_date_figure').on('sys_daily_stat').columns(['stat_date', 'figure']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_daily_stat').ifExists().execute();
  await db.schema.dropTable('sys_quartz_job_run').ifExists().execute();
}
