import { PaperClipOutlined } from '@ant-design/icons';
import { fileUrl, useFileNames } from './file-url';
import { splitPaths } from './stored-files';

/** Stored files as download links named by their shown names (detail forms and list cells). */
export function FileLinks({ value, compact }: { value: unknown; compact?: boolean }) {
  const paths = splitPaths(value);
  const nameOf = useFileNames(paths);
  if (!paths.length) return null;
  return (
    <span className={compact ? 'file-links file-links-compact' : 'file-links'} style={compact ? undefined : { display: 'flex', flexDirection: 'column', gap: 4 }}>
      {paths.map((p, i) => (
        <span key={p}>
          {!compact && <PaperClipOutlined style={{ marginRight: 4 }} />}
          <a href={fileUrl(p)} target="_blank" rel="noopener noreferrer">{nameOf(p)}</a>
          {compact && i < paths.length - 1 ? '，' : null}
        </span>
      ))}
    </span>
  );
}
