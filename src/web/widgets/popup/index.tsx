import { Input as FormilyInput } from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { App, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { registerWidget } from '../registry';
import { textCell } from '../text';
import { PopupModal } from './PopupModal';
import { popupConfigError, popupValues, type PopupSettings } from './popup-config';
import { choosePlaceholder } from '../placeholder';

interface Props extends PopupSettings {
  value?: unknown;
  onChange?: (v: unknown) => void;
  /** JeecgBoot's name for popupCode. */
  code?: string;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * The `popup` view: a read-only input that opens a report's rows; OK writes the chosen rows'
 * `orgFields` into the form's `destFields` (this field among them, usually). Misconfigured, it
 * says so in the SPEC's words and stays disabled.
 */
export function PopupInput({ value, onChange, code, disabled, placeholder, 'aria-label': label, ...rest }: Props) {
  const { message } = App.useApp();
  const field = useField<Field>();
  const settings: PopupSettings = { ...rest, popupCode: rest.popupCode ?? code };
  const problem = popupConfigError(settings);
  const [open, setOpen] = useState(false);
  useEffect(() => { if (problem) void message.error(problem); }, [problem, message]);

  const text = value === null || value === undefined ? '' : String(value);
  if (field?.pattern === 'readPretty') return <span>{text}</span>;
  const locked = !!problem || disabled || field?.pattern === 'readOnly' || field?.pattern === 'disabled';

  const accept = (rows: Record<string, unknown>[]) => {
    const own = field?.props.name !== undefined ? String(field.props.name) : undefined;
    for (const [dest, v] of Object.entries(popupValues(rows, settings))) {
      if (dest === own) { onChange?.(v); continue; }
      const sibling = field?.query(`.${dest}`).take() as Field | undefined;
      if (sibling) sibling.setValue(v);
      else field?.form.setValuesIn(dest, v);
    }
    setOpen(false);
  };

  return (
    <>
      <Input
        aria-label={label}
        readOnly
        value={text}
        disabled={locked}
        status={problem ? 'error' : undefined}
        title={problem}
        placeholder={problem ?? placeholder ?? choosePlaceholder(label)}
        suffix={<SearchOutlined />}
        onClick={() => { if (!locked) setOpen(true); }}
      />
      {open && <PopupModal settings={settings} onOk={accept} onCancel={() => setOpen(false)} />}
    </>
  );
}

registerWidget('popup', { component: PopupInput, cell: textCell, query: FormilyInput });
