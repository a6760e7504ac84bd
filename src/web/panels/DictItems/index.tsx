import { Drawer, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { PageSchema } from '../../../schema/types';
import { schemaApi } from '../../renderer/api';
import type { PanelProps } from '../../renderer/panels';
import { SchemaList } from '../../renderer/SchemaList';
import { forgetDicts } from '../../widgets/dict/dict-cache';

/** A dictionary's items (schema sys_dict_item), bound to the dictionary the row names. */
export default function DictItems({ row, onClose }: PanelProps) {
  const [schema, setSchema] = useState<PageSchema | null>(null);
  const dictId = String(row?.id ?? '');
  const fixed = useMemo(() => ({ dictId }), [dictId]);
  useEffect(() => {
    void schemaApi.byCode('sys_dict_item').then((res) => res.success && setSchema(res.result));
  }, []);
  return (
    <Drawer open width={900} title={`字典列表 - ${String(row?.dictName ?? '')}`} onClose={() => onClose(false)} destroyOnHidden>
      {schema ? <SchemaList schema={schema} fixed={fixed} onChanged={forgetDicts} /> : <Spin />}
    </Drawer>
  );
}
