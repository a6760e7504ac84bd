// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { widgetOf } from '../registry';
import { MISSING_DICT_MESSAGE } from '.';

const SEX = [{ value: '1', text: '男' }, { value: '2', text: '女' }];
vi.mock('./dict-cache', () => ({
  dictKey: (d?: { code?: string }) => d?.code,
  dictItems: async () => SEX,
}));

afterEach(() => { cleanup(); document.body.innerHTML = ''; });

function setup(view: 'list' | 'radio' | 'checkbox' | 'list_multi', props: Record<string, unknown>, value?: unknown) {
  const form = createForm({ initialValues: { f: value } });
  render(<App><FormProvider form={form}><Field name="f" component={[widgetOf(view).component, props]} /></FormProvider></App>);
  return form;
}

describe('dictionary views', () => {
  it('radio stores the chosen value, as a number for a numeric column', async () => {
    const form = setup('radio', { dict: { code: 'sex' }, numeric: true });
    fireEvent.click(await screen.findByText('女'));
    expect(form.values.f).toBe(2);
  });

  it('checkbox stores a comma list and shows the current one checked', async () => {
    const form = setup('checkbox', { dict: { code: 'sex' } }, '1');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '男' })).toBeChecked());
    fireEvent.click(screen.getByRole('checkbox', { name: '女' }));
    expect(form.values.f).toBe('1,2');
  });

  it.each(['list', 'list_multi'] as const)('%s without a dictionary says so and is disabled', async (view) => {
    setup(view, {});
    await waitFor(() => expect(screen.getAllByText(MISSING_DICT_MESSAGE).length).toBeGreaterThan(0));
    expect(document.querySelector('.ant-select-disabled')).not.toBeNull();
  });

  it.each(['radio', 'checkbox'] as const)('%s without a dictionary says so instead of options', async (view) => {
    setup(view, {});
    await waitFor(() => expect(screen.getAllByText('字典Code不能为空!').length).toBeGreaterThan(1));
    expect(screen.queryByRole(view === 'radio' ? 'radio' : 'checkbox')).toBeNull();
  });

  it.each(['radio', 'checkbox'] as const)('%s offers only the values a linkage rule allows (onlyValues)', async (view) => {
    setup(view, { dict: { code: 'sex' }, onlyValues: ['2'] });
    expect(await screen.findByText('女')).toBeInTheDocument();
    expect(screen.queryByText('男')).toBeNull();
  });

  it.each(['list', 'list_multi'] as const)('%s says 请选择 and its field\'s label while empty, unless the schema words it', async (view) => {
    setup(view, { dict: { code: 'sex' }, 'aria-label': '性别' });
    expect(await screen.findByText('请选择性别')).toHaveClass('ant-select-selection-placeholder');
    cleanup();
    setup(view, { dict: { code: 'sex' }, 'aria-label': '性别', placeholder: '不限' });
    expect(await screen.findByText('不限')).toHaveClass('ant-select-selection-placeholder');
    cleanup();
    setup(view, { dict: { code: 'sex' } });
    expect(await screen.findByText('请选择')).toHaveClass('ant-select-selection-placeholder');
  });

  it('list cells show tags for several values', () => {
    const cell = widgetOf('list_multi').cell!('男,女', {}, {} as never);
    render(<>{cell}</>);
    expect(screen.getByText('男')).toHaveClass('ant-tag');
    expect(screen.getByText('女')).toHaveClass('ant-tag');
  });
});
