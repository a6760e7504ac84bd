// @vitest-environment happy-dom
import { createForm, type Form } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import china from 'china-area-data/v5/data.json';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaData } from '../../../schema/area';
import { widgetOf } from '../registry';
import { cascaderOptions, storedCode, valuePath } from './area-options';
import './index';

const data = china as unknown as AreaData;
const def = widgetOf('pca');

afterEach(cleanup);

function renderField(props: Record<string, unknown>, value?: unknown, pattern: 'editable' | 'readPretty' | 'readOnly' = 'editable'): Form {
  const form = createForm();
  render(
    <FormProvider form={form}>
      <Field name="area" initialValue={value} pattern={pattern} component={[def.component, props]} />
    </FormProvider>,
  );
  return form;
}

/** Opens an antd select or cascader by the selector inside `root`. */
const open = (root: Element) => fireEvent.mouseDown(root.querySelector('.ant-select-selector')!);

describe('pca value mapping', () => {
  it('builds the cascader tree: provinces under 86, leaves without children', () => {
    const options = cascaderOptions(data);
    expect(options).toHaveLength(34);
    expect(options[0]).toMatchObject({ value: '110000', label: '北京市' });
    expect(options[0].children![0]).toMatchObject({ value: '110100', label: '市辖区' });
    expect(options[0].children![0].children![0]).toEqual({ value: '110101', label: '东城区' });
    expect(cascaderOptions(data)).toBe(options);
  });

  it('echoes a stored code as its path, an unknown one alone, nothing for empty; stores the last code', () => {
    expect(valuePath('110101', data)).toEqual(['110000', '110100', '110101']);
    expect(valuePath('440300', data)).toEqual(['440000', '440300']);
    expect(valuePath('999999', data)).toEqual(['999999']);
    expect(valuePath('', data)).toEqual([]);
    expect(valuePath(null, data)).toEqual([]);
    expect(storedCode(['110000', '110100', '110101'])).toBe('110101');
    expect(storedCode(['110000'])).toBe('110000');
    expect(storedCode([])).toBeNull();
    expect(storedCode(undefined)).toBeNull();
  });
});

describe('pca widget', () => {
  it('shows the names joined by / when read-pretty; an unknown code as stored', async () => {
    renderField({}, '110101', 'readPretty');
    expect(await screen.findByText('北京市/市辖区/东城区')).toBeTruthy();
    cleanup();
    renderField({}, '999999', 'readPretty');
    expect(await screen.findByText('999999')).toBeTruthy();
  });

  it('says Bad type value for a type other than cascader or select', async () => {
    renderField({ type: 'tree' }, '110101');
    expect(await screen.findByText('Bad type value')).toBeTruthy();
    cleanup();
    renderField({ showType: 'radio' }, '110101');
    expect(await screen.findByText('Bad type value')).toBeTruthy();
    expect(document.querySelector('.ant-select')).toBeNull();
  });

  it('is a full-width cascader by default, echoing a stored code as its path', async () => {
    renderField({}, '110101');
    expect(await screen.findByTitle('北京市/市辖区/东城区')).toBeTruthy();
    const cascader = document.querySelector('.ant-cascader') as HTMLElement;
    expect(cascader.style.width).toBe('100%');
  });

  it('stores the last chosen code, a province or city alone included', async () => {
    const form = renderField({});
    await waitFor(() => expect(document.querySelector('.ant-cascader:not(.ant-select-disabled)')).toBeTruthy());
    open(document.querySelector('.ant-cascader')!);
    fireEvent.click(await screen.findByTitle('广东省'));
    await waitFor(() => expect(form.values.area).toBe('440000'));
    fireEvent.click(await screen.findByTitle('深圳市'));
    await waitFor(() => expect(form.values.area).toBe('440300'));
    fireEvent.click(await screen.findByTitle('南山区'));
    await waitFor(() => expect(form.values.area).toBe('440305'));
  });

  it('is disabled when read-only', async () => {
    renderField({}, '110101', 'readOnly');
    await screen.findByTitle('北京市/市辖区/东城区');
    expect(document.querySelector('.ant-cascader')!.classList.contains('ant-select-disabled')).toBe(true);
  });
});

describe('pca widget, select mode', () => {
  const selects = () => [...document.querySelectorAll('.ant-select')];

  it('echoes a stored code in three linked selects', async () => {
    renderField({ type: 'select' }, '110101');
    await waitFor(() => expect(selects()).toHaveLength(3));
    await screen.findByTitle('东城区');
    expect(selects().map((s) => s.querySelector('.ant-select-selection-item')?.textContent)).toEqual(['北京市', '市辖区', '东城区']);
  });

  it('choosing a level stores it and clears the levels after it; the next level then offers its children', async () => {
    const form = renderField({ showType: 'select' }, '110101');
    await screen.findByTitle('东城区');
    open(selects()[0]);
    const tianjin = await waitFor(() => {
      const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '天津市');
      expect(option).toBeTruthy();
      return option!;
    });
    fireEvent.click(tianjin);
    await waitFor(() => expect(form.values.area).toBe('120000'));
    expect(selects().map((s) => s.querySelector('.ant-select-selection-item')?.textContent ?? null)).toEqual(['天津市', null, null]);
    expect(selects()[2].classList.contains('ant-select-disabled')).toBe(true);
    open(selects()[1]);
    const city = await waitFor(() => {
      const option = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '市辖区' && o.getAttribute('title') === '市辖区');
      expect(option).toBeTruthy();
      return option!;
    });
    fireEvent.click(city);
    await waitFor(() => expect(form.values.area).toBe('120100'));
  });

  it('clearing a level stores its parent', async () => {
    const form = renderField({ type: 'select' }, '110101');
    await screen.findByTitle('东城区');
    const clear = selects()[1].querySelector('.ant-select-clear')!;
    act(() => { fireEvent.mouseDown(clear); });
    await waitFor(() => expect(form.values.area).toBe('110000'));
  });
});

describe('pca list cell', () => {
  it("shows the server's names, else the value as stored", () => {
    const column = { field: 'area' } as never;
    render(<div>
      <span data-testid="a">{def.cell!('110101', { area: '110101', area_dictText: '北京市/市辖区/东城区' }, column)}</span>
      <span data-testid="b">{def.cell!('999999', { area: '999999' }, column)}</span>
    </div>);
    expect(screen.getByTestId('a').textContent).toBe('北京市/市辖区/东城区');
    expect(screen.getByTestId('b').textContent).toBe('999999');
  });
});
