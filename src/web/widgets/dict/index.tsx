import { Checkbox, Radio, Select } from '@formily/antd-v5';
import { App, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import type { DictRef } from '../../../schema/types';
import { registerWidget, type CellRenderer } from '../registry';
import { textCell } from '../text';
import { dictKey } from './dict-cache';
import { useDictOptions } from './useDictOptions';
import { choosePlaceholder } from '../placeholder';

/** SPEC §5: a dictionary view with no dictionary says so, and cannot be used. */
export const MISSING_DICT_MESSAGE = '字典Code不能为空!';

function useMissingDict(dict: DictRef | undefined): boolean {
  const { message } = App.useApp();
  const missing = !dictKey(dict);
  useEffect(() => { if (missing) void message.error(MISSING_DICT_MESSAGE); }, [missing, message]);
  return missing;
}

const missingProps = (missing: boolean, placeholder: unknown, label: unknown) => (missing
  ? { disabled: true, status: 'error' as const, placeholder: MISSING_DICT_MESSAGE }
  : { placeholder: (placeholder as string | undefined) ?? choosePlaceholder(label) });

interface DictProps {
  dict?: DictRef;
  numeric?: boolean;
  /** Only these dictionary values are offered (a linkage rule narrowing the choices). */
  onlyValues?: string[];
  value?: unknown;
  onChange?: (v: unknown) => void;
  [key: string]: unknown;
}

/** The dictionary's options, narrowed to `onlyValues` when a rule says so. */
function useChoices(dict: DictRef | undefined, onlyValues: string[] | undefined) {
  const options = useDictOptions(dict);
  return useMemo(() => (onlyValues ? options.filter((o) => onlyValues.includes(o.value)) : options), [options, onlyValues]);
}

/** A choice as the column stores it: a number for a numeric column (`numeric`), else the dictionary's text value. */
const stored = (v: unknown, numeric?: boolean) => (numeric && v !== undefined && v !== null && v !== '' ? Number(v) : v);

/** Stored values are strings; numbers from integer columns compare as their text. */
const asText = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));
/** Several choices travel as one comma-joined string (SPEC §3 list_multi). */
const split = (v: unknown) => (v === null || v === undefined || v === '' ? [] : String(v).split(','));
const join = (v: string[] | undefined) => (v && v.length ? v.join(',') : '');

function DictSelect({ dict, numeric, onlyValues, value, onChange, ...rest }: DictProps) {
  const options = useChoices(dict, onlyValues);
  const missing = useMissingDict(dict);
  return <Select allowClear {...rest} {...missingProps(missing, rest.placeholder, rest['aria-label'])} options={options} value={asText(value)} onChange={(v: unknown) => onChange?.(stored(v ?? null, numeric))} />;
}

function DictMultiSelect({ dict, numeric: _numeric, onlyValues, value, onChange, ...rest }: DictProps) {
  const options = useChoices(dict, onlyValues);
  const missing = useMissingDict(dict);
  return <Select mode="multiple" allowClear {...rest} {...missingProps(missing, rest.placeholder, rest['aria-label'])} options={options} value={split(value)} onChange={(v: string[]) => onChange?.(join(v))} />;
}

function DictRadio({ dict, numeric, onlyValues, value, onChange, 'aria-label': label, ...rest }: DictProps) {
  const options = useChoices(dict, onlyValues);
  if (useMissingDict(dict)) return <span className="ant-form-item-explain-error">{MISSING_DICT_MESSAGE}</span>;
  return <div role="radiogroup" aria-label={label as string | undefined}><Radio.Group {...rest} options={options} value={asText(value)} onChange={(e: { target: { value?: unknown } }) => onChange?.(stored(e.target.value, numeric))} /></div>;
}

function DictCheckbox({ dict, numeric: _numeric, onlyValues, value, onChange, 'aria-label': label, ...rest }: DictProps) {
  const options = useChoices(dict, onlyValues);
  if (useMissingDict(dict)) return <span className="ant-form-item-explain-error">{MISSING_DICT_MESSAGE}</span>;
  return <div role="group" aria-label={label as string | undefined}><Checkbox.Group {...rest} options={options} value={split(value)} onChange={(v: unknown[]) => onChange?.(join(v as string[]))} /></div>;
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
