import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/tables.js';
import { sha256 } from './session.js';

const CAPTCHA_TTL_MS = 60_000;
// The contract's alphabet minus look-alikes (0/O, 1/l/I) that make people fail for no fault.
const CHARS = 'qwertyupkjhgfdsazxcvbnmQWERTYUPKJHGFDSAZXCVBNM23456789';

/** Issues a 4-character captcha for a client-chosen key; the glyphs are drawn as paths, not text. */
export async function issueCaptcha(db: Db, key: string): Promise<string> {
  const c = svgCaptcha.create({ size: 4, charPreset: CHARS, noise: 3, color: true, background: '#f3f6fb', width: 105, height: 35, fontSize: 40 });
  const keyHash = sha256(`captcha:${key}`);
  const row = { keyHash, code: c.text.toLowerCase(), expiresAt: Date.now() + CAPTCHA_TTL_MS };
  await db.insertInto('sysCaptcha').values(row)
    .onConflict((oc) => oc.column('keyHash').doUpdateSet({ code: row.code, expiresAt: row.expiresAt })).execute();
  return `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`;
}

/**
 * One try per captcha: it is consumed whether or not it matches. The row is taken in one statement,
 * so of two tries sent together (to one instance or two) only one finds it.
 */
export async function consumeCaptcha(db: Db, key: string, answer: string): Promise<boolean> {
  const keyHash = sha256(`captcha:${key}`);
  const row = await db.deleteFrom('sysCaptcha').where('keyHash', '=', keyHash).returning(['code', 'expiresAt']).executeTakeFirst();
  return !!row && row.expiresAt >= Date.now() && row.code === answer.trim().toLowerCase();
}
