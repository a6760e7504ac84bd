import { UserOutlined } from '@ant-design/icons';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { lazy, Suspense, useState } from 'react';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import { useDepartTree } from '../sel_depart/api';
import { PickerInput } from '../sel_depart/PickerInput';
import { joinKeys, namesText, pickerFacts, splitKeys, useChoices, type Choice } from '../sel_depart/picker-value';

const UserModal = lazy(() => import('./UserModal'));

interface Props {
  value?: unknown;
  onChange?: (v: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** The field's `extend`: store (username by default), multiple (unless false). */
  [setting: string]: unknown;
}

/** sel_user: realnames shown, usernames (or the stored column) kept comma-joined. */
function UserPicker({ value, onChange, disabled, readOnly, placeholder, ...settings }: Props) {
  const field = useField<Field>();
  const { multiple, store, dictCode } = pickerFacts('sel_user', settings);
  const { choices, learn } = useChoices(dictCode, splitKeys(value));
  const loadTree = useDepartTree();
  const [open, setOpen] = useState(false);

  if (field?.pattern === 'readPretty') return <span>{namesText(choices)}</span>;
  const confirm = (picked: Choice[]) => {
    learn(picked);
    onChange?.(joinKeys(picked));
    setOpen(false);
  };
  return (
    <>
      <PickerInput
        choices={choices}
        multiple={multiple}
        disabled={disabled || readOnly || field?.pattern === 'readOnly'}
        placeholder={placeholder ?? '请选择用户'}
        action="选择用户"
        icon={<UserOutlined />}
        onOpen={() => setOpen(true)}
        onChange={(keys) => onChange?.(keys.join(','))}
      />
      {open && (
        <Suspense fallback={null}>
          <UserModal multiple={multiple} store={store} chosen={choices} loadTree={loadTree} onOk={confirm} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

// A list cell shows the server's `_dictText`: the realnames already.
registerWidget('sel_user', { component: UserPicker, cell: textCell });

export { UserPicker };
