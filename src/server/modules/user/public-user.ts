import type { SysUser } from '../../db/tables.js';

/** A user as the wire shows it: password and salt are never serialized. */
export function publicUser(u: SysUser): Omit<SysUser, 'password' | 'salt'> {
  const { password: _p, salt: _s, ...rest } = u;
  return rest;
}
