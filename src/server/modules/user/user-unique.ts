import type { Row } from '../../crud/hooks.js';
import type { Db } from '../../db/tables.js';

/** Columns that identify one account (contract Appendix B unique indexes), with the refusal for each. */
export const UNIQUE_USER_FIELDS = [
  ['username', '用户账号已存在'],
  ['workNo', '工号已存在'],
  ['phone', '手机号已存在'],
  ['email', '电子邮件已存在'],
] as const;

export type UniqueUserField = (typeof UNIQUE_USER_FIELDS)[number][0];

/** An empty phone, e-mail or work number is no value: stored as null, so it never collides. */
export function blankToNull(values: Row): void {
  for (const [field] of UNIQUE_USER_FIELDS) if (values[field] === '') values[field] = null;
}

/** The refusal for the first identifying value already held by another user, or null. */
export async function takenMessage(db: Db, values: Partial<Record<UniqueUserField, unknown>>, exceptId?: string): Promise<string | null> {
  for (const [field, message] of UNIQUE_USER_FIELDS) {
    const v = values[field];
    if (v === undefined || v === null || v === '') continue;
    let q = db.selectFrom('sysUser').select('id').where(field, '=', String(v));
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) return message;
  }
  return null;
}
