// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import type { PageRoute } from '../../../app/routes';
import { saveBlob } from '../../../renderer/exportFile';
import OnlCgreportAutoList from './OnlCgreportAutoList';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn(), blob: vi.fn() } }));
vi.mock('../../../renderer/exportFile', () => ({ saveBlob: vi.fn() }));
const get = vi.mocked(http.get);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const refusal = (message: string) => Object.assign(new Error('404'), { data: { success: false, code: 404, message } });

const columns = {
  cgRpConfigId: 'r1',
  cgRpConfigName: '用户报表',
  columns: [{ title: '账号', dataIndex: 'username', align: 'center', sorter: true }, { title: '性别', dataIndex: 'sex', align: 'center', sorter: false, customRender: 'sex' }],
  dictOptions: { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
};
const queryInfo = [
  { field: 'realname', label: '姓名', view: 'string', mode: 'single' },
  { field: 'sex', label: '性别', view: 'list', mode: 'single', dictCode: 'sex' },
  { field: 'birthday', label: '生日', view: 'date', mode: 'group' },
];
const paramsInfo = [{ paramName: 'dept', paramTxt: '部门', paramValue: 'A01' }];
let records: Record<string, unknown>[];

function reply(url: string) {
  if (url === '/online/cgreport/api/getRpColumns/user_report') return envelope(true, columns);
  if (url === '/online/cgreport/api/getQueryInfo/r1') return envelope(true, queryInfo);
  if (url === '/online/cgreport/api/getParamsInfo/r1') return envelope(true, paramsInfo);
  if (url === '/online/cgreport/api/getData/r1') return envelope(true, { records, total: records.length ? 12 : 0 });
  throw new Error(`unexpected ${url}`);
}
const dataCalls = () => get.mock.calls.filter(([u]) => u === '/online/cgreport/api/getData/r1').map(([, p]) => p);

function open(code = 'user_report') {
  render(
    <ConfigProvider locale={zhCN}>
      <App><OnlCgreportAutoList route={{ path: '/online/cgreport/:code', component: 'modules/online/cgreport/auto/OnlCgreportAutoList' } as PageRoute} params={{ code }} /></App>
    </ConfigProvider>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  records = [{ username: 'admin', sex: 1 }, { username: 'applicant', sex: 2 }, { username: 'guest', sex: 0 }];
  get.mockImplementation(async (url: string) => reply(url) as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('online report page', () => {
  it('titles the page with the report name and shows dictionary texts, ten rows a page with the SPEC total text', async () => {
    open();
    expect(await screen.findByText('用户报表')).toBeInTheDocument();
    expect(await screen.findByText('男')).toBeInTheDocument();
    expect(screen.getByText('女')).toBeInTheDocument();
    expect(screen.getByText('0')).toBeInTheDocument(); // a value the dictionary does not know stays as stored
    expect(screen.getByText('1-10 共12条')).toBeInTheDocument();
    expect(dataCalls()[0]).toEqual({ pageNo: 1, pageSize: 10 });
    expect(screen.getByLabelText('部门')).toHaveValue('A01');
  });

  it('sends the query bar as f (text as *x*), f_begin/f_end, self_<param>, and the sort as column/order', async () => {
    open();
    await screen.findByText('男');
    type('姓名', '管');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '性别' }));
    fireEvent.click(await screen.findByTitle('女'));
    type('生日开始', '2025-01-01');
    type('生日结束', '2025-12-31');
    type('部门', 'A02');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(dataCalls().at(-1)).toEqual({
      realname: '*管*', sex: '2', birthday_begin: '2025-01-01', birthday_end: '2025-12-31', self_dept: 'A02', pageNo: 1, pageSize: 10,
    }));
    fireEvent.click(screen.getAllByRole('columnheader').find((th) => th.textContent?.includes('账号'))!);
    await waitFor(() => expect(dataCalls().at(-1)).toMatchObject({ realname: '*管*', self_dept: 'A02', column: 'username', order: 'asc', pageNo: 1 }));

    vi.mocked(http.blob).mockResolvedValue(new Blob(['x']) as never);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), '用户报表.xlsx'));
    expect(http.blob).toHaveBeenCalledWith('/online/cgreport/api/exportXls/r1', {
      realname: '*管*', sex: '2', birthday_begin: '2025-01-01', birthday_end: '2025-12-31', self_dept: 'A02', column: 'username', order: 'asc',
    });
  });

  it('reset clears the query and restores the parameter defaults', async () => {
    open();
    await screen.findByText('男');
    type('姓名', '管');
    type('部门', 'A02');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(screen.getByLabelText('部门')).toHaveValue('A01');
    expect(screen.getByLabelText('姓名')).toHaveValue('');
    await waitFor(() => expect(dataCalls().at(-1)).toEqual({ pageNo: 1, pageSize: 10 }));
  });

  it('an empty report says there is no data', async () => {
    records = [];
    open();
    expect(await screen.findByText('用户报表')).toBeInTheDocument();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it("an unknown report shows the server's message instead of a table", async () => {
    get.mockImplementation(async () => { throw refusal('报表不存在'); });
    open('nope');
    expect(await screen.findByText('报表不存在')).toBeInTheDocument();
    expect(screen.getByText('报表编码：nope')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a query info failure is the server message as a warning, and the report still shows', async () => {
    get.mockImplementation(async (url: string) => (url.includes('getQueryInfo') ? envelope(false, null, '查询条件加载失败') : reply(url)) as never);
    open();
    expect(await screen.findByText('查询条件加载失败')).toBeInTheDocument();
    expect(await screen.findByText('男')).toBeInTheDocument();
    expect(screen.queryByLabelText('姓名')).toBeNull();
  });
});
