import { useMemo } from 'react';
import { renderMarkdown } from './render';
import './markdown.css';

export default function MarkdownView({ value }: { value?: string | null }) {
  const html = useMemo(() => renderMarkdown(value), [value]);
  return <div className="markdown-view" dangerouslySetInnerHTML={{ __html: html }} />;
}
