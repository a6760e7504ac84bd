// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { LoginResult } from '../../api/types';
import { session } from '../../app/session';
import type { Announcement, NoticeList } from '../../components/AnnouncementDetail';
import { NoticeBell } from './NoticeBell';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });
const annt = (id: string, titile: string, priority: string, extra: Partial<Announcement> = {}): Announcement => ({
  id, titile, priority, sendTime: '2025-03-01 10:00:00', sender_dictText: '管理员', msgContent: `<p>${titile}的内容</p>`, ...extra,
});
const notices: NoticeList = {
  anntMsgList: [annt('a1', '放假通知', 'H'), annt('a2', '会议通知', 'L')],
  anntMsgTotal: 3,
  sysMsgList: [annt('s1', '系统维护', 'M')],
  sysMsgTotal: 2,
};

function login(guest = false) {
  const result = { token: guest ? 'GUEST' : 'T1', userInfo: { id: '1', username: 'admin', realname: '管理员', avatar: null, orgCode: null }, departs: [], multi_depart: 0, sysAllDictItems: {} } as LoginResult;
  act(() => session.acceptLogin(result, { guest }));
}

function mount() {
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={['/dashboard/analysis']}>
          <Routes>
            <Route path="/dashboard/analysis" element={<NoticeBell />} />
            <Route path="/isps/userAnnouncement" element={<p>我的消息页面</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

const loads = () => get.mock.calls.filter(([url]) => url === '/sys/annountCement/listByUser').length;
const badge = () => document.querySelector('.ant-badge .ant-scroll-number');
const openBell = () => fireEvent.click(screen.getByRole('button', { name: /^消息通知/ }));
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => { document.dispatchEvent(new Event('visibilitychange')); });
};

/** The notice socket, opened by the test when it wants the bell live (else it stays connecting and the bell polls). */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string, readonly protocols: string[]) { FakeSocket.all.push(this); }
  send() {}
  close() { this.readyState = 3; }
}

beforeEach(() => {
  // Only the poll interval is faked: testing-library keeps its real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  get.mockResolvedValue(envelope(true, notices) as never);
  put.mockResolvedValue(envelope(true, null) as never);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
  localStorage.clear();
  setVisibility('visible');
});

describe('NoticeBell', () => {
  it('is not there for a guest, and nothing is polled', async () => {
    login(true);
    mount();
    expect(screen.queryByRole('button', { name: /^消息通知/ })).not.toBeInTheDocument();
    tick(20_000);
    expect(loads()).toBe(0);
  });

  it('counts both kinds of unread announcements and lists them under their tabs', async () => {
    login();
    mount();
    await waitFor(() => expect(badge()).toHaveAttribute('title', '5'));
    // A screen reader hears the figure the badge shows.
    expect(screen.getByRole('button', { name: '消息通知，5条未读' })).toBeInTheDocument();
    openBell();
    expect(await screen.findByText('通知(3)')).toBeInTheDocument();
    expect(screen.getByText('系统消息(2)')).toBeInTheDocument();
    const item = screen.getByText('放假通知').closest('li')!;
    expect(within(item).getByText('紧急')).toBeInTheDocument();
    expect(within(item).getByText(/2025-03-01 10:00:00/)).toBeInTheDocument();
    expect(within(screen.getByText('会议通知').closest('li')!).getByText('一般')).toBeInTheDocument();
    fireEvent.click(screen.getByText('系统消息(2)'));
    const sys = await screen.findByText('系统维护');
    expect(within(sys.closest('li')!).getByText('重要')).toBeInTheDocument();
  });

  it('polls every 6 s while the page is visible and catches up when it shows again', async () => {
    login();
    mount();
    await waitFor(() => expect(loads()).toBe(1));
    tick(6000);
    await waitFor(() => expect(loads()).toBe(2));
    tick(6000);
    await waitFor(() => expect(loads()).toBe(3));
    setVisibility('hidden');
    tick(30_000);
    expect(loads()).toBe(3);
    setVisibility('visible');
    await waitFor(() => expect(loads()).toBe(4));
    tick(6000);
    await waitFor(() => expect(loads()).toBe(5));
  });

  it('listens on the socket instead of polling while it is up, and polls again once it drops', async () => {
    login();
    mount();
    await waitFor(() => expect(loads()).toBe(1));
    const socket = FakeSocket.all[0];
    expect(socket.url).toMatch(/\/jeecg-boot\/websocket\/1$/);
    expect(socket.protocols).toEqual(['T1']);
    act(() => { socket.readyState = 1; socket.onopen?.(); });
    await waitFor(() => expect(loads()).toBe(2)); // caught up on opening
    tick(30_000);
    expect(loads()).toBe(2);
    get.mockResolvedValue(envelope(true, { ...notices, sysMsgTotal: 3 }) as never);
    act(() => socket.onmessage?.({ data: JSON.stringify({ cmd: 'user', msgId: 'x', msgTxt: '新消息' }) }));
    await waitFor(() => expect(badge()).toHaveAttribute('title', '6'));
    expect(loads()).toBe(3);
    act(() => { socket.readyState = 3; socket.onclose?.(); });
    await waitFor(() => expect(loads()).toBe(4)); // loaded at once on dropping, then polled
    tick(6000);
    await waitFor(() => expect(loads()).toBe(5));
  });

  it('tells the open pages which rows a live notice is about, so their lists reload', async () => {
    login();
    mount();
    await waitFor(() => expect(loads()).toBe(1));
    const socket = FakeSocket.all[0];
    act(() => { socket.readyState = 1; socket.onopen?.(); });
    const heard = vi.fn();
    window.addEventListener('live-records-changed', (e) => heard((e as CustomEvent).detail));
    act(() => socket.onmessage?.({ data: JSON.stringify({ cmd: 'user', msgId: 'x', msgTxt: '项目「甲」已提交申报', msgCategory: '2', busType: 'pms_project', busIds: ['p1'] }) }));
    expect(heard).toHaveBeenCalledWith({ table: 'pms_project', ids: ['p1'] });
    act(() => socket.onmessage?.({ data: JSON.stringify({ cmd: 'topic', msgId: 'y', msgTxt: '放假通知', msgCategory: '1' }) }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('stops polling after a failed load', async () => {
    get.mockRejectedValueOnce(new Error('500'));
    login();
    mount();
    await waitFor(() => expect(loads()).toBe(1));
    await act(async () => { await Promise.resolve(); });
    tick(60_000);
    setVisibility('hidden');
    setVisibility('visible');
    tick(60_000);
    expect(loads()).toBe(1);
  });

  it('stops polling when the server refuses the list', async () => {
    get.mockResolvedValueOnce(envelope(false, null, '查询失败') as never);
    login();
    mount();
    await waitFor(() => expect(loads()).toBe(1));
    await act(async () => { await Promise.resolve(); });
    tick(60_000);
    expect(loads()).toBe(1);
  });

  it('marks a clicked announcement read, shows it and reloads the count', async () => {
    login();
    mount();
    await waitFor(() => expect(badge()).toHaveAttribute('title', '5'));
    get.mockResolvedValue(envelope(true, { ...notices, anntMsgList: notices.anntMsgList.slice(1), anntMsgTotal: 2 }) as never);
    openBell();
    fireEvent.click(await screen.findByText('放假通知'));
    expect(put).toHaveBeenCalledWith('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: 'a1' });
    expect(await screen.findByText('通知详情')).toBeInTheDocument();
    expect(screen.getByTestId('announcement-content')).toHaveTextContent('放假通知的内容');
    expect(screen.getByText('发布人：管理员')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveAttribute('title', '4'));
    expect(loads()).toBe(2);
  });

  it('goes to my announcements on 查看更多', async () => {
    login();
    mount();
    openBell();
    fireEvent.click(await screen.findByText('查看更多'));
    expect(await screen.findByText('我的消息页面')).toBeInTheDocument();
  });
});
