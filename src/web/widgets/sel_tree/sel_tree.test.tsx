// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import { DictTreeSelect } from './DictTreeSelect';
import './index';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

/** A small tree, served one level at a time as /sys/dict/loadTreeData answers (leaf flag named `leaf`). */
const TREE = [
  { key: 'r1', title: '项目类别', parentId: '0' }, { key: 'r2', title: '行业领域', parentId: '0' },
  { key: 'c1', title: '电子信息', parentId: 'r2' }, { key: 'c2', title: '新材料', parentId: 'r2' },
  { key: 'g1', title: '人工智能', parentId: 'c1' },
];
// as the server: no parent key lists the roots (parent null, '' or '0')
const level = (pid: string) => TREE.filter((n) => n.parentId === (pid || '0')).map((n) => ({ ...n, value: n.key, leaf: !TREE.some((c) => c.parentId === n.key) }));

function serve() {
  get.mockImplementation(async (url: string, params?: object) => {
    const p = params as Record<string, string>;
    if (url === '/sys/dict/loadTreeData') return { success: true, result: level(p.pid) } as never;
    if (url.startsWith('/sys/dict/loadDictItem/')) return { success: true, result: p.key.split(',').map((k) => TREE.find((n) => n.key === k)?.title ?? k) } as never;
    throw new Error(`unexpected ${url}`);
  });
}
const calls = (url: string) => get.mock.calls.filter(([u]) => String(u).startsWith(url)).map(([, p]) => p);

function renderField(props: Record<string, unknown>, value?: unknown, pattern?: 'readPretty' | 'readOnly') {
  const form = createForm({ initialValues: { pid: value } });
  render(
    <FormProvider form={form}>
      <Field name="pid" pattern={pattern} component={[DictTreeSelect as ComponentType, props]} />
    </FormProvider>,
  );
  return form;
}

// sys_category's own parent field is configured so (schemas/system/sys_category.json).
const CATEGORY = { dict: 'sys_category,name,id', pidField: 'pid', pidValue: '0', hasChildField: 'has_child' };
// the tree select is a lazy chunk: wait for it, not for the fallback
const editor = () => waitFor(() => {
  const el = document.querySelector('.ant-tree-select .ant-select-selector');
  if (!el) throw new Error('the tree select is not loaded yet');
  return el;
}, { timeout: 5000 });
const open = async () => fireEvent.mouseDown(await editor());
const editorDisabled = async () => (await editor()).closest('.ant-select')!.classList.contains('ant-select-disabled');
const node = (title: string) => screen.findByTitle(title);
const expand = async (title: string) => {
  const row = (await node(title)).closest('.ant-select-tree-treenode')!;
  fireEvent.click(row.querySelector('.ant-select-tree-switcher')!);
};

beforeEach(serve);
afterEach(() => { cleanup(); get.mockReset(); vi.restoreAllMocks(); });

describe('sel_tree', () => {
  it('registers the tree select; its list cell shows the server text', () => {
    expect(widgetOf('sel_tree').component).toBe(DictTreeSelect);
    expect(widgetOf('sel_tree').cell?.('电子信息', {}, undefined as never)).toBe('电子信息');
  });

  it('loads the roots under pidValue, then the children of a node only when it is expanded', async () => {
    const form = renderField({ ...CATEGORY, condition: '{"status":"1"}' });
    await waitFor(() => expect(calls('/sys/dict/loadTreeData')).toHaveLength(1));
    expect(calls('/sys/dict/loadTreeData')[0]).toEqual({ tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', hasChildField: 'has_child', condition: '{"status":"1"}', pid: '0' });
    await open();
    await node('行业领域');
    expect(screen.queryByTitle('电子信息')).toBeNull();
    await expand('行业领域');
    await node('电子信息');
    expect(calls('/sys/dict/loadTreeData').map((p) => (p as { pid: string }).pid)).toEqual(['0', 'r2']);
    expect(calls('/sys/dict/loadTreeData')[1]).toMatchObject({ condition: '{"status":"1"}', pid: 'r2' });
    // a leaf has no expander; a node with children has one
    expect((await node('新材料')).closest('.ant-select-tree-treenode')!.querySelector('.ant-select-tree-switcher-noop')).not.toBeNull();
    fireEvent.click(await node('新材料'));
    expect(form.values.pid).toBe('c2');
    expect(calls('/sys/dict/loadDictItem/')).toEqual([]);
  });

  it('keeps its dropdown at most 400 px high', async () => {
    renderField(CATEGORY);
    await open();
    await node('项目类别');
    const popup = document.querySelector('.ant-select-dropdown') as HTMLElement;
    expect(popup.style.maxHeight).toBe('400px');
    expect((document.querySelector('.ant-select-tree-list-holder') as HTMLElement).style.maxHeight).toBe('400px');
  });

  it('shows a stored key by its text (loadDictItem echo), also read-pretty', async () => {
    renderField(CATEGORY, 'g1');
    await editor();
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('人工智能'));
    expect(calls('/sys/dict/loadDictItem/')).toEqual([{ key: 'g1', delNotExist: 'false' }]);
    expect(get.mock.calls.find(([u]) => String(u).startsWith('/sys/dict/loadDictItem/'))![0]).toBe('/sys/dict/loadDictItem/sys_category%2Cname%2Cid');
    cleanup();
    get.mockClear();
    renderField({ ...CATEGORY, multiple: true }, 'g1,c2', 'readPretty');
    expect(await screen.findByText('人工智能,新材料')).toBeTruthy();
    // read-pretty asks only the texts, never the tree
    expect(calls('/sys/dict/loadTreeData')).toEqual([]);
  });

  it('multiple: stores the chosen keys comma-joined', async () => {
    const form = renderField({ dict: { table: 'sys_category', text: 'name', value: 'id' }, multiple: true }, 'r1');
    await open();
    await expand('行业领域');
    fireEvent.click(await node('电子信息'));
    expect(form.values.pid).toBe('r1,c1');
    expect(calls('/sys/dict/loadTreeData')[0]).toEqual({ tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', pid: '' });
  });

  it('accepts a condition given as an object; refuses one that is not JSON with the SPEC message, asking nothing', async () => {
    renderField({ ...CATEGORY, condition: { status: '1' } });
    await waitFor(() => expect(calls('/sys/dict/loadTreeData')[0]).toMatchObject({ condition: '{"status":"1"}' }));
    cleanup();
    get.mockClear();
    const error = vi.spyOn(message, 'error');
    for (const condition of ["status='1'", '[1]', '"x"']) {
      renderField({ ...CATEGORY, condition }, 'g1');
      expect(error).toHaveBeenLastCalledWith('JTreeSelect condition传值有误，需要一个json字符串!');
      expect(await editorDisabled()).toBe(true);
      cleanup();
    }
    expect(error).toHaveBeenCalledTimes(3);
    expect(get).not.toHaveBeenCalled();
  });

  it('without a table dictionary, or read-only, is disabled', async () => {
    renderField({ pidField: 'pid' }, 'x');
    expect(await editorDisabled()).toBe(true);
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('x');
    expect(get).not.toHaveBeenCalled();
    cleanup();
    renderField(CATEGORY, undefined, 'readOnly');
    expect(await editorDisabled()).toBe(true);
    cleanup();
    renderField(CATEGORY);
    expect(await editorDisabled()).toBe(false);
  });
});
