import { FilterXSS } from 'xss';

const TEXT = ['p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'div', 'section', 'figure', 'figcaption'];
const TABLE = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'caption'];

/**
 * The HTML an article body may carry to the public site: formatting, links, images and tables from
 * the rich-text editor. Anything else loses its tag (its text stays); scripts, styles and embedded
 * frames lose their content too. `href`/`src` keep only http(s), relative and mail/tel targets
 * (xss's own URL check), and inline styles only its allow-listed CSS properties.
 */
const filter = new FilterXSS({
  allowList: {
    ...Object.fromEntries(TEXT.map((t) => [t, ['class', 'style']])),
    ...Object.fromEntries(TABLE.map((t) => [t, ['class', 'style']])),
    td: ['class', 'style', 'colspan', 'rowspan'],
    th: ['class', 'style', 'colspan', 'rowspan'],
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'form', 'textarea', 'select'],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    // No data: URLs in links (xss allows data:image/ in every URL attribute); images may keep them.
    if (tag === 'a' && name === 'href' && /^\s*data:/i.test(value)) return '';
    return undefined;
  },
});

export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || !html) return '';
  return filter.process(html);
}

/** Plain text of a summary or introduction: any markup a hand-edited row carries is dropped. */
export function plainText(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  return text.replace(/<[^>]*>/g, '').trim() || null;
}
