import { marked } from 'marked';
import { sanitizeHtml } from '../../utils/sanitize';

/** Markdown as HTML safe to show: raw HTML written inside the markdown is sanitised like any other. */
export function renderMarkdown(text: string | null | undefined): string {
  if (!text) return '';
  return sanitizeHtml(marked.parse(text, { async: false, gfm: true, breaks: true }));
}
