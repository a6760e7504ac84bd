import { findHolder } from '../../modules/common/file-access.js';
import { UploadLedger } from '../../modules/common/upload-ledger.js';
import { formatDateTime } from '../../util/time.js';
import type { JobHandler } from '../handler.js';

const HOUR_MS = 3_600_000;
/** A file left unattached this long belongs to a form that was never saved. */
const DEFAULT_HOURS = 24;
/** At most this many looked at in one run (each is a scan of the fields that may name it): the next run takes the rest. */
const BATCH = 500;

/**
 * Removes the uploads never attached to a record (migration 036_uploads): files picked in a form
 * that was then cancelled. A file older than a day (the parameter: other hours) that the ledger has
 * not seen attached is looked for once more in every file, image and rich-text field and in the site
 * settings — a write outside the engine's add and edit may have saved it — and attached when found;
 * otherwise it is deleted from the store and the ledger.
 */
export const uploadCleanupJob: JobHandler = {
  className: 'org.jeecg.modules.quartz.job.UploadCleanupJob',
  label: '清理未使用的上传文件',
  async run({ db, now, parameter, ctx }) {
    if (!ctx) throw new Error('清理上传文件需要应用的上传存储，只能由定时任务调度运行');
    const hours = parameter.trim() ? Number(parameter) : DEFAULT_HOURS;
    if (!Number.isFinite(hours) || hours < 1) throw new Error(`参数应为小时数（至少1），收到：${parameter.slice(0, 50)}`);
    const ledger = new UploadLedger(db);
    const stale = await ledger.unattachedBefore(formatDateTime(new Date(now.getTime() - hours * HOUR_MS)), BATCH);
    let removed = 0;
    let kept = 0;
    for (const upload of stale) {
      const holder = await findHolder(ctx, upload.path);
      if (holder) {
        await ledger.attach([upload.path], holder);
        kept++;
        continue;
      }
      // Claimed first: a write attaching it meanwhile keeps it.
      if (!(await ledger.forgetUnattached(upload.path))) continue;
      await ctx.uploads.remove(upload.path);
      removed++;
    }
    return `删除未使用的上传文件 ${removed} 个${kept ? `，${kept} 个已在记录中使用，已登记` : ''}`;
  },
};
