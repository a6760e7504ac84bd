import { Input } from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { lazy, Suspense } from 'react';
import { sanitizeHtml } from '../../utils/sanitize';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import { htmlText } from './html';
import type { RichEditorProps } from './RichEditor';
import { EDITOR_CHROME_HEIGHT, EDITOR_HEIGHT } from './settings';
import './view.css';

// Quill (and mammoth, imported when a Word file is chosen) stay out of the main bundle.
const RichEditor = lazy(() => import('./RichEditor'));

interface RichTextProps extends RichEditorProps {
  readOnly?: boolean;
}

/** The field's HTML shown as it was written; nothing in it runs (scripts, handlers are removed). */
export function RichTextView({ value }: { value?: string | null }) {
  return <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />;
}

function RichText({ readOnly, ...props }: RichTextProps) {
  const pattern = useField<Field>()?.pattern;
  if (pattern === 'readPretty') return <RichTextView value={props.value} />;
  const locked = props.disabled || readOnly || pattern === 'disabled' || pattern === 'readOnly';
  return (
    <Suspense fallback={<div className="rich-text-loading" style={{ height: EDITOR_HEIGHT + EDITOR_CHROME_HEIGHT }} />}>
      <RichEditor {...props} disabled={locked} />
    </Suspense>
  );
}

registerWidget('umeditor', { component: RichText, cell: (value, row, column) => textCell(htmlText(value), row, column), query: Input });
