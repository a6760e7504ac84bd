import { Alert, Drawer, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PageSchema } from '../../schema/types';
import { schemaApi } from '../renderer/api';
import { SchemaList } from '../renderer/SchemaList';

interface RelatedRowsProps {
  /** The page schema whose rows are shown (a dictionary's items, a form's buttons). */
  code: string;
  /** Its column holding the opened row's id: the list is filtered by it and new rows get it. */
  foreignKey: string;
  rowId: string;
  /** What the drawer lists (字典列表); the title adds the opened row's name, `subject`, which its forms show too. */
  title: string;
  subject: string;
  width?: number;
  help?: ReactNode;
  onChanged?: () => void;
  onClose: () => void;
}

/** The rows of another page schema that belong to the opened row, listed and edited in a drawer by the schema engine. */
export function RelatedRows({ code, foreignKey, rowId, title, subject, width = 1000, help, onChanged, onClose }: RelatedRowsProps) {
  const [schema, setSchema] = useState<PageSchema | null>(null);
  const fixed = useMemo(() => ({ [foreignKey]: rowId }), [foreignKey, rowId]);
  useEffect(() => {
    void schemaApi.byCode(code).then((res) => res.success && setSchema(res.result));
  }, [code]);
  return (
    <Drawer open width={width} title={`${title} - ${subject}`} onClose={onClose} destroyOnHidden>
      {help && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={help} />}
      {schema ? <SchemaList schema={schema} fixed={fixed} onChanged={onChanged} subject={subject} /> : <Spin />}
    </Drawer>
  );
}
