// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageRoute } from '../../app/routes';
import type { AnnouncementReceipt } from '../../components/AnnouncementDetail';
import UserAnnouncementList from './UserAnnouncementList';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const receipt = (n: number, extra: Partial<AnnouncementReceipt> = {}): AnnouncementReceipt => ({
  id: `s${n}`, anntId: `a${n}`, titile: `公告${n}`, msgCategory: '1', msgCategory_dictText: '通知公告', sender: 'admin', sender_dictText: '管理员',
  sendTime: `2025-03-0${(n % 9) + 1} 10:00:00`, priority: 'L', readFlag: '1', msgContent: `<p>公告${n}正文</p>`, ...extra,
});
const rows = [receipt(1, { readFlag: '0', priority: 'H' }), receipt(2, { msgCategory: '2', msgCategory_dictText: '系统消息', priority: 'M' }), receipt(3)];
const page = (records: AnnouncementReceipt[], total = records.length) => envelope(true, { records, total, size: 10, current: 1, pages: 1 });

const route = { path: '/isps/userAnnouncement', name: 'isps-userAnnouncement', component: 'system/UserAnnouncementList', meta: { title: '我的消息' }, hidden: true, parents: [] } as unknown as PageRoute;

function mount() {
  render(
    <ConfigProvider locale={zhCN}>
      <App><MemoryRouter><UserAnnouncementList route={route} params={{}} /></MemoryRouter></App>
    </ConfigProvider>,
  );
}
const lists = () => get.mock.calls.filter(([u]) => u === '/sys/sysAnnouncementSend/getMyAnnouncementSend').map(([, p]) => p);
const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

beforeEach(() => {
  get.mockResolvedValue(page(rows, 3) as never);
  put.mockResolvedValue(envelope(true, null) as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('lists my announcements with category, sender, time, priority and read state', async () => {
  mount();
  await screen.findByText('公告1');
  expect(lists()[0]).toEqual({ pageNo: 1, pageSize: 10 });
  for (const h of ['标题', '消息类型', '发布人', '发布时间', '优先级', '阅读状态']) expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
  const first = within(rowOf('公告1'));
  expect(first.getByText('未读')).toBeInTheDocument();
  expect(first.getByText('紧急')).toBeInTheDocument();
  expect(first.getByText('管理员')).toBeInTheDocument();
  expect(first.getByText('通知公告')).toBeInTheDocument();
  const second = within(rowOf('公告2'));
  expect(second.getByText('已读')).toBeInTheDocument();
  expect(second.getByText('重要')).toBeInTheDocument();
  expect(second.getByText('系统消息')).toBeInTheDocument();
  expect(screen.getByText('1-3 共3条')).toBeInTheDocument();
});

it('pages with the SPEC sizes', async () => {
  get.mockResolvedValue(page(Array.from({ length: 10 }, (_, i) => receipt(i + 1)), 25) as never);
  mount();
  expect(await screen.findByText('1-10 共25条')).toBeInTheDocument();
  fireEvent.click(screen.getByTitle('3'));
  await waitFor(() => expect(lists().at(-1)).toEqual({ pageNo: 3, pageSize: 10 }));
});

it('queries by title and category and resets', async () => {
  mount();
  await screen.findByText('公告1');
  fireEvent.change(screen.getByLabelText('标题'), { target: { value: ' 放假 ' } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '消息类型' }));
  fireEvent.click(await screen.findByText('系统消息', { selector: '.ant-select-item-option-content' }));
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
  await waitFor(() => expect(lists().at(-1)).toEqual({ titile: '放假', msgCategory: '2', pageNo: 1, pageSize: 10 }));
  fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
  await waitFor(() => expect(lists().at(-1)).toEqual({ pageNo: 1, pageSize: 10 }));
  expect(screen.getByLabelText('标题')).toHaveValue('');
});

it('查看 marks an unread one read, shows it and refreshes the list', async () => {
  mount();
  await screen.findByText('公告1');
  fireEvent.click(within(rowOf('公告1')).getByText('查看'));
  expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'a1' });
  expect(await screen.findByText('通知详情')).toBeInTheDocument();
  expect(screen.getByTestId('announcement-content')).toHaveTextContent('公告1正文');
  await waitFor(() => expect(lists()).toHaveLength(2));
});

it('查看 of a read one does not reload the list', async () => {
  mount();
  await screen.findByText('公告1');
  fireEvent.click(within(rowOf('公告2')).getByText('查看'));
  expect(await screen.findByText('通知详情')).toBeInTheDocument();
  expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'a2' });
  await new Promise((r) => setTimeout(r, 50)); // the read receipt's answer has arrived
  expect(lists()).toHaveLength(1);
});

it('marks everything read after confirmation', async () => {
  put.mockResolvedValue(envelope(true, null, '全部已读') as never);
  mount();
  await screen.findByText('公告1');
  fireEvent.click(screen.getByRole('button', { name: '全部标注已读' }));
  expect(await screen.findByText('是否全部标注已读?')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/readAll'));
  expect(await screen.findByText('全部已读')).toBeInTheDocument();
  await waitFor(() => expect(lists()).toHaveLength(2));
});
