// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import type { DepartNode } from './api';
import { DepartPicker } from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const node = (id: string, orgCode: string, departName: string, children: DepartNode[] | null = null): DepartNode => ({ id, key: id, title: departName, orgCode, departName, children });
const TREE = [
  node('d1', 'A01', '科创服务中心', [node('d11', 'A01A01', '综合办公室'), node('d12', 'A01A02', '项目管理部', [node('d121', 'A01A02A01', '申报受理组')])]),
  node('d2', 'A02', '专家委员会', [node('d21', 'A02A01', '信息技术组')]),
];
const all = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [{ ...n, children: null }, ...all(n.children ?? [])]);

function serve(url: string, params: Record<string, unknown> = {}) {
  if (url === '/sys/sysDepart/queryTreeList') return envelope(true, TREE);
  if (url === '/sys/sysDepart/searchBy') {
    const found = all(TREE).filter((d) => d.departName.includes(String(params.keyWord)));
    return found.length ? envelope(true, found) : envelope(false, null, '未查询匹配数据！');
  }
  if (url.startsWith('/sys/dict/loadDictItem/')) {
    const column = decodeURIComponent(url).split(',')[2] as 'id' | 'orgCode';
    return envelope(true, String(params.key).split(',').map((k) => all(TREE).find((d) => d[column] === k)?.departName ?? k));
  }
  throw new Error(`unexpected call ${url}`);
}
const calls = (prefix: string) => get.mock.calls.filter(([u]) => u.startsWith(prefix)).map(([u, p]) => ({ url: u, ...(p as object) }) as Record<string, unknown>);

function Harness({ initial, onChange, ...settings }: { initial?: string; onChange: (v: string) => void; [k: string]: unknown }) {
  const [value, setValue] = useState(initial);
  return <DepartPicker {...settings} value={value} onChange={(v: string) => { onChange(v); setValue(v); }} />;
}
const wrap = (ui: React.ReactNode) => <ConfigProvider locale={zhCN}><App>{ui}</App></ConfigProvider>;

function mount(settings: Record<string, unknown> = {}, initial?: string) {
  const onChange = vi.fn();
  render(wrap(<Harness initial={initial} onChange={onChange} {...settings} />));
  return onChange;
}
async function openPicker() {
  fireEvent.click(screen.getByRole('button', { name: '选择部门' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('科创服务中心');
  return dialog;
}
const treeNode = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest<HTMLElement>('.ant-tree-treenode')!;
const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
const tags = () => [...document.querySelectorAll('.ant-select-selection-item')].map((t) => t.textContent);

beforeEach(() => { get.mockImplementation(async (url: string, params?: object) => serve(url, params as Record<string, unknown>) as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('sel_depart', () => {
  it('picks one department by default and writes its id', async () => {
    const onChange = mount();
    const dialog = await openPicker();
    expect(within(dialog).getByText('选择部门')).toBeInTheDocument();
    expect(dialog.querySelector('.ant-tree-checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByText('综合办公室'));
    fireEvent.click(within(dialog).getByText('信息技术组'));
    expect(treeNode(dialog, '信息技术组')).toHaveClass('ant-tree-treenode-selected');
    expect(treeNode(dialog, '综合办公室')).not.toHaveClass('ant-tree-treenode-selected');
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('d21');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tags()).toEqual(['信息技术组']);
    expect(calls('/sys/dict/loadDictItem/')).toEqual([]);
  });

  it('checks several departments each on its own when multiple, written comma-joined', async () => {
    const onChange = mount({ multiple: true });
    const dialog = await openPicker();
    const check = (name: string) => fireEvent.click(treeNode(dialog, name).querySelector('.ant-tree-checkbox')!);
    check('科创服务中心');
    // checkStrictly: the parent alone, its children untouched
    expect(treeNode(dialog, '综合办公室').querySelector('.ant-tree-checkbox')).not.toHaveClass('ant-tree-checkbox-checked');
    check('信息技术组');
    fireEvent.click(within(dialog).getByText('项目管理部'));
    expect(treeNode(dialog, '项目管理部').querySelector('.ant-tree-checkbox')).toHaveClass('ant-tree-checkbox-checked');
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('d1,d21,d12');
    await waitFor(() => expect(tags()).toEqual(['科创服务中心', '信息技术组', '项目管理部']));
  });

  it('also takes `multi` for several', async () => {
    mount({ multi: true });
    const dialog = await openPicker();
    expect(dialog.querySelectorAll('.ant-tree-checkbox').length).toBeGreaterThan(0);
  });

  it('stores org codes when the field says so, and echoes stored codes as names', async () => {
    const onChange = mount({ multiple: true, store: 'orgCode' }, 'A01A02A01');
    await waitFor(() => expect(tags()).toEqual(['申报受理组']));
    expect(calls('/sys/dict/loadDictItem/')).toEqual([{ url: `/sys/dict/loadDictItem/${encodeURIComponent('sys_depart,departName,orgCode')}`, key: 'A01A02A01', delNotExist: 'false' }]);
    const dialog = await openPicker();
    // the chosen department is shown checked, its parents opened
    expect(treeNode(dialog, '申报受理组').querySelector('.ant-tree-checkbox')).toHaveClass('ant-tree-checkbox-checked');
    fireEvent.click(treeNode(dialog, '信息技术组').querySelector('.ant-tree-checkbox')!);
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('A01A02A01,A02A01');
  });

  it('searches departments by name, flat, and says when none match', async () => {
    const onChange = mount();
    const dialog = await openPicker();
    const box = within(dialog).getByLabelText('部门名称');
    const search = (keyWord: string) => {
      fireEvent.change(box, { target: { value: keyWord } });
      fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
      fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    };
    search('组');
    await waitFor(() => expect(within(dialog).queryByText('科创服务中心')).not.toBeInTheDocument());
    expect(calls('/sys/sysDepart/searchBy')).toEqual([{ url: '/sys/sysDepart/searchBy', keyWord: '组' }]);
    expect([...dialog.querySelectorAll('.ant-tree-title')].map((t) => t.textContent)).toEqual(['申报受理组', '信息技术组']);
    fireEvent.click(within(dialog).getByText('申报受理组'));
    search('没有');
    expect(await within(dialog).findByText('未查询匹配数据！')).toBeInTheDocument();
    search('');
    expect(await within(dialog).findByText('科创服务中心')).toBeInTheDocument();
    expect(treeNode(dialog, '申报受理组')).toHaveClass('ant-tree-treenode-selected');
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('d121');
    await waitFor(() => expect(tags()).toEqual(['申报受理组']));
  });

  it('discards the choice on cancel and loads the tree once per mount', async () => {
    const onChange = mount({}, 'd11');
    let dialog = await openPicker();
    expect(treeNode(dialog, '综合办公室')).toHaveClass('ant-tree-treenode-selected');
    fireEvent.click(within(dialog).getByText('专家委员会'));
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
    dialog = await openPicker();
    expect(treeNode(dialog, '专家委员会')).not.toHaveClass('ant-tree-treenode-selected');
    expect(calls('/sys/sysDepart/queryTreeList')).toHaveLength(1);
  });

  it('is locked when read-only', () => {
    mount({ readOnly: true }, 'd11');
    expect(screen.getByRole('button', { name: '选择部门' })).toBeDisabled();
  });

  it('reads pretty as the names, and a list cell shows the server text', async () => {
    const form = createForm({ values: { depart: 'd21,d1' } });
    render(wrap(
      <FormProvider form={form}>
        <Field name="depart" pattern="readPretty" component={[DepartPicker, { multiple: true }]} />
      </FormProvider>,
    ));
    expect(await screen.findByText('信息技术组,科创服务中心')).toBeInTheDocument();
    expect(calls('/sys/dict/loadDictItem/')[0]).toMatchObject({ url: `/sys/dict/loadDictItem/${encodeURIComponent('sys_depart,departName,id')}`, key: 'd21,d1' });
    expect(widgetOf('sel_depart').cell!('信息技术组', {}, undefined as never)).toBe('信息技术组');
  });
});
