import type { PanelProps } from '../../renderer/panels';
import { RelatedRows } from '../RelatedRows';
import { forgetDicts } from '../../widgets/dict/dict-cache';

/** A dictionary's items (schema sys_dict_item), bound to the dictionary the row names. */
export default function DictItems({ row, onClose }: PanelProps) {
  return <RelatedRows code="sys_dict_item" foreignKey="dictId" rowId={String(row?.id ?? '')} title="字典列表" subject={String(row?.dictName ?? '')} width={900} onChanged={forgetDicts} onClose={() => onClose(false)} />;
}
