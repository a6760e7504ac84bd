import { hash, randomBytes } from 'node:crypto';
import type { Db, SysUser } from '../db/tables.js';
import type { SessionCache } from './session-cache.js';

/** SPEC §9: tokens and stored user data last 7 days. */
export const TOKEN_TTL_MS = 604800000;

/** One-shot hashing: every request hashes its token, and crypto.hash is a third of createHash's cost. */
const sha256 = (s: string) => hash('sha256', s, 'hex');

/**
 * Opaque bearer tokens kept server-side (hashed), so logout, password change and freezing a user
 * take effect at once on every instance sharing the database.
 */
export async function createSession(db: Db, userId: string, ip: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insertInto('sysSession').values({ tokenHash: sha256(token), userId, createdAt: now, expiresAt: now + TOKEN_TTL_MS, ip }).execute();
  return token;
}

export type TokenCheck =
  | { ok: true; user: SysUser; tokenHash: string }
  | { ok: false; message: string };

export async function checkToken(db: Db, token: string | undefined, cache?: SessionCache): Promise<TokenCheck> {
  if (!token) return { ok: false, message: 'token为空!' };
  if (token.length > 200) return { ok: false, message: 'token非法无效!' };
  const hash = sha256(token);
  const cached = cache?.get(hash);
  if (cached) return { ok: true, user: cached.user, tokenHash: hash };
  const generation = cache?.generation ?? 0;
  const row = await db.selectFrom('sysSession').innerJoin('sysUser', 'sysUser.id', 'sysSession.userId')
    .selectAll('sysUser').select('sysSession.expiresAt')
    .where('sysSession.tokenHash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, message: 'Token失效，请重新登录!' };
  const { expiresAt, ...user } = row;
  if (expiresAt < Date.now()) return { ok: false, message: 'Token失效，请重新登录!' };
  if (user.delFlag === 1) return { ok: false, message: '用户不存在!' };
  if (user.status === 2) return { ok: false, message: '账号已被锁定,请联系管理员!' };
  cache?.set(hash, user as SysUser, expiresAt, generation);
  return { ok: true, user: user as SysUser, tokenHash: hash };
}

export async function revokeSession(db: Db, token: string): Promise<boolean> {
  const res = await db.deleteFrom('sysSession').where('tokenHash', '=', sha256(token)).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Ends every session of a user, except the one named (the user changing their own password stays in). */
export async function revokeUserSessions(db: Db, userId: string, keepToken?: string): Promise<void> {
  let q = db.deleteFrom('sysSession').where('userId', '=', userId);
  if (keepToken) q = q.where('tokenHash', '<>', sha256(keepToken));
  await q.execute();
}

/** Deletes expired sessions and captchas; answers how many of each went. */
export async function purgeExpired(db: Db): Promise<{ sessions: number; captchas: number }> {
  const now = Date.now();
  const sessions = await db.deleteFrom('sysSession').where('expiresAt', '<', now).executeTakeFirst();
  const captchas = await db.deleteFrom('sysCaptcha').where('expiresAt', '<', now).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), captchas: Number(captchas.numDeletedRows) };
}

export { sha256 };
