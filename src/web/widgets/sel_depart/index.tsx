import { ApartmentOutlined } from '@ant-design/icons';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { lazy, Suspense, useState } from 'react';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import { useDepartTree } from './api';
import { PickerInput } from './PickerInput';
import { joinKeys, namesText, pickerFacts, splitKeys, useChoices, type Choice } from './picker-value';

const DepartModal = lazy(() => import('./DepartModal'));

interface Props {
  value?: unknown;
  onChange?: (v: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** The field's `extend`: store (id | orgCode), multiple/multi. */
  [setting: string]: unknown;
}

/** sel_depart: department names shown, ids (or org codes) stored comma-joined. */
function DepartPicker({ value, onChange, disabled, readOnly, placeholder, ...settings }: Props) {
  const field = useField<Field>();
  const { multiple, store, dictCode } = pickerFacts('sel_depart', settings);
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
        placeholder={placeholder ?? '请选择部门'}
        action="选择部门"
        icon={<ApartmentOutlined />}
        onOpen={() => setOpen(true)}
        onChange={(keys) => onChange?.(keys.join(','))}
      />
      {open && (
        <Suspense fallback={null}>
          <DepartModal multiple={multiple} store={store} chosen={choices} loadTree={loadTree} onOk={confirm} onCancel={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

// A list cell shows the server's `_dictText`: the names already.
registerWidget('sel_depart', { component: DepartPicker, cell: textCell });

export { DepartPicker };
