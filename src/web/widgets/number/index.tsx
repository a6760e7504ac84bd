import { NumberPicker } from '@formily/antd-v5';
import { Space } from 'antd';
import { digitsOf } from '../../../schema/number-limits';
import { registerWidget } from '../registry';

interface NumberProps { onlyInteger?: boolean; precision?: number; placeholder?: string; [key: string]: unknown }

/** A number with the column's decimals shown (12000.50); one with more digits than that is shown as it is. */
export function numberText(value: unknown, scale: number | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (scale === undefined || !Number.isFinite(n) || digitsOf(n).scale > scale) return String(value);
  return n.toFixed(scale);
}

/**
 * SPEC §5: `onlyInteger` allows no decimals. A value is never rounded without telling: the input
 * keeps what was typed, the form's rules (the server's own) refuse 12.5 for an integer or 12.345 for
 * two decimals as it is typed, and a value that fits is shown with the declared decimals.
 */
function NumberInput({ onlyInteger, precision, placeholder, ...rest }: NumberProps) {
  const scale = onlyInteger ? 0 : precision;
  const hint = scale === undefined ? undefined : scale === 0 ? '整数' : `最多${scale}位小数`;
  return (
    <NumberPicker
      style={{ width: '100%' }}
      placeholder={placeholder ?? hint}
      formatter={(v: string | number | undefined, info: { userTyping: boolean; input: string }) => (info.userTyping ? info.input : numberText(v, scale))}
      {...rest}
    />
  );
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

registerWidget('number', { component: NumberInput, range: NumberRange, cell: (v, _row, column) => numberText(v, column?.scale) });
