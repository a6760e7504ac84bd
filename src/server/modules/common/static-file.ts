import path from 'node:path';

/**
 * The relative path a static request names, or null when it may not be served: JeecgBoot strips a
 * trailing comma (a single value of a comma-joined list); any empty, `.`/`..` or hidden segment,
 * backslash or control character refuses the request outright instead of being "cleaned".
 */
export function staticRelativePath(decoded: string): string | null {
  const rel = decoded.replace(/,+$/, '');
  if (!rel || rel.includes('\\') || /\p{Cc}/u.test(rel)) return null;
  const segments = rel.split('/');
  if (segments.some((s) => !s || s.startsWith('.'))) return null;
  return segments.join('/');
}

/** `rel` resolved under `root`, or null when the result would lie outside it. */
export function resolveInside(root: string, rel: string): string | null {
  const base = path.resolve(root);
  const full = path.resolve(base, rel);
  return full.startsWith(base + path.sep) ? full : null;
}

/** What may be shown in the page (images, pdf); everything else is only ever downloaded. */
const INLINE: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

const DOWNLOAD: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

export interface ServedAs {
  contentType: string;
  inline: boolean;
}

/**
 * How a stored file goes out, by its extension. Anything not on the lists (html, svg, xml, js…) is
 * an opaque download, so an uploaded page can never run as our origin.
 */
export function servedAs(fileName: string): ServedAs {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  if (Object.hasOwn(INLINE, ext)) return { contentType: INLINE[ext], inline: true };
  if (Object.hasOwn(DOWNLOAD, ext)) return { contentType: DOWNLOAD[ext], inline: false };
  return { contentType: 'application/octet-stream', inline: false };
}

/** RFC 6266 with the RFC 5987 `filename*` for non-ASCII names, and a plain ASCII fallback. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
