import { Input } from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { lazy, Suspense } from 'react';
import { registerWidget, type CellRenderer } from '../registry';
import { FileLinks } from './FileLinks';
import { splitPaths } from './stored-files';
import type { UploadEditorProps } from './UploadEditor';

const UploadEditor = lazy(() => import('./UploadEditor'));

type FileInputProps = Omit<UploadEditorProps, 'pictures' | 'prepare'> & Record<string, unknown>;

/** The `file` view: any file unless `extend.fileType` narrows it; read-pretty shows download links. */
function FileInput({ value, onChange, biz, uploadnum, text, fileType, accept, disabled, readOnly, 'aria-label': label }: FileInputProps) {
  const field = useField<Field>();
  // A detail form shows an empty value as 「-」, as Formily's own fields do under FormModal's placeholder.
  if (field?.pattern === 'readPretty') return splitPaths(value).length ? <FileLinks value={value} /> : <span className="empty-value">-</span>;
  return (
    <Suspense fallback={null}>
      <UploadEditor value={value} onChange={onChange} biz={biz} uploadnum={uploadnum} text={text} fileType={fileType === 'image' || fileType === 'file' ? fileType : 'all'} accept={accept} disabled={disabled} readOnly={readOnly || field?.pattern === 'readOnly'} aria-label={label} />
    </Suspense>
  );
}

/**
 * The query bar searches the stored path as text. Only the input's own props go through: the
 * field's `extend` (biz, uploadnum…) must not reach the DOM.
 */
export function PathQuery({ value, onChange, placeholder }: { value?: string; onChange?: (e: unknown) => void; placeholder?: string }) {
  return <Input value={value} onChange={onChange} placeholder={placeholder} allowClear />;
}

/** A list cell: the files' names as links. */
export const fileCell: CellRenderer = (value) => <FileLinks value={value} compact />;

registerWidget('file', { component: FileInput, cell: fileCell, query: PathQuery });
