import type { Kysely } from 'kysely';
import { DETAIL_KINDS } from './kinds.js';
import { findPublished } from './queries.js';
import { plainText } from './sanitize.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const DESCRIPTION_MAX = 120;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface HeadInfo { title: string; description: string }

/** Title and description of a published article the detail page shows, or null (unknown kind or id). */
export async function detailHead(db: Kysely<any>, kind: unknown, id: unknown): Promise<HeadInfo | null> {
  if (typeof kind !== 'string' || !Object.hasOwn(DETAIL_KINDS, kind)) return null;
  const row = await findPublished(db, DETAIL_KINDS[kind as keyof typeof DETAIL_KINDS], id);
  if (!row) return null;
  const text = plainText(row.summary) ?? plainText(typeof row.content === 'string' ? row.content.replace(/<\/(p|div|li|h\d)>/g, ' ') : null) ?? '';
  const description = text.replace(/\s+/g, ' ').trim();
  return {
    title: String(row.title ?? ''),
    description: description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1)}…` : description,
  };
}

/**
 * The page's HTML with the article's title and description (and their Open Graph twins) in its
 * head, so links shared in chat apps and search results show them. Both are escaped.
 */
export function injectHead(html: string, head: HeadInfo, siteName: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
  ].join('\n    ');
  const cleaned = html
    .replace(/<meta\b[^>]*\b(?:name="description"|property="og:(?:title|description|type|site_name)")[^>]*>\s*/gi, '')
    .replace(/<title>[^<]*<\/title>/i, '');
  const fullTitle = `<title>${title}${siteName ? ` - ${escapeHtml(siteName)}` : ''}</title>`;
  // After the charset declaration when there is one (it must come first), else right after <head>.
  const anchor = /<meta\s+charset=[^>]*>/i.test(cleaned) ? /<meta\s+charset=[^>]*>/i : /<head[^>]*>/i;
  return cleaned.replace(anchor, (m) => `${m}\n    ${fullTitle}\n    ${tags}`);
}
