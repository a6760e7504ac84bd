/** Elements dropped with everything inside them: scripts, styles, frames, embedded objects, document-level tags. */
const DROPPED_ELEMENTS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'link', 'meta', 'base',
  'template', 'noscript', 'svg', 'math',
].join(',');

/** Attributes that hold a URL the browser may follow or load. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'background', 'poster', 'cite', 'srcset']);

/** What the browser ignores inside a scheme: whitespace and control characters (`java\tscript:`). */
// eslint-disable-next-line no-control-regex -- control characters are what this strips
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]/g;

/** An inline image the rich editor stored as base64 (SPEC §7 upload 'local'); svg can carry script. */
const INLINE_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);/;

function unsafeUrl(name: string, value: string): boolean {
  const url = value.replace(IGNORED_IN_SCHEME, '').toLowerCase();
  if (url.startsWith('javascript:') || url.startsWith('vbscript:')) return true;
  if (url.startsWith('data:')) return !(name === 'src' && INLINE_IMAGE.test(url));
  // srcset lists several URLs: any of them with a script scheme condemns it.
  return name === 'srcset' && /(^|,)(javascript|vbscript|data):/.test(url);
}

function cleanAttributes(el: Element): void {
  for (const { name, value } of [...el.attributes]) {
    const lower = name.toLowerCase();
    const unsafe = lower.startsWith('on')
      || lower === 'srcdoc'
      || (URL_ATTRIBUTES.has(lower) && unsafeUrl(lower, value))
      || (lower === 'style' && /expression\s*\(|javascript:|behavior\s*:/i.test(value));
    if (unsafe) el.removeAttribute(name);
  }
  if (el.tagName === 'A' && el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer');
}

/**
 * Rich text from the server (an announcement's content) made safe to insert as HTML: parsed with
 * DOMParser (nothing runs while parsing), then stripped of scripts, styles, frames and embedded
 * objects, event-handler attributes and javascript:/vbscript:/non-image data: URLs.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROPPED_ELEMENTS).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach(cleanAttributes);
  return doc.body.innerHTML;
}
