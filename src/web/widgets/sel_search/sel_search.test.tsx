// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { message } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import { SearchSelect } from './SearchSelect';
import './index';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

const POSITIONS = [{ value: 'CEO', text: '总经理' }, { value: 'DEV', text: '开发工程师' }, { value: 'QA', text: '测试工程师' }];

/** A fake server: loadDict filters POSITIONS by keyword, loadDictItem translates keys. */
function serve() {
  get.mockImplementation(async (url: string, params?: object) => {
    const p = params as Record<string, string>;
    if (url.startsWith('/sys/dict/loadDict/')) {
      const kw = p.keyword ?? '';
      return { success: true, result: POSITIONS.filter((i) => i.text.includes(kw) || i.value.includes(kw)).slice(0, Number(p.pageSize)) } as never;
    }
    if (url.startsWith('/sys/dict/loadDictItem/')) {
      return { success: true, result: p.key.split(',').map((k) => POSITIONS.find((i) => i.value === k)?.text ?? k) } as never;
    }
    throw new Error(`unexpected ${url}`);
  });
}

const calls = (endpoint: string) => get.mock.calls.filter(([url]) => String(url).startsWith(`/sys/dict/${endpoint}/`));

function renderField(props: Record<string, unknown>, value?: unknown, pattern?: 'readPretty' | 'readOnly') {
  const form = createForm({ initialValues: { post: value } });
  render(
    <FormProvider form={form}>
      <Field name="post" pattern={pattern} component={[SearchSelect as ComponentType, props]} />
    </FormProvider>,
  );
  return form;
}

const DICT = { table: 'sys_position', text: 'name', value: 'code' };
const input = () => screen.getByRole('combobox');

beforeEach(serve);
afterEach(() => { cleanup(); vi.useRealTimers(); get.mockReset(); vi.restoreAllMocks(); });

describe('sel_search', () => {
  it('registers the search select, its list cell showing the server text', () => {
    expect(widgetOf('sel_search').component).toBe(SearchSelect);
    expect(widgetOf('sel_search').cell?.('总经理', {}, undefined as never)).toBe('总经理');
  });

  it('searches the table dictionary only 800 ms after the last key, one page of pageSize', async () => {
    vi.useFakeTimers();
    renderField({ dict: DICT, pageSize: 2 });
    fireEvent.change(input(), { target: { value: '工' } });
    fireEvent.change(input(), { target: { value: '工程' } });
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(calls('loadDict').filter(([, p]) => (p as { keyword: string }).keyword !== '')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const searches = calls('loadDict').filter(([, p]) => (p as { keyword: string }).keyword !== '');
    expect(searches).toEqual([['/sys/dict/loadDict/sys_position%2Cname%2Ccode', { keyword: '工程', pageSize: 2 }]]);
    vi.useRealTimers();
    expect(await screen.findByText('开发工程师')).toBeTruthy();
    expect(screen.getByText('测试工程师')).toBeTruthy();
    expect(screen.queryByText('总经理')).toBeNull();
  });

  it('opening lists the first page at once; choosing stores the value', async () => {
    const form = renderField({ dict: DICT });
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    expect(calls('loadDict')).toEqual([['/sys/dict/loadDict/sys_position%2Cname%2Ccode', { keyword: '', pageSize: 10 }]]);
    fireEvent.click(await screen.findByTitle('测试工程师'));
    expect(form.values.post).toBe('QA');
    // the chosen value's text is known: no echo request
    expect(calls('loadDictItem')).toEqual([]);
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('测试工程师');
  });

  it('shows a stored value by its text (loadDictItem echo), also read-pretty', async () => {
    renderField({ dict: DICT }, 'DEV');
    expect(await screen.findByText('开发工程师')).toBeTruthy();
    expect(calls('loadDictItem')).toEqual([['/sys/dict/loadDictItem/sys_position%2Cname%2Ccode', { key: 'DEV', delNotExist: 'false' }]]);
    cleanup();
    renderField({ dict: DICT }, 'CEO', 'readPretty');
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(document.querySelector('.ant-select')).toBeNull();
  });

  it('reads the legacy dictTable/dictText/dictCode settings and returns numbers for a numeric column', async () => {
    get.mockImplementation(async (url: string) => ({ success: true, result: url.includes('loadDict/') ? [{ value: '3', text: '三级' }] : ['三级'] }) as never);
    const form = renderField({ dictTable: 'sys_position', dictText: 'name', dictCode: 'post_rank', numeric: true });
    fireEvent.mouseDown(document.querySelector('.ant-select-selector')!);
    expect(calls('loadDict')[0][0]).toBe('/sys/dict/loadDict/sys_position%2Cname%2Cpost_rank');
    fireEvent.click(await screen.findByTitle('三级'));
    expect(form.values.post).toBe(3);
  });

  it('without a table dictionary warns with the SPEC message and stays disabled, asking nothing', async () => {
    const warning = vi.spyOn(message, 'warning');
    renderField({ dict: { code: 'sex' } });
    expect(warning).toHaveBeenCalledWith('表字典搜索组件参数接收有误,请检查字典配置!');
    expect(document.querySelector('.ant-select-disabled')).not.toBeNull();
    cleanup();
    renderField({ dictTable: 'sys_position', dictText: 'name' });
    expect(warning).toHaveBeenCalledTimes(2);
    expect(get).not.toHaveBeenCalled();
  });

  it('offers only the rows its condition allows, takes the only one for an empty field, and reads any stored value', async () => {
    const OPEN = { declareEnd: { '>=': '$now' } };
    const offered = `/sys/dict/loadDict/${encodeURIComponent(`sys_position,name,code,${JSON.stringify(OPEN)}`)}`;
    get.mockImplementation(async (url: string, params?: object) => {
      if (url === offered) return { success: true, result: [POSITIONS[1]] } as never; // one row open now
      if (url.startsWith('/sys/dict/loadDictItem/')) return { success: true, result: (params as { key: string }).key.split(',').map((k) => POSITIONS.find((i) => i.value === k)?.text ?? k) } as never;
      throw new Error(`unexpected ${url}`);
    });
    const form = renderField({ dict: DICT, offer: OPEN });
    await vi.waitFor(() => expect(form.values.post).toBe('DEV'));
    expect(await screen.findByText('开发工程师')).toBeTruthy();
    cleanup();
    // A stored value is kept, and read by its text through the dictionary without the condition.
    const kept = renderField({ dict: DICT, offer: OPEN }, 'CEO');
    expect(await screen.findByText('总经理')).toBeTruthy();
    expect(kept.values.post).toBe('CEO');
    expect(calls('loadDictItem').at(-1)![0]).toBe('/sys/dict/loadDictItem/sys_position%2Cname%2Ccode');
    cleanup();
    // Two rows offered: the person chooses.
    get.mockImplementation(async (url: string) => (url === offered ? { success: true, result: POSITIONS.slice(0, 2) } : { success: true, result: [] }) as never);
    const open = renderField({ dict: DICT, offer: OPEN });
    await vi.waitFor(() => expect(calls('loadDict').length).toBeGreaterThan(0));
    expect(open.values.post).toBeUndefined();
  });

  it('is disabled when the field is read-only', () => {
    renderField({ dict: DICT }, undefined, 'readOnly');
    expect(document.querySelector('.ant-select-disabled')).not.toBeNull();
  });
});
