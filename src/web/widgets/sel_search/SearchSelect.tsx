import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { useDebounceFn } from 'ahooks';
import { Select, Spin, message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DictRef } from '../../../schema/types';
import type { Option } from '../dict/useDictOptions';
import { searchTableDict, tableDictCode, tableDictTexts, valuesOf, type LegacyDictProps } from './dict-api';
import { useEcho } from './useEcho';
import { choosePlaceholder } from '../placeholder';

/** SPEC §5: a search select reads a table dictionary; without one it says so and stays disabled. */
export const SEARCH_CONFIG_MESSAGE = '表字典搜索组件参数接收有误,请检查字典配置!';
/** SPEC §9: typing searches 800 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 800;
const DEFAULT_PAGE_SIZE = 10;

export interface SearchSelectProps extends LegacyDictProps {
  dict?: DictRef | string;
  pageSize?: number;
  numeric?: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /**
   * Which rows are offered to choose from, as a table-dictionary condition (`{"declareEnd": {">=":
   * "$now"}}`: contests still taking declarations); a stored value outside it still reads by its
   * text. An empty field whose offer is a single row takes it (the one contest open now).
   */
  offer?: Record<string, unknown>;
  'aria-label'?: string;
}

/**
 * JSearchSelectTag in async mode (contract §4.5): typing asks `loadDict` for one page of matches,
 * the current value is shown by its text (`loadDictItem`).
 */
export function SearchSelect({ dict, dictTable, dictText, dictCode, pageSize = DEFAULT_PAGE_SIZE, numeric, value, onChange, disabled, readOnly, placeholder, offer, 'aria-label': label }: SearchSelectProps) {
  const field = useField<Field>();
  const code = tableDictCode(dict, { dictTable, dictText, dictCode });
  const offered = code && offer ? `${code},${JSON.stringify(offer)}` : code;
  const current = valuesOf(value)[0];
  const { labels, remember } = useEcho(code, current ? [current] : [], (keys) => tableDictTexts(code!, keys));
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    if (!code) void message.warning(SEARCH_CONFIG_MESSAGE);
  }, [code]);

  const search = (keyword: string) => {
    if (!code) return;
    const n = ++asked.current;
    setLoading(true);
    searchTableDict(offered!, keyword, pageSize)
      .then((found) => { if (n === asked.current) setOptions(found); })
      .catch(() => undefined)
      .finally(() => { if (n === asked.current) setLoading(false); });
  };
  const debounced = useDebounceFn(search, { wait: SEARCH_DEBOUNCE_MS });

  // The only row offered is chosen for an empty field the user may fill.
  const editable = (!field || field.pattern === 'editable') && !disabled && !readOnly;
  useEffect(() => {
    if (!offer || !code || current || !editable) return;
    let live = true;
    searchTableDict(offered!, '', 2).then((found) => {
      if (!live) return;
      setOptions(found);
      if (found.length === 1) { remember([[found[0].value, found[0].label]]); onChange?.(numeric ? Number(found[0].value) : found[0].value); }
    }, () => undefined);
    return () => { live = false; };
  }, [offered, editable]); // eslint-disable-line react-hooks/exhaustive-deps

  if (field?.pattern === 'readPretty') return <span>{current ? labels.get(current) ?? current : ''}</span>;

  // The current value stays choosable (and shown by its text) whatever the last search found.
  const shown = current && !options.some((o) => o.value === current) ? [{ value: current, label: labels.get(current) ?? current }, ...options] : options;
  const choose = (v: string | undefined) => {
    const picked = options.find((o) => o.value === v);
    if (picked) remember([[picked.value, picked.label]]);
    onChange?.(v === undefined || v === '' ? null : numeric ? Number(v) : v);
  };
  return (
    <Select
      aria-label={label}
      allowClear
      showSearch
      filterOption={false}
      placeholder={placeholder ?? choosePlaceholder(label)}
      disabled={disabled || readOnly || !code}
      options={shown}
      value={current}
      onSearch={debounced.run}
      onOpenChange={(open) => { if (open && !options.length) search(''); }}
      onChange={choose}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      style={{ width: '100%' }}
    />
  );
}
