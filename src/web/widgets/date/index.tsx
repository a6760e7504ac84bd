import { DatePicker as FDatePicker, TimePicker as FTimePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { registerWidget } from '../registry';

// The connected pickers' prop types demand every DOM handler; the props are passed through untouched.
/* eslint-disable @typescript-eslint/no-explicit-any */
const DatePicker = FDatePicker as unknown as ComponentType<any> & { RangePicker: ComponentType<any> };
const TimePicker = FTimePicker as unknown as ComponentType<any>;

/** A read-only field shows its value but cannot open the picker (antd pickers have no read-only mode). */
const locked = ({ readOnly, disabled, ...rest }: Record<string, unknown>) => ({ ...rest, disabled: !!(disabled || readOnly) });

/** SPEC §9 formats: date YYYY-MM-DD, datetime YYYY-MM-DD HH:mm:ss; values travel as those strings. */
function DateInput(props: Record<string, unknown>) {
  return <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" {...locked(props)} />;
}
function DateTimeInput(props: Record<string, unknown>) {
  return <DatePicker style={{ width: '100%' }} showTime format="YYYY-MM-DD HH:mm:ss" {...locked(props)} />;
}
function TimeInput(props: Record<string, unknown>) {
  return <TimePicker style={{ width: '100%' }} format="HH:mm:ss" {...locked(props)} />;
}
function DateRange(props: Record<string, unknown>) {
  return <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY-MM-DD" {...props} />;
}
function DateTimeRange(props: Record<string, unknown>) {
  return <DatePicker.RangePicker style={{ width: '100%' }} showTime format="YYYY-MM-DD HH:mm:ss" {...props} />;
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
registerWidget('date', { component: DateInput, range: DateRange, cell });
registerWidget('datetime', { component: DateTimeInput, range: DateTimeRange, cell });
registerWidget('time', { component: TimeInput, cell });
