import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './tables.js';
import * as m001 from './migrations/001_system.js';
import * as m002 from './migrations/002_sms.js';
import * as m003 from './migrations/003_fill_rule_seq.js';
import * as m004 from './migrations/004_password_reset.js';
import * as m005 from './migrations/005_workflow_history.js';
import * as m007 from './migrations/007_data_rules.js';
import * as m008 from './migrations/008_job_runs.js';
import * as m010 from './migrations/010_session_wechat.js';
import * as m011 from './migrations/011_data_log.js';
import * as m020 from './migrations/020_instances.js';
import * as m012 from './migrations/012_account.js';
import * as m036 from './migrations/036_uploads.js';
import * as m042 from './migrations/042_idempotency.js';
import * as m041 from './migrations/041_depart_roles.js';
import * as m040 from './migrations/040_backups.js';

/**
 * Versioned migrations, applied in name order at start-up. Add a file, add it here. Numbers are handed
 * out to work in parallel, so one landing after a higher number still runs (allowUnorderedMigrations).
 */
const migrations: Record<string, Migration> = {
  '001_system': m001,
  '002_sms': m002,
  '003_fill_rule_seq': m003,
  '004_password_reset': m004,
  '005_workflow_history': m005,
  '007_data_rules': m007,
  '008_job_runs': m008,
  '010_session_wechat': m010,
  '011_data_log': m011,
  '020_instances': m020,
  '012_account': m012,
  '036_uploads': m036,
  '042_idempotency': m042,
  '041_depart_roles': m041,
  '040_backups': m040,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider, migrationTableName: 'sys_migration', migrationLockTableName: 'sys_migration_lock', allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
