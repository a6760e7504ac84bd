// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { ArrayTable, FormItem } from '@formily/antd-v5';
import { createForm, type Field } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileForm, compileMainForm, type FormMode } from '../../schema/form';
import type { PageSchema } from '../../schema/types';
import '../widgets/dict';
import '../widgets/text';
import '../widgets/number';
import { formComponents } from '../widgets/registry';
import { linkageEffects } from './linkage-effects';

const ITEMS: Record<string, { value: string; text: string }[]> = {
  status: [{ value: '1', text: '草稿' }, { value: '2', text: '驳回' }, { value: '3', text: '归档' }],
  level: [{ value: 'a', text: '一级' }, { value: 'b', text: '二级' }, { value: 'c', text: '三级' }],
};
vi.mock('../widgets/dict/dict-cache', () => ({
  dictKey: (d?: { code?: string }) => d?.code,
  dictItems: async (key: string) => ITEMS[key] ?? [],
}));

afterEach(() => { cleanup(); document.body.innerHTML = ''; });

const schema: PageSchema = {
  code: 'demo', title: 'demo', table: 'demo', api: '/demo',
  fields: [
    { name: 'status', label: '状态', type: 'string', view: 'radio', dict: { code: 'status' } },
    { name: 'reason', label: '驳回原因', type: 'string', required: true },
    { name: 'note', label: '归档说明', type: 'string' },
    { name: 'amount', label: '金额', type: 'int', view: 'number' },
    { name: 'level', label: '级别', type: 'string', view: 'radio', dict: { code: 'level' } },
  ],
  linkage: [
    { when: { field: 'status', op: 'eq', value: '2' }, then: { field: 'reason', effect: 'show' } },
    { when: { field: 'status', op: 'eq', value: '3' }, then: { field: 'note', effect: 'require' } },
    { when: { field: 'status', op: 'eq', value: '3' }, then: { field: 'amount', effect: 'disable' } },
    { when: { field: 'status', op: 'eq', value: '1' }, then: { field: 'level', effect: 'options', options: ['a', 'b'] } },
  ],
};

const SchemaField = createSchemaField({ components: { FormItem, ArrayTable, ...formComponents() } });

function setup(values: Record<string, unknown>, mode: FormMode = 'add') {
  const form = createForm({ initialValues: values, effects: linkageEffects(schema, mode) });
  render(<App><FormProvider form={form}><SchemaField schema={compileForm(schema, mode) as ISchema} /></FormProvider></App>);
  return form;
}

const field = (form: ReturnType<typeof createForm>, name: string) => form.query(name).take() as Field;
const submitErrors = async (form: ReturnType<typeof createForm>) => {
  try { await act(() => form.submit()); } catch { /* errors are read from the fields */ }
  return form.errors.map((e) => e.messages?.join()).join('|');
};

describe('linkage effects', () => {
  it('hides a field until its show rule holds, and leaves its value out while hidden', async () => {
    const form = setup({ status: '1', reason: 'typed before' });
    await waitFor(() => expect(field(form, 'reason').display).toBe('none'));
    expect(screen.queryByText('驳回原因')).toBeNull();
    expect(form.values.reason).toBeUndefined();
    // Hidden, the declared required field asks for nothing.
    expect(await submitErrors(form)).toBe('');
    fireEvent.click(await screen.findByText('驳回'));
    await waitFor(() => expect(screen.getByText('驳回原因')).toBeInTheDocument());
    expect(form.values.status).toBe('2');
    // Shown again, it is required as declared, with its usual message.
    act(() => field(form, 'reason').setValue(''));
    expect(await submitErrors(form)).toContain('驳回原因不能为空');
  });

  it('requires and disables while the rule holds, and lets go when it stops', async () => {
    const form = setup({ status: '3' });
    await waitFor(() => expect(field(form, 'amount').pattern).toBe('disabled'));
    expect(document.querySelector('input.ant-input-number-input')).toBeDisabled();
    expect(field(form, 'note').required).toBe(true);
    expect(await submitErrors(form)).toContain('归档说明不能为空');
    fireEvent.click(await screen.findByText('草稿'));
    await waitFor(() => expect(field(form, 'amount').pattern).toBe('editable'));
    expect(field(form, 'note').required).toBe(false);
    expect(await submitErrors(form)).not.toContain('归档说明不能为空');
  });

  it('narrows a dictionary to the allowed choices and clears one it no longer allows', async () => {
    const form = setup({ status: '1', level: 'c' });
    expect(await screen.findByText('一级')).toBeInTheDocument();
    expect(screen.queryByText('三级')).toBeNull();
    await waitFor(() => expect(form.values.level).toBeUndefined());
    fireEvent.click(screen.getByText('驳回'));
    expect(await screen.findByText('三级')).toBeInTheDocument();
  });

  it('a detail form hides but does not touch patterns', async () => {
    const form = createForm({ readPretty: true, initialValues: { status: '3' }, effects: linkageEffects(schema, 'detail') });
    render(<App><FormProvider form={form}><SchemaField schema={compileForm(schema, 'detail') as ISchema} /></FormProvider></App>);
    await waitFor(() => expect(field(form, 'reason').display).toBe('none'));
    expect(field(form, 'amount').pattern).toBe('readPretty');
  });

  it('a sub table\'s rules act within each of its rows', async () => {
    const item: PageSchema = {
      code: 'demo_item', title: '明细', table: 'demo_item', api: '/demo/item', kind: 'sub',
      fields: [
        { name: 'mainId', label: '主表', type: 'string', form: false },
        { name: 'status', label: '状态', type: 'string', view: 'list', dict: { code: 'status' } },
        { name: 'reason', label: '驳回原因', type: 'string' },
      ],
      linkage: [{ when: { field: 'status', op: 'eq', value: '2' }, then: { field: 'reason', effect: 'show' } }],
    };
    const main: PageSchema = { ...schema, linkage: undefined };
    const subs = [{ schema: item, foreignKey: 'mainId' }];
    const form = createForm({ initialValues: { demo_itemList: [{ status: '1', reason: 'x' }, { status: '2', reason: 'y' }] }, effects: linkageEffects(main, 'add', subs) });
    render(<App><FormProvider form={form}><SchemaField schema={compileMainForm(main, subs, 'add') as ISchema} /></FormProvider></App>);
    await waitFor(() => expect(field(form, 'demo_itemList.0.reason').display).toBe('none'));
    expect(field(form, 'demo_itemList.1.reason').display).toBe('visible');
    const rows = form.values.demo_itemList as Record<string, unknown>[];
    expect(rows[0].reason).toBeUndefined();
    expect(rows[1].reason).toBe('y');
  });

  it('shows a broken cross-field check under its field as the values are typed, and keeps the form from being submitted', async () => {
    const dated: PageSchema = {
      code: 'race', title: '赛事', table: 'race', api: '/race',
      fields: [{ name: 'startDate', label: '开始日期', type: 'int', view: 'number' }, { name: 'endDate', label: '结束日期', type: 'int', view: 'number' }],
      crossChecks: [{ field: 'endDate', op: 'ge', than: 'startDate', message: '「结束日期」不能早于「开始日期」' }],
    };
    const form = createForm({ initialValues: { startDate: 5, endDate: 3 }, effects: linkageEffects(dated, 'edit') });
    render(<App><FormProvider form={form}><SchemaField schema={compileForm(dated, 'edit') as ISchema} /></FormProvider></App>);
    expect(await screen.findByText('「结束日期」不能早于「开始日期」')).toBeInTheDocument();
    expect(await submitErrors(form)).toBe('「结束日期」不能早于「开始日期」');
    act(() => field(form, 'startDate').setValue(2));
    await waitFor(() => expect(screen.queryByText('「结束日期」不能早于「开始日期」')).toBeNull());
    expect(await submitErrors(form)).toBe('');
    expect(linkageEffects(dated, 'detail')).toBeUndefined();
  });

  it('marks every summed field while the sum is wrong, with the running sum under the last', async () => {
    const weighted: PageSchema = {
      code: 'plan', title: '考核计划', table: 'plan', api: '/plan',
      fields: ['self', 'head', 'peer'].map((name, i) => ({ name, label: ['自评权重', '上级评权重', '同事互评权重'][i], type: 'decimal' as const, view: 'number' as const })),
      sumChecks: [{ fields: ['self', 'head', 'peer'], equals: 100, label: '各类评价人权重', unit: '%' }],
    };
    const form = createForm({ initialValues: { self: 20, head: 50, peer: 0 }, effects: linkageEffects(weighted, 'add') });
    render(<App><FormProvider form={form}><SchemaField schema={compileForm(weighted, 'add') as ISchema} /></FormProvider></App>);
    expect(await screen.findByText('各类评价人权重合计须为100%，当前为70%')).toBeInTheDocument();
    expect(field(form, 'peer').selfErrors).toEqual(['各类评价人权重合计须为100%，当前为70%']);
    for (const name of ['self', 'head']) expect(field(form, name).decoratorProps.feedbackStatus).toBe('error');
    act(() => field(form, 'peer').setValue(10));
    expect(await screen.findByText('各类评价人权重合计须为100%，当前为80%')).toBeInTheDocument();
    act(() => field(form, 'peer').setValue(30));
    await waitFor(() => expect(screen.queryByText(/各类评价人权重合计/)).toBeNull());
    expect(field(form, 'self').decoratorProps.feedbackStatus).toBeUndefined();
    expect(await submitErrors(form)).toBe('');
  });

  it('no rules, no effects', () => {
    expect(linkageEffects({ ...schema, linkage: [] }, 'add')).toBeUndefined();
  });
});
