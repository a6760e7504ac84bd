import { Checkbox, Radio, Select } from '@formily/antd-v5';
import { Tag } from 'antd';
import type { DictRef } from '../../../schema/types';
import { registerWidget, type CellRenderer } from '../registry';
import { textCell } from '../text';
import { useDictOptions } from './useDictOptions';

interface DictProps { dict?: DictRef; numeric?: boolean; value?: unknown; onChange?: (v: unknown) => void; [key: string]: unknown }

/** A choice as the column stores it: a number for a numeric column (`numeric`), else the dictionary's text value. */
const stored = (v: unknown, numeric?: boolean) => (numeric && v !== undefined && v !== null && v !== '' ? Number(v) : v);

/** Stored values are strings; numbers from integer columns compare as their text. */
const asText = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));
/** Several choices travel as one comma-joined string (SPEC §3 list_multi). */
const split = (v: unknown) => (v === null || v === undefined || v === '' ? [] : String(v).split(','));
const join = (v: string[] | undefined) => (v && v.length ? v.join(',') : '');

function DictSelect({ dict, numeric, value, onChange, ...rest }: DictProps) {
  const options = useDictOptions(dict);
  return <Select allowClear placeholder="请选择" {...rest} options={options} value={asText(value)} onChange={(v: unknown) => onChange?.(stored(v ?? null, numeric))} />;
}

function DictMultiSelect({ dict, numeric: _numeric, value, onChange, ...rest }: DictProps) {
  const options = useDictOptions(dict);
  return <Select mode="multiple" allowClear placeholder="请选择" {...rest} options={options} value={split(value)} onChange={(v: string[]) => onChange?.(join(v))} />;
}

function DictRadio({ dict, numeric, value, onChange, ...rest }: DictProps) {
  const options = useDictOptions(dict);
  return <Radio.Group {...rest} options={options} value={asText(value)} onChange={(e: { target: { value?: unknown } }) => onChange?.(stored(e.target.value, numeric))} />;
}

function DictCheckbox({ dict, numeric: _numeric, value, onChange, ...rest }: DictProps) {
  const options = useDictOptions(dict);
  return <Checkbox.Group {...rest} options={options} value={split(value)} onChange={(v: unknown[]) => onChange?.(join(v as string[]))} />;
}

/** A list cell shows the server's `_dictText` (chosen by the table), as tags when there are several. */
const multiCell: CellRenderer = (value) => {
  const parts = split(value);
  return parts.length > 1 ? parts.map((p) => <Tag key={p}>{p}</Tag>) : textCell(value, {}, undefined as never);
};

registerWidget('list', { component: DictSelect, cell: textCell });
registerWidget('radio', { component: DictRadio, cell: textCell, query: DictSelect });
registerWidget('list_multi', { component: DictMultiSelect, cell: multiCell });
registerWidget('checkbox', { component: DictCheckbox, cell: multiCell, query: DictMultiSelect });
