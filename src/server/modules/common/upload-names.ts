import { badRequest } from '../../http/result.js';

/** SPEC §9: uploads without a biz land in `temp`. */
export const DEFAULT_BIZ = 'temp';

const BIZ_SEGMENT = /^[A-Za-z0-9_-]+$/;
const BIZ_MAX_LENGTH = 100;
/** In UTF-8 bytes: with the suffix the name stays well under the 255 bytes file systems allow. */
const BASE_MAX_BYTES = 120;

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

/**
 * The name a file is stored under: `<base>_<epochMillis>.<ext>` (contract §6.4). The client's name
 * only contributes its last path part, stripped of control characters and of anything that would
 * break a comma-joined value or a URL; the server decides the rest.
 */
export function storedName(clientName: string | undefined, epochMillis: number): string {
  const last = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const rawExt = dot > 0 ? last.slice(dot + 1) : '';
  const ext = /^[A-Za-z0-9]{1,10}$/.test(rawExt) ? rawExt.toLowerCase() : '';
  const rawBase = ext ? last.slice(0, dot) : last;
  const clean = rawBase.replace(/[^\p{L}\p{N}_\-()]+/gu, '_').replace(/^_+|_+$/g, '');
  let base = '';
  for (const ch of clean) {
    if (Buffer.byteLength(base + ch) > BASE_MAX_BYTES) break;
    base += ch;
  }
  return `${base || 'file'}_${epochMillis}${ext ? `.${ext}` : ''}`;
}
