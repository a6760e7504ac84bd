import type { Kysely } from 'kysely';
import type { AppContext } from '../../http/context.js';
import { BACKUPS } from './backup.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A backup older than this is shown in red on 系统监控. */
export const STALE_AFTER_MS = 2 * 24 * 3600_000;
export const BACKUP_JOB_CLASS = 'org.jeecg.modules.quartz.job.BackupJob';

export interface BackupStatus {
  /** The newest finished backup on any instance, or null when none was ever taken. */
  last: { file: string; kind: string; sizeBytes: number; startTime: string; endTime: string; endAt: number; durationMs: number; origin: string; host: string | null; tableRows: number | null; uploadFiles: number | null } | null;
  /** None, or the last older than two days. */
  stale: boolean;
  staleAfterHours: number;
  /** BACKUP_DIR and BACKUP_KEEP of this instance. */
  dir: string;
  keep: number;
  /** The 定时任务 row of BackupJob: whether it runs (status 0) and its cron; null when there is none. */
  job: { running: boolean; cronExpression: string } | null;
}

/** The last backup and whether it is stale, for 系统监控 (GET /sys/monitor/backup). */
export async function backupStatus(ctx: AppContext, now = Date.now()): Promise<BackupStatus> {
  const db = ctx.db as unknown as Kysely<any>;
  const last = await db.selectFrom(BACKUPS)
    .select(['file', 'kind', 'sizeBytes', 'startTime', 'endTime', 'endAt', 'durationMs', 'origin', 'host', 'tableRows', 'uploadFiles'])
    .orderBy('endAt', 'desc').limit(1).executeTakeFirst() as BackupStatus['last'] | undefined;
  const job = await db.selectFrom('sys_quartz_job').select(['status', 'cronExpression']).where('jobClassName', '=', BACKUP_JOB_CLASS)
    .orderBy('status', 'asc').limit(1).executeTakeFirst() as { status: number; cronExpression: string } | undefined;
  return {
    last: last ? { ...last, sizeBytes: Number(last.sizeBytes), endAt: Number(last.endAt) } : null,
    stale: !last || now - Number(last.endAt) > STALE_AFTER_MS,
    staleAfterHours: STALE_AFTER_MS / 3600_000,
    dir: ctx.config.backup.dir,
    keep: ctx.config.backup.keep,
    job: job ? { running: Number(job.status) === 0, cronExpression: job.cronExpression } : null,
  };
}
