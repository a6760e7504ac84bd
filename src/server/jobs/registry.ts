import type { JobHandler } from './handler.js';
import { backupJob } from './handlers/backup.js';
import { contentScheduleJob } from './handlers/content-schedule.js';
import { dailyStatsJob } from './handlers/daily-stats.js';
import { idempotencyPurgeJob } from './handlers/idempotency-purge.js';
import { purgeExpiredJob } from './handlers/purge-expired.js';
import { declareDeadlineReminderJob, reviewReminderJob } from './handlers/reminders.js';
import { sampleJob } from './handlers/sample.js';
import { uploadCleanupJob } from './handlers/upload-cleanup.js';

/** The job classes a 定时任务 row may name. Add a handler file, add it here. */
const HANDLERS: JobHandler[] = [sampleJob, purgeExpiredJob, contentScheduleJob, declareDeadlineReminderJob, reviewReminderJob, dailyStatsJob, uploadCleanupJob, backupJob, idempotencyPurgeJob];

const byName = new Map(HANDLERS.map((h) => [h.className, h]));

export function jobHandler(className: string): JobHandler | undefined {
  return byName.get(className);
}

export const jobHandlers = (): readonly JobHandler[] => HANDLERS;

/** The refusal of a class name no handler answers to, listing those that do. */
export function unknownJobClass(className: unknown): string {
  return `未知的任务类名：${String(className ?? '').slice(0, 100)}。可用的任务类名：${HANDLERS.map((h) => `${h.className}（${h.label}）`).join('；')}`;
}
