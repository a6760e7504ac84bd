// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import type { PageRoute } from '../../../app/routes';
import type { ChartsData, GraphHead } from './chart-spec';
import GraphreportAutoChart from './GraphreportAutoChart';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn() } }));
// happy-dom has no canvas: the chart shows the options it was given, which is what this page decides.
vi.mock('./G2Chart', () => ({
  default: ({ spec }: { spec: { type: string; children?: { type: string }[] } }) => (
    <div data-testid="g2-chart" data-type={[spec.type, ...(spec.children ?? []).map((c) => c.type)].join(',')} />
  ),
}));
const get = vi.mocked(http.get);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const charts = (head: Partial<GraphHead> = {}, more: Partial<ChartsData> = {}): ChartsData => ({
  head: { id: 'g1', name: '销售图表', graphType: 'bar,line,pie,table', displayTemplate: 'tab', xaxisField: 'level', yaxisField: 'amount', yaxisText: '金额', isShowList: 'N', ...head },
  data: [{ level: 'H', amount: 35 }, { level: 'L', amount: 10 }],
  items: [{ fieldName: 'level', fieldTxt: '级别', dictCode: 'priority' }, { fieldName: 'amount', fieldTxt: '金额合计' }],
  dictOptions: { level: [{ value: 'H', text: '紧急' }, { value: 'L', text: '一般' }] },
  ...more,
});

const route = { path: '/online/graphreport/chart/:id', name: 'chart', component: 'modules/online/graphreport/auto/GraphreportAutoChart', meta: { title: 'AUTO在线图表' }, hidden: true, parents: [] } as unknown as PageRoute;
function mount(search = '') {
  render(
    <ConfigProvider locale={zhCN}>
      <App><MemoryRouter initialEntries={[`/online/graphreport/chart/g1${search}`]}><GraphreportAutoChart route={route} params={{ id: 'g1' }} /></MemoryRouter></App>
    </ConfigProvider>,
  );
}
const chartTypes = () => screen.queryAllByTestId('g2-chart').map((c) => c.getAttribute('data-type'));

afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('shows a spinner while loading, and asks for the graph with the route query as its self params', async () => {
  let answer!: (v: unknown) => void;
  get.mockReturnValue(new Promise((r) => { answer = r; }) as never);
  mount('?self_lv=H');
  expect(document.querySelector('.ant-spin')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('/online/graphreport/api/getChartsData', { self_lv: 'H', id: 'g1' });
  answer(envelope(true, charts()));
  expect(await screen.findByText('销售图表')).toBeInTheDocument();
});

it('tab template: one tab per chosen type; the table tab shows the items texts and dictionary texts', async () => {
  get.mockResolvedValue(envelope(true, charts()) as never);
  mount();
  await screen.findByText('销售图表');
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['柱状图', '折线图', '饼图', '数据表']);
  expect(chartTypes()).toEqual(['interval']);
  fireEvent.click(screen.getByRole('tab', { name: '饼图' }));
  expect(await screen.findAllByTestId('g2-chart')).toHaveLength(2);
  fireEvent.click(screen.getByRole('tab', { name: '数据表' }));
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['级别', '金额合计']);
  expect(within(table).getByText('紧急')).toBeInTheDocument();
  expect(within(table).getByText('35')).toBeInTheDocument();
  expect(screen.queryByText('数据明细')).not.toBeInTheDocument();
});

it('single template: the first chosen type only, no tabs', async () => {
  get.mockResolvedValue(envelope(true, charts({ displayTemplate: 'single', graphType: 'line,bar' })) as never);
  mount();
  await screen.findByText('销售图表');
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  expect(chartTypes()).toEqual(['view,line,point']);
});

it('double template: every type in its own titled card, two per row', async () => {
  get.mockResolvedValue(envelope(true, charts({ displayTemplate: 'double', graphType: 'bar,pie,table' })) as never);
  mount();
  await screen.findByText('销售图表');
  for (const title of ['柱状图', '饼图', '数据表']) expect(screen.getByText(title)).toBeInTheDocument();
  expect(chartTypes()).toEqual(['interval', 'interval']);
  expect(document.querySelectorAll('.ant-col-lg-12')).toHaveLength(3);
  expect(screen.getByRole('table')).toBeInTheDocument();
});

it('combination template: bar and line in one chart across the row', async () => {
  get.mockResolvedValue(envelope(true, charts({ displayTemplate: 'combination', graphType: 'bar,line' })) as never);
  mount();
  await screen.findByText('组合图');
  expect(chartTypes()).toEqual(['view,interval,line,point']);
  expect(document.querySelectorAll('.ant-col-lg-24')).toHaveLength(1);
});

it('shows the detail table below the charts when the head asks for it', async () => {
  get.mockResolvedValue(envelope(true, charts({ isShowList: 'Y', graphType: 'bar' })) as never);
  mount();
  const detail = (await screen.findByText('数据明细')).closest('.ant-card') as HTMLElement;
  expect(within(detail).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['级别', '金额合计']);
  expect(within(detail).getByText('一般')).toBeInTheDocument();
});

it('no rows: a friendly empty state instead of charts and detail table', async () => {
  get.mockResolvedValue(envelope(true, charts({ isShowList: 'Y' }, { data: [] })) as never);
  mount();
  await screen.findByText('销售图表');
  expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
  expect(chartTypes()).toEqual([]);
  expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  expect(screen.queryByText('数据明细')).not.toBeInTheDocument();
});

it('a refused call shows the server message in the page', async () => {
  get.mockRejectedValue(Object.assign(new Error('400'), { data: envelope(false, null, '报表SQL不能读取敏感字段 password') }) as never);
  mount();
  expect(await screen.findByText('报表SQL不能读取敏感字段 password')).toBeInTheDocument();
  expect(screen.getByText('图表加载失败')).toBeInTheDocument();
});

it('an envelope with success false shows its message too', async () => {
  get.mockResolvedValue(envelope(false, null, '图表不存在') as never);
  mount();
  expect(await screen.findByText('图表不存在')).toBeInTheDocument();
});

it('shows a query bar for the 查询 items; searching asks again with the search values and keeps the self params', async () => {
  const searchable = charts({}, {
    items: [
      { fieldName: 'level', fieldTxt: '级别', dictCode: 'priority', searchFlag: 'Y', searchMode: 'single' },
      { fieldName: 'region', fieldTxt: '地区', searchFlag: 'Y', searchMode: 'single', fieldType: 'String' },
      { fieldName: 'amount', fieldTxt: '金额合计' },
    ],
  });
  get.mockResolvedValue(envelope(true, searchable) as never);
  mount('?self_lv=H');
  await screen.findByText('销售图表');
  expect(screen.queryByLabelText('金额合计')).toBeNull();
  fireEvent.change(screen.getByLabelText('地区'), { target: { value: '华东' } });
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  // A String field matches a substring, as the report query bar sends it.
  await vi.waitFor(() => expect(get).toHaveBeenLastCalledWith('/online/graphreport/api/getChartsData', { self_lv: 'H', region: '*华东*', id: 'g1' }));
  expect(await screen.findByText('销售图表')).toBeInTheDocument();
  expect(screen.getByLabelText('地区')).toHaveValue('华东');
});

it('has no query bar when no item is a search field', async () => {
  get.mockResolvedValue(envelope(true, charts()) as never);
  mount();
  await screen.findByText('销售图表');
  expect(screen.queryByRole('button', { name: /查\s*询/ })).toBeNull();
});
