// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import headSchema from '../../../../schemas/online/onl_cgreport_head.json';
import { http, request } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import { answerUnsaved, expectUntouchedToClose, leavingAsks, removeQuestions } from '../../utils/useUnsavedGuard.testing';
import CgreportDesigner from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn() }, request: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const parsed = (fields: string[], params: string[] = []) => envelope(true, {
  fields: fields.map((name, i) => ({ fieldName: name, fieldTxt: name, fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: 'single', orderNum: i })),
  params: params.map((name, i) => ({ paramName: name, paramTxt: name, paramValue: '', orderNum: i })),
});
/** A refused call as umi-request rejects it: the server's envelope in `data`. */
const refusal = (message: string) => Object.assign(new Error('400'), { data: { success: false, code: 400, message } });

function open(row: Record<string, unknown> | null = null, onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgreportDesigner schema={headSchema as PageSchema} row={row} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const parseSql = () => fireEvent.click(screen.getByRole('button', { name: '解析SQL' }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

beforeEach(() => {
  vi.mocked(request.get).mockResolvedValue(envelope(true, [{ value: 'single', text: '单条件查询' }, { value: 'group', text: '范围查询' }]) as never);
});
afterEach(() => { cleanup(); removeQuestions(); vi.clearAllMocks(); });

describe('CgreportDesigner', () => {
  it('parses the SQL into the field and parameter grids, and a new parse keeps what the admin typed for columns that remain', async () => {
    get.mockResolvedValueOnce(parsed(['username', 'realname'], ['name']) as never);
    open();
    type('报表SQL', "select username, realname from sys_user where realname like '%${name}%'");
    parseSql();
    expect(await screen.findByLabelText('realname字段文本')).toHaveValue('realname');
    expect(get).toHaveBeenCalledWith('/online/cgreport/head/parseSql', { sql: "select username, realname from sys_user where realname like '%${name}%'" });
    type('realname字段文本', '姓名');
    fireEvent.click(screen.getByLabelText('realname查询'));
    fireEvent.click(screen.getByRole('tab', { name: '参数' }));
    type('name参数文本', '姓名包含');

    get.mockResolvedValueOnce(parsed(['REALNAME', 'sex'], ['name']) as never);
    type('报表SQL', "select realname as REALNAME, sex from sys_user where realname like '%${name}%'");
    parseSql();
    fireEvent.click(screen.getByRole('tab', { name: '字段' }));
    expect(await screen.findByLabelText('sex字段文本')).toHaveValue('sex');
    expect(screen.getByLabelText('REALNAME字段文本')).toHaveValue('姓名');
    expect(screen.getByLabelText('REALNAME查询')).toBeChecked();
    expect(screen.getByLabelText('sex查询')).not.toBeChecked();
    expect(screen.queryByLabelText('username字段文本')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '参数' }));
    expect(screen.getByLabelText('name参数文本')).toHaveValue('姓名包含');
  });

  it('saves a new report through the generic add with both sub lists, and closes with a change', async () => {
    get.mockResolvedValueOnce(parsed(['username', 'sex'], ['name']) as never);
    post.mockResolvedValue(envelope(true, '添加成功！', '添加成功！') as never);
    const onClose = open();
    type('报表编码', 'user_report');
    type('报表名称', '用户报表');
    type('报表SQL', "select username, sex from sys_user where realname like '%${name}%'");
    parseSql();
    await screen.findByLabelText('sex字典编码');
    type('sex字典编码', 'sex');
    type('sex字段文本', '性别');
    fireEvent.click(screen.getByLabelText('username排序'));
    fireEvent.click(screen.getByRole('tab', { name: '参数' }));
    type('name默认值', '管');
    confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(post).toHaveBeenCalledWith('/online/cgreport/head/add', {
      code: 'user_report', name: '用户报表', cgrSql: "select username, sex from sys_user where realname like '%${name}%'",
      onl_cgreport_itemList: [
        { fieldName: 'username', fieldTxt: 'username', fieldType: 'String', isShow: 1, isOrder: 1, isSearch: 0, searchMode: 'single', dictCode: null, fieldWidth: null, orderNum: 0 },
        { fieldName: 'sex', fieldTxt: '性别', fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: 'single', dictCode: 'sex', fieldWidth: null, orderNum: 1 },
      ],
      onl_cgreport_paramList: [{ paramName: 'name', paramTxt: 'name', paramValue: '管', orderNum: 0 }],
    }, { key: expect.any(String) });
  });

  it("shows the server's refusal verbatim and stays open", async () => {
    get.mockResolvedValueOnce(parsed(['username']) as never);
    post.mockRejectedValueOnce(refusal('报表SQL只能是SELECT查询'));
    const onClose = open();
    type('报表编码', 'bad');
    type('报表名称', '坏报表');
    type('报表SQL', 'select username from sys_user');
    parseSql();
    await screen.findByLabelText('username字段文本');
    confirm();
    expect(await screen.findByText('报表SQL只能是SELECT查询')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    // A refusal answered inside the envelope (HTTP 200) is shown the same way.
    post.mockResolvedValueOnce(envelope(false, null, '数据库中已存在该记录') as never);
    confirm();
    expect(await screen.findByText('数据库中已存在该记录')).toBeInTheDocument();
    expect(screen.queryByText('报表SQL只能是SELECT查询')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a statement parseSql refuses is shown verbatim, the grids left as they were', async () => {
    get.mockRejectedValueOnce(refusal('报表SQL不能读取敏感字段 password'));
    open();
    type('报表SQL', 'select password from sys_user');
    parseSql();
    expect(await screen.findByText('报表SQL不能读取敏感字段 password')).toBeInTheDocument();
    expect(screen.getByText('请先填写报表SQL并解析')).toBeInTheDocument();
  });

  it('asks for the head fields with the schema messages, and for a parse before saving', async () => {
    open();
    confirm();
    expect(await screen.findByText('报表编码不能为空')).toBeInTheDocument();
    expect(screen.getByText('报表名称不能为空')).toBeInTheDocument();
    expect(screen.getByText('报表SQL不能为空')).toBeInTheDocument();
    type('报表编码', '1abc');
    expect(await screen.findByText('报表编码只能包含字母、数字和下划线，且以字母开头')).toBeInTheDocument();
    type('报表编码', 'abc');
    type('报表名称', '报表');
    type('报表SQL', 'select 1 as one');
    confirm();
    expect(await screen.findByText('请先解析SQL，生成报表字段')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('loads a stored report with its sub rows and saves it through the generic edit, the stored rows keeping their ids', async () => {
    const stored = { id: 'h1', code: 'user_report', name: '用户报表', cgrSql: 'select username, sex from sys_user' };
    get.mockImplementation(async (url: string) => {
      if (url === '/online/cgreport/head/queryById') return envelope(true, stored) as never;
      if (url === '/online/cgreport/head/subList/onl_cgreport_item') {
        return envelope(true, { records: [
          { id: 'i1', cgrheadId: 'h1', fieldName: 'username', fieldTxt: '账号', fieldType: 'String', isShow: 1, isShow_dictText: '是', isOrder: 1, isSearch: 1, searchMode: 'single', dictCode: null, fieldWidth: 120, orderNum: 0, createBy: 'admin' },
          { id: 'i2', cgrheadId: 'h1', fieldName: 'sex', fieldTxt: '性别', fieldType: 'String', isShow: 1, isOrder: 0, isSearch: 0, searchMode: 'single', dictCode: 'sex', fieldWidth: null, orderNum: 1 },
        ], total: 2 }) as never;
      }
      if (url === '/online/cgreport/head/subList/onl_cgreport_param') return envelope(true, { records: [], total: 0 }) as never;
      return parsed(['username', 'sex', 'phone']) as never;
    });
    put.mockResolvedValue(envelope(true, '编辑成功!', '编辑成功!') as never);
    const onClose = open({ id: 'h1', code: 'user_report' });
    expect(screen.getByText('编辑报表')).toBeInTheDocument();
    expect(await screen.findByLabelText('username字段文本')).toHaveValue('账号');
    expect(get).toHaveBeenCalledWith('/online/cgreport/head/queryById', { id: 'h1' });
    expect(get).toHaveBeenCalledWith('/online/cgreport/head/subList/onl_cgreport_item', { mainId: 'h1' });
    expect(screen.getByLabelText('报表编码')).toHaveValue('user_report');
    type('报表SQL', 'select username, sex, phone from sys_user');
    parseSql();
    await screen.findByLabelText('phone字段文本');
    confirm();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const body = put.mock.calls[0][1] as Record<string, any>;
    expect(put.mock.calls[0][0]).toBe('/online/cgreport/head/edit');
    expect(body).toMatchObject({ id: 'h1', code: 'user_report', name: '用户报表', cgrSql: 'select username, sex, phone from sys_user', onl_cgreport_paramList: [] });
    expect(body.onl_cgreport_itemList.map((r: any) => [r.id, r.fieldName, r.fieldTxt, r.fieldWidth, r.isSearch])).toEqual([
      ['i1', 'username', '账号', 120, 1], ['i2', 'sex', '性别', null, 0], [undefined, 'phone', 'phone', null, 0],
    ]);
    // Only the columns the designer writes: no display texts, foreign key or audit columns.
    expect(Object.keys(body.onl_cgreport_itemList[0]).sort()).toEqual(['dictCode', 'fieldName', 'fieldTxt', 'fieldType', 'fieldWidth', 'id', 'isOrder', 'isSearch', 'isShow', 'orderNum', 'searchMode']);
  });

  it('asks before a changed report is thrown away, by 取消 or by leaving the browser tab, and closes an untouched one at once', async () => {
    const cancel = () => fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expectUntouchedToClose(() => open());

    const onClose = open();
    type('报表SQL', 'select username from sys_user');
    expect(leavingAsks()).toBe(true);
    cancel();
    expect(await screen.findByText('报表中有尚未保存的修改，关闭后将丢失。')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await answerUnsaved('放弃修改');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
  });
});
