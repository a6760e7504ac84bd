import type { Db, SysPermission } from '../../db/tables.js';

/** Every live menu and button, in menu order. */
export async function permissionRows(db: Db): Promise<SysPermission[]> {
  return db.selectFrom('sysPermission').selectAll().where('delFlag', '=', 0).orderBy('sortNo').orderBy('id').execute();
}
