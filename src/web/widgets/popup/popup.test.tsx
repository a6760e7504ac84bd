// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm, type Form } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { PopupInput } from '.';
import { popupConfigError, popupParams, popupRowKey, popupValues, selectionError } from './popup-config';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const envelope = <T,>(result: T) => ({ success: true, message: '', code: 200, result, timestamp: Date.now() });

const SUPPLIERS = Array.from({ length: 12 }, (_, i) => ({ name: `供应商${i + 1}`, code: `S${String(i + 1).padStart(2, '0')}`, level: i % 2 ? 'A' : 'B' }));

beforeEach(() => {
  get.mockImplementation((async (url: string, params: Record<string, unknown> = {}) => {
    if (url === '/online/cgreport/api/getRpColumns/suppliers') {
      return envelope({
        cgRpConfigId: 'r1', cgRpConfigName: '供应商',
        columns: [{ title: '名称', dataIndex: 'name' }, { title: '编码', dataIndex: 'code' }, { title: '等级', dataIndex: 'level' }],
        dictOptions: { level: [{ value: 'A', text: '甲级' }, { value: 'B', text: '乙级' }] },
      });
    }
    if (url === '/online/cgreport/api/getQueryInfo/r1') return envelope([{ field: 'name', label: '名称', view: 'string', mode: 'single' }]);
    if (url === '/online/cgreport/api/getData/r1') {
      const hits = SUPPLIERS.filter((s) => !params.name || s.name.includes(String(params.name)));
      const size = Number(params.pageSize), no = Number(params.pageNo);
      return envelope({ total: hits.length, records: hits.slice((no - 1) * size, no * size) });
    }
    throw new Error(`unexpected ${url}`);
  }) as never);
});
afterEach(() => { cleanup(); get.mockReset(); document.body.innerHTML = ''; });

function setup(extend: Record<string, unknown>) {
  const form: Form = createForm();
  render(
    <App>
      <FormProvider form={form}>
        <Field name="supplier" component={[PopupInput, extend]} />
        <Field name="supplierCode" component={[({ value }: { value?: string }) => <span data-testid="code">{value ?? ''}</span>]} />
      </FormProvider>
    </App>,
  );
  return form;
}
const settings = { popupCode: 'suppliers', orgFields: 'name,code', destFields: 'supplier,supplierCode' };
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const openPopup = async () => {
  fireEvent.click(screen.getByRole('textbox'));
  await waitFor(() => expect(within(modal()).getByText('供应商1')).toBeInTheDocument());
};
const ok = () => fireEvent.click(within(modal()).getByRole('button', { name: /确\s*定/ }));

describe('popup settings (SPEC §5)', () => {
  it('needs popupCode, orgFields and destFields, in equal numbers', () => {
    expect(popupConfigError({ orgFields: 'a', destFields: 'a' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ popupCode: 'x', destFields: 'a' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ popupCode: 'x', orgFields: 'a,b', destFields: 'a' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(popupConfigError({ popupCode: 'x', orgFields: 'a, b', destFields: 'c,d' })).toBeUndefined();
  });

  it('keys a row by its values run together, cut to 50 characters', () => {
    expect(popupRowKey({ a: 'x', b: 1, c: null })).toBe('x1');
    expect(popupRowKey({ a: 'y'.repeat(40), b: 'z'.repeat(40) })).toHaveLength(50);
  });

  it('asks for one record when nothing, or several in single mode, is chosen', () => {
    expect(selectionError(0, true)).toBe('请选择一条记录');
    expect(selectionError(2, false)).toBe('请选择一条记录');
    expect(selectionError(2, true)).toBeUndefined();
  });

  it('maps origin columns onto destinations, comma-joined over rows; params go as self_', () => {
    expect(popupValues([{ name: 'A', code: '1' }, { name: 'B', code: '2' }], settings)).toEqual({ supplier: 'A,B', supplierCode: '1,2' });
    expect(popupParams({ param: { level: 'A' } })).toEqual({ self_level: 'A' });
    expect(popupParams({ param: [{ key: 'year', value: 2025 }] })).toEqual({ self_year: '2025' });
  });
});

describe('PopupInput', () => {
  it('says a missing setting in the SPEC words and stays disabled', async () => {
    setup({ popupCode: 'suppliers', orgFields: 'name' });
    await waitFor(() => expect(screen.getByText('popup参数未正确配置!')).toBeInTheDocument());
    expect(screen.getByRole('textbox')).toBeDisabled();
  });

  it('says unequal field counts in the SPEC words', async () => {
    setup({ popupCode: 'suppliers', orgFields: 'name,code', destFields: 'supplier' });
    await waitFor(() => expect(screen.getByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeInTheDocument());
    expect(screen.getByRole('textbox')).toBeDisabled();
  });

  it('opens the report 1200 wide with its columns, dictionary text and paging', async () => {
    setup(settings);
    await openPopup();
    expect(modal().style.width).toBe('1200px');
    for (const title of ['名称', '编码', '等级']) expect(within(modal()).getAllByText(title).length).toBeGreaterThan(0);
    expect(within(modal()).getAllByText('乙级').length).toBeGreaterThan(0);
    expect(within(modal()).getByText('1-10 共12条')).toBeInTheDocument();
  });

  it('refuses OK with nothing chosen, then writes the chosen row into both fields and closes', async () => {
    const form = setup(settings);
    await openPopup();
    ok();
    await waitFor(() => expect(screen.getByText('请选择一条记录')).toBeInTheDocument());
    fireEvent.click(within(modal()).getAllByRole('radio')[2]);
    ok();
    await waitFor(() => expect(form.values).toEqual({ supplier: '供应商3', supplierCode: 'S03' }));
    expect(screen.getByTestId('code')).toHaveTextContent('S03');
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('in multi mode joins several rows with commas, and searches the report', async () => {
    const form = setup({ ...settings, popupMulti: true });
    await openPopup();
    fireEvent.change(within(modal()).getByLabelText('名称'), { target: { value: '供应商1' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(within(modal()).getByText('1-4 共4条')).toBeInTheDocument());
    expect(get.mock.calls.some(([u, p]) => u === '/online/cgreport/api/getData/r1' && (p as Record<string, unknown>).name === '供应商1')).toBe(true);
    const boxes = within(modal()).getAllByRole('checkbox').slice(1); // the first selects the page
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    ok();
    await waitFor(() => expect(form.values).toEqual({ supplier: '供应商1,供应商10', supplierCode: 'S01,S10' }));
  });

  it('cancel closes and keeps the value', async () => {
    const form = setup(settings);
    form.setValuesIn('supplier', '旧值');
    await openPopup();
    fireEvent.click(within(modal()).getAllByRole('radio')[0]);
    fireEvent.click(within(modal()).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
    expect(form.values.supplier).toBe('旧值');
  });
});
