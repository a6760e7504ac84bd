// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { widgetOf } from '../registry';
import type { DepartNode } from '../sel_depart/api';
import { UserPicker } from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });

/** 25 users, newest first as the server answers; user2 is a woman. */
const users = Array.from({ length: 25 }, (_, i) => ({
  id: `id${i + 1}`, username: `user${i + 1}`, realname: `用户${i + 1}`, sex: i === 1 ? 2 : 1, phone: `1380000${String(i + 1).padStart(4, '0')}`, orgCode: i < 5 ? 'A01A01' : 'A02A01',
}));
const NAMES: Record<string, string> = { admin: '管理员', reviewer: '审核人', ...Object.fromEntries(users.map((u) => [u.username, u.realname])) };
const node = (id: string, orgCode: string, departName: string, children: DepartNode[] | null = null): DepartNode => ({ id, key: id, title: departName, orgCode, departName, children });
const TREE = [node('d1', 'A01', '科创服务中心', [node('d11', 'A01A01', '综合办公室')]), node('d2', 'A02', '专家委员会', [node('d21', 'A02A01', '信息技术组')])];

function serve(url: string, params: Record<string, unknown> = {}) {
  if (url === '/sys/sysDepart/queryTreeList') return envelope(true, TREE);
  if (url.startsWith('/sys/dict/loadDictItem/')) return envelope(true, String(params.key).split(',').map((k) => NAMES[k] ?? k));
  if (url === '/sys/user/queryUserComponentData') {
    const orgCode = params.departId === 'd11' ? 'A01A01' : params.departId === 'd21' ? 'A02A01' : undefined;
    const hits = users.filter((u) => (!orgCode || u.orgCode === orgCode) && (!params.username || u.username.includes(String(params.username))));
    const pageNo = Number(params.pageNo), pageSize = Number(params.pageSize);
    return envelope(true, { records: hits.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: hits.length, size: pageSize, current: pageNo, pages: Math.ceil(hits.length / pageSize) });
  }
  throw new Error(`unexpected call ${url}`);
}

const calls = (prefix: string) => get.mock.calls.filter(([u]) => u.startsWith(prefix)).map(([u, p]) => ({ url: u, ...(p as object) }) as Record<string, unknown>);

function Harness({ initial, onChange, ...settings }: { initial?: string; onChange: (v: string) => void; [k: string]: unknown }) {
  const [value, setValue] = useState(initial);
  return <UserPicker {...settings} value={value} onChange={(v: string) => { onChange(v); setValue(v); }} />;
}

const wrap = (ui: React.ReactNode) => <ConfigProvider locale={zhCN}><App>{ui}</App></ConfigProvider>;

function mount(settings: Record<string, unknown> = {}, initial?: string) {
  const onChange = vi.fn();
  const view = render(wrap(<Harness initial={initial} onChange={onChange} {...settings} />));
  return { onChange, view };
}

async function openPicker() {
  fireEvent.click(screen.getByRole('button', { name: '选择用户' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('user1');
  return dialog;
}
const rowOf = (dialog: HTMLElement, username: string) => within(dialog).getByText(username).closest('tr')!;
const tick = (dialog: HTMLElement, username: string) => fireEvent.click(rowOf(dialog, username).querySelector('input')!);
const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
/** Lets a lazily loaded picker appear, were it (wrongly) opening. */
const settle = () => act(() => new Promise((r) => { setTimeout(r, 50); }));
const tags = () => [...document.querySelectorAll('.ant-select-selection-item')].map((t) => t.textContent);

beforeEach(() => { get.mockImplementation(async (url: string, params?: object) => serve(url, params as Record<string, unknown>) as never); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('sel_user', () => {
  it('opens a 1250 wide picker listing users a page at a time with the SPEC columns, sex in words and paging', async () => {
    mount();
    const dialog = await openPicker();
    expect(within(dialog).getByText('选择用户')).toBeInTheDocument();
    expect(dialog.closest<HTMLElement>('.ant-modal')!.style.width).toBe('1250px');
    expect([...dialog.querySelectorAll('th')].map((th) => th.textContent).filter(Boolean)).toEqual(['用户账号', '用户姓名', '性别', '手机号码', '部门编码']);
    expect(within(rowOf(dialog, 'user1')).getByText('男')).toBeInTheDocument();
    expect(within(rowOf(dialog, 'user2')).getByText('女')).toBeInTheDocument();
    expect(within(rowOf(dialog, 'user2')).getByText('13800000002')).toBeInTheDocument();
    expect(within(rowOf(dialog, 'user2')).getByText('A01A01')).toBeInTheDocument();
    expect(dialog.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10);
    expect(within(dialog).getByText('1-10 共25条')).toBeInTheDocument();
    expect(calls('/sys/user/queryUserComponentData')).toEqual([{ url: '/sys/user/queryUserComponentData', pageNo: 1, pageSize: 10 }]);
    expect(dialog.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    const sizeChanger = dialog.querySelector<HTMLElement>('.ant-pagination-options-size-changer .ant-select-selector')!;
    fireEvent.mouseDown(sizeChanger);
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(sizes).toEqual(['10 条/页', '20 条/页', '30 条/页']);
    fireEvent.click(within(dialog).getByTitle('3'));
    expect(await within(dialog).findByText('21-25 共25条')).toBeInTheDocument();
    expect(calls('/sys/user/queryUserComponentData').at(-1)).toMatchObject({ pageNo: 3, pageSize: 10 });
  });

  it('has no phone column when the server sends no phones (to anyone but readers of the user page)', async () => {
    const serveAll = get.getMockImplementation()!;
    get.mockImplementation(async (url: string, params?: object) => {
      const answer = await serveAll(url, params);
      if (url !== '/sys/user/queryUserComponentData') return answer;
      const page = (answer as unknown as { result: { records: Record<string, unknown>[] } }).result;
      return { ...answer, result: { ...page, records: page.records.map(({ phone: _phone, ...u }) => u) } } as never;
    });
    mount();
    const dialog = await openPicker();
    expect([...dialog.querySelectorAll('th')].map((th) => th.textContent).filter(Boolean)).toEqual(['用户账号', '用户姓名', '性别', '部门编码']);
  });

  it('keeps choices across pages and writes the usernames comma-joined on OK, then closes', async () => {
    const { onChange } = mount();
    let dialog = await openPicker();
    tick(dialog, 'user1');
    tick(dialog, 'user3');
    fireEvent.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('user12');
    tick(dialog, 'user12');
    fireEvent.click(within(dialog).getByTitle('1'));
    await within(dialog).findByText('user1');
    expect(within(rowOf(dialog, 'user1')).getByRole('checkbox')).toBeChecked();
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('user1,user3,user12');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tags()).toEqual(['用户1', '用户3', '用户12']);
    // names learnt while choosing: no echo call needed
    expect(calls('/sys/dict/loadDictItem/')).toEqual([]);
    dialog = await openPicker();
    expect(within(rowOf(dialog, 'user3')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf(dialog, 'user2')).getByRole('checkbox')).not.toBeChecked();
  });

  it('chooses one user with radios when the field is single', async () => {
    const { onChange } = mount({ multiple: false });
    const dialog = await openPicker();
    expect(within(rowOf(dialog, 'user1')).queryByRole('checkbox')).toBeNull();
    tick(dialog, 'user1');
    tick(dialog, 'user4');
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('user4');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tags()).toEqual(['用户4']);
  });

  it('stores the column the field names (store: id)', async () => {
    const { onChange } = mount({ store: 'id' });
    const dialog = await openPicker();
    tick(dialog, 'user2');
    tick(dialog, 'user5');
    ok(dialog);
    expect(onChange).toHaveBeenLastCalledWith('id2,id5');
  });

  it('discards the choice on cancel', async () => {
    const { onChange } = mount({}, 'user2');
    let dialog = await openPicker();
    tick(dialog, 'user1');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
    dialog = await openPicker();
    expect(within(rowOf(dialog, 'user1')).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf(dialog, 'user2')).getByRole('checkbox')).toBeChecked();
  });

  it('shows the realnames of a stored value, asked once, and opens with it chosen', async () => {
    const { view } = mount({}, 'reviewer,user3,gone');
    await waitFor(() => expect(tags()).toEqual(['审核人', '用户3', 'gone']));
    expect(calls('/sys/dict/loadDictItem/')).toEqual([{ url: `/sys/dict/loadDictItem/${encodeURIComponent('sys_user,realname,username')}`, key: 'reviewer,user3,gone', delNotExist: 'false' }]);
    view.rerender(wrap(<Harness initial="reviewer,user3,gone" onChange={vi.fn()} />));
    const dialog = await openPicker();
    expect(within(rowOf(dialog, 'user3')).getByRole('checkbox')).toBeChecked();
    expect(calls('/sys/dict/loadDictItem/')).toHaveLength(1);
  });

  it('filters users by the department clicked, from the first page, and loads the tree once per mount', async () => {
    mount();
    let dialog = await openPicker();
    fireEvent.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('user11');
    fireEvent.click(await within(dialog).findByText('信息技术组'));
    await waitFor(() => expect(calls('/sys/user/queryUserComponentData').at(-1)).toEqual({ url: '/sys/user/queryUserComponentData', departId: 'd21', pageNo: 1, pageSize: 10 }));
    expect(await within(dialog).findByText('1-10 共20条')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('用户账号'), { target: { value: ' user2 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls('/sys/user/queryUserComponentData').at(-1)).toEqual({ url: '/sys/user/queryUserComponentData', departId: 'd21', username: 'user2', pageNo: 1, pageSize: 10 }));
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openPicker();
    await within(dialog).findByText('信息技术组');
    expect(calls('/sys/sysDepart/queryTreeList')).toHaveLength(1);
  });

  it('clears the value from the field without opening the picker', async () => {
    const { onChange } = mount({}, 'user1,user2');
    await waitFor(() => expect(tags()).toEqual(['用户1', '用户2']));
    const clear = document.querySelector('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith('');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('removes one user by its tag, and a press on the field opens the picker', async () => {
    const { onChange } = mount({}, 'user1,user2');
    await waitFor(() => expect(tags()).toEqual(['用户1', '用户2']));
    const remove = document.querySelectorAll('.ant-select-selection-item-remove')[0];
    fireEvent.mouseDown(remove);
    fireEvent.click(remove);
    expect(onChange).toHaveBeenLastCalledWith('user2');
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByText('用户2'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('选择用户')).toBeInTheDocument();
  });

  it('is locked when disabled or read-only', () => {
    mount({ disabled: true }, 'user1');
    expect(screen.getByRole('button', { name: '选择用户' })).toBeDisabled();
    cleanup();
    mount({ readOnly: true }, 'user1');
    expect(screen.getByRole('button', { name: '选择用户' })).toBeDisabled();
  });

  it('reads pretty as the realnames, and a list cell shows the server text', async () => {
    const form = createForm({ values: { owner: 'admin,reviewer' } });
    render(wrap(
      <FormProvider form={form}>
        <Field name="owner" pattern="readPretty" component={[UserPicker]} />
      </FormProvider>,
    ));
    expect(await screen.findByText('管理员,审核人')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '选择用户' })).toBeNull();
    expect(widgetOf('sel_user').cell!('管理员,审核人', {}, undefined as never)).toBe('管理员,审核人');
  });
});
