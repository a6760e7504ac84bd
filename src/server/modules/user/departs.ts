import type { Db } from '../../db/tables.js';

/** The departments a user belongs to, in tree order. */
export async function userDeparts(db: Db, userId: string) {
  return db.selectFrom('sysDepart').innerJoin('sysUserDepart', 'sysUserDepart.depId', 'sysDepart.id')
    .selectAll('sysDepart').where('sysUserDepart.userId', '=', userId)
    .orderBy('sysDepart.orgCode').execute();
}
