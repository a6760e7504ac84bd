import { randomBytes } from 'node:crypto';
import { badRequest } from '../../http/result.js';

/** SPEC §9: uploads without a biz land in `temp`. */
export const DEFAULT_BIZ = 'temp';

const BIZ_SEGMENT = /^[A-Za-z0-9_-]+$/;
const BIZ_MAX_LENGTH = 100;

/**
 * The sub-directory a client asks for (contract §6.4 `biz`): slash-separated segments of letters,
 * digits, `_` and `-` only, so it can never climb out of the upload folder or name an absolute path.
 */
export function parseBiz(raw: unknown): string {
  if (raw === undefined || raw === null) return DEFAULT_BIZ;
  if (typeof raw !== 'string') throw badRequest('biz参数不合法');
  const biz = raw.trim().replace(/\/+$/, '');
  if (!biz) return DEFAULT_BIZ;
  if (biz.length > BIZ_MAX_LENGTH || !biz.split('/').every((s) => BIZ_SEGMENT.test(s))) {
    throw badRequest('biz参数不合法：只能是由字母、数字、下划线、中划线组成、以 / 分隔的相对路径');
  }
  return biz;
}

/** The longest original name kept (in characters): file systems allow 255 bytes, a download header more. */
const ORIGINAL_MAX_CHARS = 200;

/**
 * The name a file is stored under: 128 random bits in hex plus the client's extension when it is a
 * plain one (`3f9c…e1.pdf`). Nothing of the client's name but the extension reaches a path, so a
 * stored file can be neither guessed nor named into another folder; the name the client gave is
 * kept beside it (originalName) for the download.
 */
export function storedName(clientName: string | undefined, random: Uint8Array = randomBytes(16)): string {
  const last = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const rawExt = dot > 0 ? last.slice(dot + 1) : '';
  const ext = /^[A-Za-z0-9]{1,10}$/.test(rawExt) ? rawExt.toLowerCase() : '';
  return `${Buffer.from(random).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/** The name the client gave, as a download offers it again: its last path part, without control characters. */
export function originalName(clientName: string | undefined): string {
  const last = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  const clean = [...last.replace(/\p{Cc}/gu, '').trim()].slice(0, ORIGINAL_MAX_CHARS).join('');
  return clean.replace(/^\.+$/, '') || 'file';
}
