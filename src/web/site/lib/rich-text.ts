import { createElement, Fragment, type ReactNode } from 'react';

/*
 * Article bodies arrive sanitised by the server; the site still never hands them to innerHTML.
 * They are parsed with DOMParser (an inert document: nothing in it runs or loads) and walked into
 * React elements, keeping only the tags and attributes below. Event handlers, style, iframes and
 * script-bearing URLs cannot survive, because nothing outside the allow-list is ever copied.
 */

/** Tags copied as they are. */
const TAGS = new Set([
  'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'small', 'mark',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
  'a', 'img', 'figure', 'figcaption', 'span', 'div', 'section',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]);

/** Tags dropped with everything inside them. */
const DROPPED = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base', 'head', 'title']);

const VOID = new Set(['br', 'hr', 'img']);

const ATTRS: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
};

const REACT_NAMES: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan', class: 'className' };

/** http(s), mailto, or a relative path/anchor; any other scheme (javascript:, data:, vbscript:) is refused. */
export function safeLink(url: string): string | null {
  const u = url.trim();
  // Browsers drop tabs and newlines inside URLs ("java\nscript:"): refuse any control character.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!u || /[\u0000-\u001f\u007f]/.test(u) || u.startsWith('//')) return null;
  if (/^(https?:|mailto:)/i.test(u)) return u;
  return u.split(/[/?#]/)[0].includes(':') ? null : u;
}

/** Images: http(s), site-relative, or an inline raster data URL. */
export function safeImage(url: string): string | null {
  const u = url.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(u)) return null;
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(u)) return u;
  if (/^https?:/i.test(u) || /^\/(?!\/)/.test(u)) return u;
  return null;
}

const ALIGN = /^ql-align-(center|right|justify)$/;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = () => Array.from(el.childNodes, (c, i) => convert(c, i));
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children());

  const props: Record<string, unknown> = { key };
  for (const name of ATTRS[tag] ?? []) {
    const value = el.getAttribute(name);
    if (value === null) continue;
    if (name === 'href') {
      const href = safeLink(value);
      if (!href) continue;
      props.href = href;
      if (/^https?:/i.test(href)) { props.target = '_blank'; props.rel = 'noopener noreferrer'; }
    } else if (name === 'src') {
      const src = safeImage(value);
      if (!src) continue;
      props.src = src;
      props.loading = 'lazy';
    } else if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name)) {
      if (/^\d{1,4}$/.test(value)) props[REACT_NAMES[name] ?? name] = Number(value);
    } else {
      props[name] = value;
    }
  }
  if (tag === 'img' && !props.src) return null;
  const align = Array.from(el.classList).find((c) => ALIGN.test(c));
  if (align) props.className = align.replace('ql-align-', 'align-');
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children());
}

/** An article body (HTML) as React nodes that cannot run script. */
export function richTextNodes(html: string | null | undefined): ReactNode[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (n, i) => convert(n, i));
}
