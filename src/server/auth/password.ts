import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))));

// N=2^15, r=8: ~32 MiB and ~50 ms per hash on this machine class.
const N = 32768, R = 8, P = 1, LEN = 32, MAXMEM = 64 * 1024 * 1024;

/** scrypt hash in a self-describing string: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, LEN, { N, r: R, p: P, maxmem: MAXMEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: MAXMEM });
  return timingSafeEqual(key, expected);
}

/** SPEC §5: at least 8 characters with a digit and a letter. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[A-Za-z]).{8,}$/;
export const PASSWORD_RULE_MESSAGE = '密码至少8位，且需包含数字、字母';
