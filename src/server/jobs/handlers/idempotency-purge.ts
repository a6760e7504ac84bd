import { purgeIdempotencyKeys } from '../../http/idempotency.js';
import type { JobHandler } from '../handler.js';

const HOUR_MS = 3_600_000;

/**
 * Deletes the idempotency keys (http/idempotency.ts) older than IDEMPOTENCY_KEEP_HOURS (24; the
 * parameter: other hours): a repeat of one of them after that runs as a new request.
 */
export const idempotencyPurgeJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.IdempotencyKeyPurgeJob',
  label: '清理过期的幂等键',
  async run({ db, now, parameter, ctx }) {
    const hours = parameter.trim() ? Number(parameter) : undefined;
    if (hours !== undefined && (!Number.isFinite(hours) || hours < 1)) throw new Error(`参数应为小时数（至少1），收到：${parameter.slice(0, 50)}`);
    const keepMs = hours !== undefined ? hours * HOUR_MS : ctx?.config.idempotency.keepMs ?? 24 * HOUR_MS;
    const purged = await purgeIdempotencyKeys(db, now.getTime() - keepMs);
    return `清理过期的幂等键 ${purged} 个`;
  },
};
