import { Switch as AntSwitch } from 'antd';
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import { registerWidget } from '../registry';

type SwitchValue = string | number;
interface SwitchProps { value?: SwitchValue; onChange?: (v: SwitchValue) => void; switchOptions?: [SwitchValue, SwitchValue]; disabled?: boolean; readOnly?: boolean; 'aria-label'?: string }

/** SPEC §3: a switch stores its two values, `Y` and `N` unless the field says otherwise. */
const DEFAULT_OPTIONS: [SwitchValue, SwitchValue] = ['Y', 'N'];

function SwitchInput({ value, onChange, switchOptions = DEFAULT_OPTIONS, disabled, readOnly, 'aria-label': label }: SwitchProps) {
  const field = useField<Field>();
  const [on, off] = switchOptions;
  const checked = value !== undefined && value !== null && String(value) === String(on);
  if (field?.pattern === 'readPretty') return <span>{checked ? '是' : '否'}</span>;
  return <AntSwitch aria-label={label} checked={checked} disabled={disabled || readOnly || field?.pattern === 'readOnly'} onChange={(c) => onChange?.(c ? on : off)} />;
}

registerWidget('switch', {
  component: SwitchInput,
  cell: (v, _row, col) => {
    const [on] = (col.extend?.switchOptions as [SwitchValue, SwitchValue] | undefined) ?? DEFAULT_OPTIONS;
    return v === null || v === undefined || v === '' ? '' : String(v) === String(on) ? '是' : '否';
  },
});
