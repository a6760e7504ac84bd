import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { Image } from 'antd';
import { lazy, Suspense } from 'react';
import { PathQuery } from '../file';
import { fileUrl, useFileNames } from '../file/file-url';
import type { UploadEditorProps } from '../file/UploadEditor';
import { shownName, splitPaths } from '../file/stored-files';
import { registerWidget, type CellRenderer } from '../registry';

const ImageEditor = lazy(() => import('./ImageEditor'));

/** Detail forms: small thumbnails, opened large in one preview group. */
function ImageThumbs({ value }: { value: unknown }) {
  const paths = splitPaths(value);
  const nameOf = useFileNames(paths);
  if (!paths.length) return null;
  return (
    <Image.PreviewGroup>
      {paths.map((p) => (
        <Image key={p} src={fileUrl(p)} alt={nameOf(p)} width={80} height={80} style={{ objectFit: 'cover', marginRight: 8 }} loading="lazy" />
      ))}
    </Image.PreviewGroup>
  );
}

type ImageInputProps = Omit<UploadEditorProps, 'pictures' | 'prepare' | 'fileType'> & Record<string, unknown>;

function ImageInput({ value, onChange, biz, uploadnum, text, disabled, readOnly }: ImageInputProps) {
  const field = useField<Field>();
  if (field?.pattern === 'readPretty') return splitPaths(value).length ? <ImageThumbs value={value} /> : <span className="empty-value">-</span>;
  return (
    <Suspense fallback={null}>
      <ImageEditor value={value} onChange={onChange} biz={biz} uploadnum={uploadnum} text={text} disabled={disabled} readOnly={readOnly || field?.pattern === 'readOnly'} />
    </Suspense>
  );
}

/** A list shows the first image only (contract §6.4), small and loaded when scrolled into view. */
export const imageCell: CellRenderer = (value) => {
  const [first] = splitPaths(value);
  if (!first) return '';
  const url = fileUrl(first);
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={shownName(first)} loading="lazy" style={{ height: 40, maxWidth: 120, objectFit: 'contain' }} />
    </a>
  );
};

registerWidget('image', { component: ImageInput, cell: imageCell, query: PathQuery });
