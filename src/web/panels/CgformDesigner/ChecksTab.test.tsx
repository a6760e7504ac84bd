// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider, Form, type FormInstance } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesignField } from '../../../schema/cgform';
import { ChecksTab, rowKind } from './ChecksTab';
import type { DesignValues } from './model';
import { optionTitles, pick } from './selects.testing';

afterEach(cleanup);

const f = (dbFieldName: string, dbFieldTxt: string, more: Partial<DesignField> = {}): DesignField => ({ dbFieldName, dbFieldTxt, dbType: 'string', isShowForm: 1, ...more });
const FIELDS = [
  f('id', 'ID'), f('title', '名称'), f('start_date', '开始日期', { dbType: 'Date' }), f('end_time', '结束时间', { dbType: 'Datetime' }),
  f('min_people', '最少人数', { dbType: 'int' }), f('max_people', '最多人数', { dbType: 'int' }), f('weight_a', '专家权重', { dbType: 'BigDecimal' }),
  f('hidden_score', '隐藏分', { dbType: 'int', isShowForm: 0 }),
];

function setup() {
  let form!: FormInstance<DesignValues>;
  function Host() {
    [form] = Form.useForm<DesignValues>();
    return <Form form={form} initialValues={{ head: { tableName: 'demo_event', tableTxt: '活动' }, fields: FIELDS, indexs: [] }}><ChecksTab /></Form>;
  }
  render(<ConfigProvider locale={zhCN}><App><Host /></App></ConfigProvider>);
  return () => form.getFieldsValue(true) as DesignValues;
}

describe('ChecksTab (字段间校验)', () => {
  it('reads a row\'s kind from its database type and view', () => {
    expect(FIELDS.map(rowKind)).toEqual([null, null, 'date', 'date', 'number', 'number', 'number', 'number']);
    // A time picker on a text column saves as text, which the save will not order: not offered.
    expect(rowKind({ dbType: 'string' })).toBeNull();
    expect(rowKind({ dbType: 'time' })).toBe('time');
  });

  it('builds a comparison from choices: only ordered fields shown in the form, the other side of the same kind, relations in words', async () => {
    const values = setup();
    expect(screen.getByText('暂无比较校验')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增比较校验' }));
    const row = await waitFor(() => document.querySelector<HTMLElement>('.ant-table-row')!);
    expect(await optionTitles(row, '字段')).toEqual(['开始日期（start_date）', '结束时间（end_time）', '最少人数（min_people）', '最多人数（max_people）', '专家权重（weight_a）']);
    await pick(row, '字段', '结束时间（end_time）');
    expect(await optionTitles(row, '比较字段')).toEqual(['开始日期（start_date）']);
    expect(await optionTitles(row, '关系')).toEqual(['须晚于', '不能早于', '须早于', '不能晚于']);
    await pick(row, '关系', '须晚于');
    await pick(row, '比较字段', '开始日期（start_date）');
    await waitFor(() => expect(values().head.crossChecks).toEqual([{ field: 'end_time', op: 'gt', than: 'start_date' }]));
    expect(within(row).getByLabelText('提示')).toHaveAttribute('placeholder', '「结束时间」须晚于「开始日期」');
    fireEvent.click(within(row).getByText('删除'));
    await waitFor(() => expect(values().head.crossChecks).toEqual([]));
  });

  it('builds a sum from the number fields, with its total, name and unit', async () => {
    const values = setup();
    fireEvent.click(screen.getByRole('button', { name: '新增合计校验' }));
    const row = await waitFor(() => [...document.querySelectorAll<HTMLElement>('.ant-table-row')].at(-1)!);
    expect(await optionTitles(row, '合计的字段')).toEqual(['最少人数（min_people）', '最多人数（max_people）', '专家权重（weight_a）']);
    await pick(row, '合计的字段', '最少人数（min_people）');
    await pick(row, '合计的字段', '专家权重（weight_a）');
    fireEvent.change(within(row).getByLabelText('合计应等于'), { target: { value: '100' } });
    fireEvent.change(within(row).getByLabelText('名称'), { target: { value: '各项权重' } });
    fireEvent.change(within(row).getByLabelText('单位'), { target: { value: '%' } });
    await waitFor(() => expect(values().head.sumChecks).toEqual([{ fields: ['min_people', 'weight_a'], equals: 100, label: '各项权重', unit: '%' }]));
  });
});
