import type { Db } from '../../db/tables.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';

/** Login/logout entries of the login log (log_type 1). */
export async function writeLoginLog(db: Db, content: string, user: { id?: string; username: string } | null, ip: string): Promise<void> {
  await db.insertInto('sysLog').values({
    id: newId(), logType: 1, logContent: content.slice(0, 1000), operateType: null, userid: user?.id ?? null,
    username: user?.username ?? null, ip, method: null, requestUrl: null, requestParam: null, requestType: null,
    costTime: null, createBy: user?.username ?? null, createTime: formatDateTime(),
  }).execute();
}
