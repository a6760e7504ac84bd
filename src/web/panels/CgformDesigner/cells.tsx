import { Checkbox, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { VALID_OPTIONS, yes, type DesignValues } from './model';

/** Form controls of the grid: each receives `value`/`onChange` from its Form.Item. */

/** Text and checkboxes sit on the middle line of the inputs beside them. */
export const ON_INPUT_LINE = { lineHeight: '32px' } as const;

interface Control<T> { value?: T; onChange?: (v: T) => void; disabled?: boolean; 'aria-label'?: string }

/** A 0/1 flag (or '0'/'1' where JeecgBoot stores text) as a checkbox. */
export function FlagBox({ value, onChange, disabled, text = false, ...rest }: Control<number | string> & { text?: boolean }) {
  const on = text ? '1' : 1;
  const off = text ? '0' : 0;
  return <span style={ON_INPUT_LINE}><Checkbox checked={yes(value)} disabled={disabled} onChange={(e) => onChange?.(e.target.checked ? on : off)} aria-label={rest['aria-label']} /></span>;
}

/** A value shown, not edited (the field's name in the tabs after the first). */
export function Plain({ value }: Control<unknown>) {
  return <span style={ON_INPUT_LINE}>{value === undefined || value === null ? '' : String(value)}</span>;
}

const PRESETS = new Set(VALID_OPTIONS.map((o) => o.value));
const CUSTOM = '__custom__';

/** 字段校验规则: a named validation, or a regular expression of one's own. */
export function ValidTypeInput({ value = '', onChange, ...rest }: Control<string>) {
  const [custom, setCustom] = useState(!PRESETS.has(value));
  const choose = (v: string) => {
    setCustom(v === CUSTOM);
    onChange?.(v === CUSTOM ? '' : v);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select style={{ width: custom ? 120 : '100%' }} virtual={false} value={custom ? CUSTOM : value} onChange={choose} aria-label={rest['aria-label']}
        options={[...VALID_OPTIONS, { value: CUSTOM, label: '自定义正则' }]} />
      {custom && <Input value={value} placeholder="^[a-z]+$" onChange={(e) => onChange?.(e.target.value)} aria-label="自定义正则" />}
    </Space.Compact>
  );
}

/** The field names of the design, read where they are chosen from (tree head, indexes); changes only when a name does. */
export function useFieldNames(): string[] {
  const form = Form.useFormInstance<DesignValues>();
  const names = Form.useWatch((v: DesignValues) => (v?.fields ?? []).map((f) => f?.dbFieldName?.trim()).filter(Boolean).join(','), { form, preserve: true });
  return names ? names.split(',') : [];
}

/** One field name (or several, as an index's comma list is edited). */
export function FieldNameSelect({ multiple, ...rest }: Control<string | string[]> & { multiple?: boolean }) {
  const names = useFieldNames();
  return <Select {...rest} allowClear mode={multiple ? 'multiple' : undefined} virtual={false} style={{ width: '100%', minWidth: 160 }} options={names.map((n) => ({ value: n, label: n }))} />;
}
