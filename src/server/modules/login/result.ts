import type { FastifyRequest } from 'fastify';
import { createSession } from '../../auth/session.js';
import type { Db, SysUser } from '../../db/tables.js';
import type { DictService } from '../dict/service.js';
import { userDeparts } from '../user/departs.js';
import { publicUser } from '../user/public-user.js';
import { writeLoginLog } from './log.js';

/**
 * Builds the login result map of contract §2.2, shared by every way of logging in: settles the
 * user's current department (multi_depart), opens a session and writes the login log.
 */
export async function loginResult(db: Db, dicts: DictService, req: FastifyRequest, user: SysUser, message: string) {
  const departs = await userDeparts(db, user.id);
  let multiDepart = 0;
  if (departs.length === 1) {
    multiDepart = 1;
    if (user.orgCode !== departs[0].orgCode) {
      user.orgCode = departs[0].orgCode;
      await db.updateTable('sysUser').set({ orgCode: user.orgCode }).where('id', '=', user.id).execute();
    }
  } else if (departs.length > 1) {
    multiDepart = 2;
    if (!user.orgCode || !departs.some((d) => d.orgCode === user.orgCode)) {
      user.orgCode = departs[0].orgCode;
      await db.updateTable('sysUser').set({ orgCode: user.orgCode }).where('id', '=', user.id).execute();
    }
  }
  const token = await createSession(db, user.id, req.ip);
  await writeLoginLog(db, `用户名: ${user.username},登录成功！`, user, req.ip);
  return {
    success: true, message, code: 200, timestamp: Date.now(),
    result: { token, userInfo: publicUser(user), departs, multi_depart: multiDepart, sysAllDictItems: await dicts.allEnabled() },
  };
}
