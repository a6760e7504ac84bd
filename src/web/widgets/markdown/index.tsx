import { Input } from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { lazy, Suspense } from 'react';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import type { MarkdownEditorProps } from './MarkdownEditor';
import { MARKDOWN_HEIGHT } from './settings';

// marked (the renderer) loads with these, not with the main bundle.
const MarkdownEditor = lazy(() => import('./MarkdownEditor'));
const MarkdownView = lazy(() => import('./MarkdownView'));

function Markdown(props: MarkdownEditorProps) {
  const pattern = useField<Field>()?.pattern;
  if (pattern === 'readPretty') return <Suspense fallback={null}><MarkdownView value={props.value} /></Suspense>;
  return (
    <Suspense fallback={<div style={{ height: MARKDOWN_HEIGHT }} />}>
      <MarkdownEditor {...props} disabled={props.disabled || pattern === 'disabled'} readOnly={props.readOnly || pattern === 'readOnly'} />
    </Suspense>
  );
}

registerWidget('markdown', { component: Markdown, cell: textCell, query: Input });
