import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { Cascader, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { AREA_ROOT, areaChildren, areaText, type AreaData } from '../../../schema/area';
import { cascaderOptions, storedCode, valuePath } from './area-options';

export interface AreaInputProps {
  value?: string | number | null;
  onChange?: (code: string | number | null) => void;
  /** SPEC §5: `cascader` (default) or `select`; the online form's extend calls it `showType`. */
  type?: string;
  showType?: string;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** An integer column stores the code as a number. */
  onlyInteger?: boolean;
  'aria-label'?: string;
}

let data: AreaData | undefined;
let loading: Promise<AreaData> | undefined;

/** The area data is a chunk of its own, fetched the first time an area input shows. */
export function loadAreaData(): Promise<AreaData> {
  loading ??= import('china-area-data/v5/data.json').then((m) => (data = m.default as unknown as AreaData));
  return loading;
}

function useAreaData(): AreaData | undefined {
  const [loaded, setLoaded] = useState(data);
  useEffect(() => {
    if (!loaded) void loadAreaData().then(setLoaded);
  }, [loaded]);
  return loaded;
}

const LEVEL_PLACEHOLDERS = ['请选择省', '请选择市', '请选择区'];

interface SelectsProps { data: AreaData; path: string[]; disabled?: boolean; label?: string; onPick: (code: string | null) => void }

/** Three linked selects; choosing a level stores it, which clears the levels after it. */
function AreaSelects({ data, path, disabled, label, onPick }: SelectsProps) {
  const parents = [AREA_ROOT, path[0], path[1]];
  return (
    <Space.Compact style={{ width: '100%' }}>
      {parents.map((pid, i) => {
        const options = pid ? areaChildren(pid, data).map((n) => ({ value: n.id, label: n.text })) : [];
        return (
          <Select key={i} aria-label={label ? `${label}（${LEVEL_PLACEHOLDERS[i].slice(3)}）` : undefined} style={{ width: '33.4%' }} allowClear showSearch optionFilterProp="label"
            placeholder={LEVEL_PLACEHOLDERS[i]} disabled={disabled || !options.length} options={options} value={path[i]}
            onChange={(code?: string) => onPick(code ?? (i === 0 ? null : path[i - 1]))} />
        );
      })}
    </Space.Compact>
  );
}

/** The area input (contract §7.3): stores the last chosen code, shows the path to a stored one. */
export default function AreaInput({ value, onChange, type, showType, placeholder, disabled, readOnly, onlyInteger, 'aria-label': label }: AreaInputProps) {
  const field = useField<Field>();
  const area = useAreaData();
  const kind = showType ?? type ?? 'cascader';
  if (field?.pattern === 'readPretty') {
    const shown = area ? areaText(value, area) ?? value : value;
    return <span>{shown === null || shown === undefined ? '' : String(shown)}</span>;
  }
  if (kind !== 'cascader' && kind !== 'select') return <span style={{ color: 'red' }}>Bad type value</span>;
  const locked = disabled || readOnly || field?.pattern === 'readOnly';
  const store = (code: string | null) => onChange?.(code !== null && onlyInteger ? Number(code) : code);
  if (!area) return <Select aria-label={label} loading disabled style={{ width: '100%' }} />;
  const path = valuePath(value, area);
  if (kind === 'select') return <AreaSelects data={area} path={path} disabled={locked} label={label} onPick={store} />;
  return (
    <Cascader aria-label={label} style={{ width: '100%' }} changeOnSelect allowClear showSearch placeholder={placeholder ?? '请选择省市区'}
      disabled={locked} options={cascaderOptions(area)} value={path} displayRender={(labels) => labels.join('/')}
      onChange={(p) => store(storedCode(p as string[] | undefined))} />
  );
}
