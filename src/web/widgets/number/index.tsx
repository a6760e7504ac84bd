import { NumberPicker } from '@formily/antd-v5';
import { Space } from 'antd';
import { registerWidget } from '../registry';

interface NumberProps { onlyInteger?: boolean; precision?: number; [key: string]: unknown }

/** SPEC §5: `onlyInteger` forces precision 0. */
function NumberInput({ onlyInteger, precision, ...rest }: NumberProps) {
  return <NumberPicker style={{ width: '100%' }} precision={onlyInteger ? 0 : precision} {...rest} />;
}

interface RangeProps { value?: [number?, number?]; onChange?: (v: [number?, number?]) => void; onlyInteger?: boolean }

/** A numeric range for `group` queries: two inputs, either end may stay open. */
function NumberRange({ value = [], onChange, onlyInteger }: RangeProps) {
  const [min, max] = value;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <NumberInput onlyInteger={onlyInteger} placeholder="最小值" value={min} onChange={(v: number) => onChange?.([v ?? undefined, max])} />
      <NumberInput onlyInteger={onlyInteger} placeholder="最大值" value={max} onChange={(v: number) => onChange?.([min, v ?? undefined])} />
    </Space.Compact>
  );
}

registerWidget('number', { component: NumberInput, range: NumberRange, cell: (v) => (v === null || v === undefined ? '' : String(v)) });
