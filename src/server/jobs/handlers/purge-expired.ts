import { purgeExpired } from '../../auth/session.js';
import type { Db } from '../../db/tables.js';
import type { JobHandler } from '../handler.js';

/** Deletes expired login sessions and captchas (what the hourly sweep of main.ts also does). */
export const purgeExpiredJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.PurgeExpiredJob',
  label: '清理过期会话和验证码',
  async run({ db }) {
    const { sessions, captchas } = await purgeExpired(db as unknown as Db);
    return `清理过期会话 ${sessions} 个、验证码 ${captchas} 个`;
  },
};
