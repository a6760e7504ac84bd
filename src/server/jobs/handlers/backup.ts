import type { Kysely } from 'kysely';
import { notifyUsers } from '../../modules/announcement/notify.js';
import { pruneBackups, recordBackup, takeBackup } from '../../modules/backup/backup.js';
import { BACKUP_JOB_CLASS } from '../../modules/backup/status.js';
import { ADMIN_ROLE_CODE } from '../../modules/role/role-module.js';
import type { JobHandler } from '../handler.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const MB = 1024 * 1024;

/** The accounts holding the administrator role. */
async function administrators(db: Kysely<any>): Promise<string[]> {
  const rows = await db.selectFrom('sys_user as u').innerJoin('sys_user_role as ur', 'ur.userId', 'u.id').innerJoin('sys_role as r', 'r.id', 'ur.roleId')
    .select('u.username').distinct().where('r.roleCode', '=', ADMIN_ROLE_CODE).where('u.delFlag', '=', 0).execute() as { username: string }[];
  return rows.map((r) => r.username);
}

/**
 * Takes a backup (modules/backup: the database and the uploads, one file) into BACKUP_DIR and
 * deletes all but the newest BACKUP_KEEP there. Seeded stopped, nightly at 02:00 once started. A
 * failure is the run's failure in the job history and a system message to every administrator.
 */
export const backupJob: JobHandler = {
  className: BACKUP_JOB_CLASS,
  label: '数据备份',
  async run({ db, ctx }) {
    if (!ctx) throw new Error('数据备份需要服务器的配置，只能由定时任务调度运行');
    const { backup } = ctx.config;
    try {
      const r = await takeBackup(ctx.config);
      await recordBackup(db, r, 'job');
      const gone = await pruneBackups(backup.dir, backup.keep);
      const uploads = r.manifest.uploads.kind === 'folder' ? `上传文件 ${r.manifest.uploads.files} 个` : '上传文件在 S3 存储桶中（由存储桶的版本控制保留）';
      return `已备份到 ${r.file}（${(r.bytes / MB).toFixed(1)} MB，${uploads}，用时 ${(r.durationMs / 1000).toFixed(1)} 秒）；`
        + `保留最近 ${backup.keep} 份${gone.length ? `，删除旧备份 ${gone.join('、')}` : ''}`;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      try {
        await notifyUsers(db, {
          usernames: await administrators(db), sender: 'system', busType: 'backup',
          title: '数据备份失败',
          content: `定时任务「数据备份」未能完成：${message}。请检查备份目录 ${backup.dir} 的空间与权限${ctx.config.databaseUrl ? '、pg_dump 的版本' : ''}，然后在 定时任务 中立即执行一次。`,
        });
      } catch { /* the run's own failure is what is recorded */ }
      throw e;
    }
  },
};
