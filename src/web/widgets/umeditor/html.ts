// Pure steps between Quill and the stored value; no Quill import, so the list and read-pretty views
// can use them without loading the editor's chunk.
import { sanitizeHtml } from '../../utils/sanitize';

/** What Quill holds when nothing was written: empty paragraphs. */
const EMPTY_DOCUMENT = /^(\s|<p>(<br\s*\/?>)?<\/p>)*$/i;

const BLOCK_OPENED = /<(p|li|h[1-6]|blockquote|pre|div|td|th)\b[^>]*>$/i;
const BLOCK_CLOSES = /^(<\/(p|li|h[1-6]|blockquote|pre|div|td|th)>|<br\b)/i;

/**
 * Quill's semantic HTML as the stored value: '' for an empty document. Quill writes every space as
 * `&nbsp;`, which would stop text from wrapping where it is shown; inside a line a space becomes
 * ordinary again (a run of n keeps n-1 `&nbsp;` so it still shows n spaces). Spaces at the start or
 * end of a line stay `&nbsp;`: an ordinary one would vanish there.
 */
export function editorValue(html: string): string {
  if (EMPTY_DOCUMENT.test(html)) return '';
  return html.replace(/(&nbsp;)+/g, (run: string, _s: string, at: number) => {
    const end = at + run.length;
    const atLineEdge = BLOCK_OPENED.test(html.slice(Math.max(0, at - 200), at)) || BLOCK_CLOSES.test(html.slice(end, end + 16));
    return atLineEdge ? run : `${'&nbsp;'.repeat(run.length / 6 - 1)} `;
  });
}

const BLOCK_END = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi;

/** The words of rich text (for a list cell): tags gone, blocks separated by one space. */
export function htmlText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  const doc = new DOMParser().parseFromString(sanitizeHtml(html.replace(BLOCK_END, '$& ')), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** An image carried inside the document as a `data:` URL instead of a stored file. */
export const isDataImage = (src: unknown): boolean => typeof src === 'string' && /^\s*data:/i.test(src);

interface Op { insert?: unknown; retain?: unknown; delete?: number; attributes?: unknown }
type Removal = Array<{ retain: number } | { delete: number }>;

/**
 * SPEC §9 "pasted data images disabled": the change that takes back every `data:` image a user
 * change inserted (a paste, a drop, the browser's own editing), or null when it inserted none.
 * Positions are counted in the document after the change; an embed counts one.
 */
export function dataImageRemoval(change: { ops: Op[] }): Removal | null {
  const removal: Removal = [];
  let index = 0;
  let cursor = 0;
  for (const op of change.ops) {
    if (typeof op.insert === 'string') index += op.insert.length;
    else if (op.insert && typeof op.insert === 'object') {
      if (isDataImage((op.insert as { image?: unknown }).image)) {
        if (index > cursor) removal.push({ retain: index - cursor });
        removal.push({ delete: 1 });
        cursor = index + 1;
      }
      index += 1;
    } else if (typeof op.retain === 'number') index += op.retain;
    else if (op.retain) index += 1;
  }
  return removal.length ? removal : null;
}

/** Imported HTML without the images that were not stored as files (empty or `data:` sources). */
export function withoutUnstoredImages(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll('img').forEach((img) => {
    const src = img.getAttribute('src');
    if (!src || isDataImage(src)) img.remove();
  });
  return doc.body.innerHTML;
}
