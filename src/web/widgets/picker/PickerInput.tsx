import { Button, ConfigProvider, Select } from 'antd';
import { useContext, type MouseEvent, type ReactNode } from 'react';
import type { Choice } from './picker-value';

interface Props {
  choices: Choice[];
  multiple: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** The picker button's name (e.g. 选择用户). */
  action: string;
  icon: ReactNode;
  onOpen: () => void;
  /** A tag removed or the whole value cleared. */
  onChange: (keys: string[]) => void;
  /** The field's label, naming the input for a screen reader. */
  label?: string;
}

/** The field of a popup picker: the chosen names (tags when several), clearable; a press on it or the button opens the picker. */
export function PickerInput({ choices, multiple, disabled, placeholder, action, icon, onOpen, onChange, label }: Props) {
  const keys = choices.map((c) => c.key);
  const select = useContext(ConfigProvider.ConfigContext).getPrefixCls('select');
  // Removing a tag or clearing must not open the picker as a press on the field does. A press, not
  // a click: clearing removes the clear icon before the click, which would then land on the field.
  const pressField = (e: MouseEvent) => {
    if (!disabled && !(e.target as Element).closest(`.${select}-selection-item-remove, .${select}-clear`)) onOpen();
  };
  return (
    <div style={{ display: 'flex', gap: 4, width: '100%' }}>
      <Select<string | string[]>
        aria-label={label}
        mode={multiple ? 'multiple' : undefined}
        open={false}
        showSearch={false}
        allowClear
        disabled={disabled}
        placeholder={placeholder}
        value={multiple ? keys : keys[0]}
        options={choices.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(v) => onChange(v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])}
        onMouseDown={pressField}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Button icon={icon} aria-label={action} title={action} disabled={disabled} onClick={onOpen} />
    </div>
  );
}
