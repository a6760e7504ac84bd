// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import { CategorySelect } from './CategorySelect';
import './index';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
vi.mock('../dict/dict-cache', () => ({
  dictKey: (d?: { code?: string }) => d?.code,
  dictItems: async () => [{ value: 'it', text: '信息技术' }, { value: 'bio', text: '生物医药' }, { value: 'agri', text: '现代农业' }],
}));
const get = vi.mocked(http.get);

/** Categories as /sys/category/loadTreeData serves them: roots by pcode ('0' or a code), children by pid. */
const CATEGORIES = [
  { id: 'a01', code: 'A01', name: '项目类别', pid: '0' }, { id: 'a02', code: 'A02', name: '行业领域', pid: '0' },
  { id: 'a0201', code: 'A02A01', name: '电子信息', pid: 'a02' }, { id: 'a0202', code: 'A02A02', name: '新材料', pid: 'a02' },
  { id: 'a020101', code: 'A02A01A01', name: '人工智能', pid: 'a0201' },
];
const node = (c: typeof CATEGORIES[number]) => {
  const leaf = !CATEGORIES.some((x) => x.pid === c.id);
  return { key: c.id, title: c.name, value: c.id, code: c.code, leaf, isLeaf: leaf, parentId: c.pid };
};

function serve() {
  get.mockImplementation(async (url: string, params?: object) => {
    const p = params as Record<string, string>;
    if (url === '/sys/category/loadTreeData') {
      const parent = p.pid ?? (p.pcode === '0' ? '0' : CATEGORIES.find((c) => c.code === p.pcode)?.id);
      return { success: true, result: CATEGORIES.filter((c) => c.pid === parent).map(node) } as never;
    }
    if (url === '/sys/category/loadDictItem') return { success: true, result: p.ids.split(',').map((id) => CATEGORIES.find((c) => c.id === id)?.name ?? id) } as never;
    throw new Error(`unexpected ${url}`);
  });
}
const calls = (url: string) => get.mock.calls.filter(([u]) => u === url).map(([, p]) => p);

function renderField(props: Record<string, unknown>, value?: unknown, pattern?: 'readPretty' | 'readOnly') {
  const form = createForm({ initialValues: { category: value } });
  render(
    <FormProvider form={form}>
      <Field name="category" pattern={pattern} component={[CategorySelect as ComponentType, props]} />
    </FormProvider>,
  );
  return form;
}

const editor = () => waitFor(() => {
  const el = document.querySelector('.ant-tree-select .ant-select-selector');
  if (!el) throw new Error('the tree select is not loaded yet');
  return el;
}, { timeout: 5000 });
const open = async () => fireEvent.mouseDown(await editor());
const expand = async (title: string) => {
  const row = (await screen.findByTitle(title)).closest('.ant-select-tree-treenode')!;
  fireEvent.click(row.querySelector('.ant-select-tree-switcher')!);
};

beforeEach(serve);
afterEach(() => { cleanup(); get.mockReset(); vi.restoreAllMocks(); });

describe('cat_tree', () => {
  it('registers the category select; its list cell shows the server text', () => {
    expect(widgetOf('cat_tree').component).toBe(CategorySelect);
    expect(widgetOf('cat_tree').cell?.('新材料', {}, undefined as never)).toBe('新材料');
  });

  it('loads the top categories (pcode 0), then children by pid on expand, and stores the category id', async () => {
    const form = renderField({});
    await open();
    await screen.findByTitle('行业领域');
    expect(calls('/sys/category/loadTreeData')).toEqual([{ pcode: '0' }]);
    expect(screen.queryByTitle('电子信息')).toBeNull();
    await expand('行业领域');
    await expand('电子信息');
    fireEvent.click(await screen.findByTitle('人工智能'));
    expect(calls('/sys/category/loadTreeData')).toEqual([{ pcode: '0' }, { pid: 'a02' }, { pid: 'a0201' }]);
    expect(form.values.category).toBe('a020101');
  });

  it('starts under the configured pcode and sends the condition with every level', async () => {
    renderField({ pcode: 'A02', condition: '{"name":"电子信息"}' });
    await open();
    await expand('电子信息');
    await screen.findByTitle('人工智能');
    expect(calls('/sys/category/loadTreeData')).toEqual([
      { pcode: 'A02', condition: '{"name":"电子信息"}' }, { pid: 'a0201', condition: '{"name":"电子信息"}' },
    ]);
  });

  it('multiple: stores ids comma-joined, shown by their names (loadDictItem?ids= echo)', async () => {
    const form = renderField({ multiple: true }, 'a0202,a01');
    await editor();
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-selection-item-content')].map((e) => e.textContent)).toEqual(['新材料', '项目类别']));
    expect(calls('/sys/category/loadDictItem')).toEqual([{ ids: 'a0202,a01', delNotExist: 'false' }]);
    await open();
    fireEvent.click(await screen.findByTitle('行业领域'));
    expect(form.values.category).toBe('a0202,a01,a02');
  });

  it('read-pretty shows the names without loading the tree', async () => {
    renderField({ multiple: true }, 'a01,a0202', 'readPretty');
    expect(await screen.findByText('项目类别,新材料')).toBeTruthy();
    expect(calls('/sys/category/loadTreeData')).toEqual([]);
  });

  it('refuses a condition that is not a JSON string with the SPEC message, asking nothing', async () => {
    const error = vi.spyOn(message, 'error');
    renderField({ condition: 'name=1' }, 'a01');
    expect(error).toHaveBeenCalledWith('JCategorySelect condition传值有误，需要一个json字符串!');
    expect((await editor()).closest('.ant-select')!.classList.contains('ant-select-disabled')).toBe(true);
    expect(get).not.toHaveBeenCalled();
  });

  describe('branchBy: the tree follows another field', () => {
    /** 行业领域 with a branch per 赛道 (only two of them), and 项目类别 beside it. */
    const TREE = [
      { id: 'a02', code: 'A02', name: '行业领域', pid: '0' }, { id: 'a01', code: 'A01', name: '项目类别', pid: '0' },
      { id: 'it', code: 'A02A01', name: '信息技术', pid: 'a02' }, { id: 'bio', code: 'A02A02', name: '生物医药', pid: 'a02' },
      { id: 'ai', code: 'A02A01A01', name: '人工智能', pid: 'it' }, { id: 'chip', code: 'A02A01A02', name: '集成电路', pid: 'it' },
      { id: 'drug', code: 'A02A02A01', name: '创新药', pid: 'bio' },
    ];
    beforeEach(() => get.mockImplementation(async (url: string, params?: object) => {
      const p = params as Record<string, string>;
      const leaf = (c: typeof TREE[number]) => !TREE.some((x) => x.pid === c.id);
      if (url === '/sys/category/loadTreeData') {
        const parent = p.pid ?? TREE.find((c) => c.code === p.pcode)?.id;
        return { success: true, result: TREE.filter((c) => c.pid === parent).map((c) => ({ key: c.id, title: c.name, value: c.id, code: c.code, leaf: leaf(c), isLeaf: leaf(c), parentId: c.pid })) } as never;
      }
      if (url === '/sys/category/loadOne') return { success: true, result: TREE.find((c) => c.id === p.val) } as never;
      if (url === '/sys/category/loadDictItem') return { success: true, result: p.ids.split(',').map((id) => TREE.find((c) => c.id === id)?.name ?? id) } as never;
      throw new Error(`unexpected ${url}`);
    }));

    function renderPair(values: Record<string, unknown> = {}) {
      const form = createForm({ initialValues: values });
      render(
        <FormProvider form={form}>
          <Field name="track" title="赛道" component={[() => null, { dict: { code: 'race_track' } }]} />
          <Field name="category" component={[CategorySelect as ComponentType, { pcode: 'A02', branchBy: 'track' }]} />
        </FormProvider>,
      );
      return form;
    }
    const titles = () => [...document.querySelectorAll('.ant-select-tree-title')].map((e) => e.textContent);

    it('waits for 赛道, then offers only its branch; another 赛道 clears the choice and offers its own', async () => {
      const form = renderPair();
      const select = (await editor()).closest('.ant-select')!;
      expect(select.classList.contains('ant-select-disabled')).toBe(true);
      expect(select.textContent).toContain('请先选择赛道');
      expect(calls('/sys/category/loadTreeData')).toEqual([]);

      form.setValuesIn('track', 'it');
      await waitFor(() => expect(select.classList.contains('ant-select-disabled')).toBe(false));
      await open();
      await screen.findByTitle('人工智能');
      expect(titles()).toEqual(['人工智能', '集成电路']);
      fireEvent.click(screen.getByTitle('集成电路'));
      expect(form.values.category).toBe('chip');

      form.setValuesIn('track', 'bio');
      await waitFor(() => expect(form.values.category ?? null).toBeNull());
      await waitFor(() => expect(select.classList.contains('ant-select-disabled')).toBe(false));
      await open();
      await screen.findByTitle('创新药');
      expect(titles()).toEqual(['创新药']);
      expect(calls('/sys/category/loadOne')).toEqual([{ field: 'id', val: 'chip' }]);
    });

    it('keeps a choice still inside, offers the whole tree when no branch bears the name, and clears all when 赛道 is emptied', async () => {
      const form = renderPair({ track: 'it', category: 'ai' });
      await editor();
      // 现代农业 has no branch here: the whole 行业领域 tree, and 人工智能 lies in it.
      form.setValuesIn('track', 'agri');
      await waitFor(() => expect(calls('/sys/category/loadOne')).toHaveLength(1));
      await open();
      await screen.findByTitle('生物医药');
      expect(titles()).toEqual(['信息技术', '生物医药']);
      expect(form.values.category).toBe('ai');
      form.setValuesIn('track', null);
      await waitFor(() => expect(form.values.category).toBeNull());
    });
  });
});
