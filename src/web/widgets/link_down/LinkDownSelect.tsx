import type { Field, GeneralField } from '@formily/core';
import { observer, useField } from '@formily/react';
import { Select } from 'antd';
import { useEffect } from 'react';
import { http } from '../../api/request';
import { linkLevel, type LinkLevel } from './levels';
import { choosePlaceholder } from '../placeholder';

/** An option of one level: shown by label, stored by value; `id` is what the next level's rows name as parent. */
export interface LinkOption { label: string; value: string; id: string }

interface ServerOption { store: string; label: string; id: string; pid: string | null }

export interface LinkDownProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));
const nameOf = (f: GeneralField) => String(f.path.segments[f.path.segments.length - 1]);
/** A field of the same record (top level, or the same sub-table row). */
const sibling = (field: Field, name: string) => field.form.query(field.path.parent().concat(name)).take() as Field | undefined;

function levelOf(field: Field, props: Record<string, unknown>): LinkLevel | undefined {
  const parent = String(field.path.parent());
  const siblings = Object.values(field.form.fields)
    .filter((f) => f !== field && String(f.path.parent()) === parent)
    .map((f) => ({ name: nameOf(f), props: (f.componentProps ?? {}) as Record<string, unknown> }));
  return linkLevel({ name: nameOf(field), props }, siblings);
}

/** The request for this level's options: the first level by condition, a later one by its parent's chosen row id. */
function optionsQuery(field: Field, level: LinkLevel): Record<string, string> | undefined {
  const { table, txt, key, idField, pidField } = level.settings;
  const base = { table, txt, key, idField, pidField };
  if (level.index === 0) return level.condition ? { ...base, condition: level.condition } : base;
  const parent = sibling(field, level.chain[level.index - 1]);
  const chosen = text(parent?.value);
  const row = chosen === undefined ? undefined : (parent?.dataSource as LinkOption[] | undefined)?.find((o) => o.value === chosen);
  return row ? { ...base, pidValue: row.id } : undefined;
}

/**
 * One level of a cascading select (contract §9.4 querySelectOptions). Its options live in the
 * field's Formily `dataSource`, where the next level finds the chosen row's id.
 */
export const LinkDownSelect = observer(function LinkDownSelect({ value, onChange, disabled, readOnly, placeholder, 'aria-label': label }: LinkDownProps) {
  const field = useField<Field>();
  // Settings are read from the field: React keeps a prop named `key` (the store column) to itself.
  const level = field ? levelOf(field, (field.componentProps ?? {}) as Record<string, unknown>) : undefined;
  const query = field && level ? optionsQuery(field, level) : undefined;
  const queryKey = query ? JSON.stringify(query) : '';

  // `queryKey` stands for `query`: the level reloads when what it asks changes, not on every render.
  useEffect(() => {
    if (!field) return;
    if (!query) { field.setDataSource([]); return; }
    let live = true;
    http.get<ServerOption[]>('/online/cgform/api/querySelectOptions', query)
      .then((res) => { if (live) field.setDataSource(res.success ? res.result.map((o) => ({ label: o.label, value: o.store, id: o.id })) : []); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [queryKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const options = (field?.dataSource ?? []) as LinkOption[];
  const current = text(value);
  if (field?.pattern === 'readPretty') return <span>{current === undefined ? '' : options.find((o) => o.value === current)?.label ?? current}</span>;

  // SPEC §4: choosing a level clears every following level (each then loads for its new parent).
  const choose = (v: string | undefined) => {
    // A numeric column (compileForm's `numeric`) gets its choice back as a number.
    onChange?.(v === undefined ? null : field.componentProps?.numeric === true ? Number(v) : v);
    for (const name of level?.chain.slice(level.index + 1) ?? []) sibling(field, name)?.setValue(null);
  };
  return (
    <Select aria-label={label} allowClear showSearch optionFilterProp="label" placeholder={placeholder ?? choosePlaceholder(label)} disabled={disabled || readOnly || !level}
      options={options} value={current} onChange={choose} style={{ width: '100%' }} />
  );
});
