import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { DepartNode } from '../sel_depart/api';
import { useDepartTree } from '../sel_depart/api';
import { PickerInput } from './PickerInput';
import { joinKeys, namesText, pickerFacts, splitKeys, useChoices, type Choice } from './picker-value';

/** What a picker's modal is given: the choice mode, the stored column, the current choices, the department tree. */
export interface PickerModalProps {
  multiple: boolean;
  store: string;
  chosen: Choice[];
  loadTree: () => Promise<DepartNode[]>;
  onOk: (picked: Choice[]) => void;
  onCancel: () => void;
}

interface PickerFieldProps {
  value?: unknown;
  onChange?: (v: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  /** The field's `extend`: store, multiple. */
  [setting: string]: unknown;
}

/**
 * A field that shows names and opens a modal to choose (sel_user, sel_depart): names echoed for the
 * stored keys, the keys written comma-joined, the modal loaded lazily on first open.
 */
export function pickerField(view: 'sel_user' | 'sel_depart', opts: {
  noun: string;
  icon: ReactNode;
  Modal: LazyExoticComponent<ComponentType<PickerModalProps>>;
  /** Starts the modal's first request on the click, before the modal is built. */
  prefetch?: () => void;
}) {
  const { Modal } = opts;
  return function PickerField({ value, onChange, disabled, readOnly, placeholder, 'aria-label': label, ...settings }: PickerFieldProps) {
    const field = useField<Field>();
    const { multiple, store, dictCode } = pickerFacts(view, settings);
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
          placeholder={placeholder ?? `请选择${opts.noun}`}
          action={`选择${opts.noun}`}
          label={label}
          icon={opts.icon}
          onOpen={() => { opts.prefetch?.(); setOpen(true); }}
          onChange={(keys) => onChange?.(keys.join(','))}
        />
        {open && (
          <Suspense fallback={null}>
            <Modal multiple={multiple} store={store} chosen={choices} loadTree={loadTree} onOk={confirm} onCancel={() => setOpen(false)} />
          </Suspense>
        )}
      </>
    );
  };
}
