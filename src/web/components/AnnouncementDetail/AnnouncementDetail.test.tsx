// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import AnnouncementDetail, { type Announcement } from '.';

const notice: Announcement = {
  id: 'a1',
  titile: '系统升级通知',
  sender: 'admin',
  sender_dictText: '管理员',
  sendTime: '2025-03-01 10:00:00',
  priority: 'H',
  msgContent: '<p>今晚<b>升级</b></p><img src="/x.png" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">链接</a>',
};

function show(announcement: Announcement | null, onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<AnnouncementDetail announcement={announcement} onClose={onClose} />} />
            <Route path="/todo/list" element={<p>待办页面</p>} />
          </Routes>
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
  return onClose;
}

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

it('shows title, sender, time, priority and the content without anything executable', () => {
  show(notice);
  expect(screen.getByText('系统升级通知')).toBeInTheDocument();
  expect(screen.getByText('发布人：管理员')).toBeInTheDocument();
  expect(screen.getByText('发布时间：2025-03-01 10:00:00')).toBeInTheDocument();
  expect(screen.getByText('紧急')).toBeInTheDocument();
  const content = screen.getByTestId('announcement-content');
  expect(content.querySelector('b')).toHaveTextContent('升级');
  expect(content.querySelector('script')).toBeNull();
  expect(content.querySelector('img')).not.toHaveAttribute('onerror');
  expect(content.querySelector('a')).not.toHaveAttribute('href');
  expect(screen.queryByText('去处理')).not.toBeInTheDocument();
});

it('stays closed without an announcement and closes on 关闭', () => {
  show(null);
  expect(screen.queryByText('通知详情')).not.toBeInTheDocument();
  cleanup();
  const onClose = show(notice);
  fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));
  expect(onClose).toHaveBeenCalled();
});

it('offers 去处理 for a url announcement and goes to its page', () => {
  const onClose = show({ ...notice, openType: 'url', openPage: '/todo/list' });
  fireEvent.click(screen.getByRole('button', { name: '去处理' }));
  expect(onClose).toHaveBeenCalled();
  expect(screen.getByText('待办页面')).toBeInTheDocument();
});

it('opens an external handling page in a new window', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  show({ ...notice, openType: 'url', openPage: 'https://oa.example.com/task/1' });
  fireEvent.click(screen.getByRole('button', { name: '去处理' }));
  expect(open).toHaveBeenCalledWith('https://oa.example.com/task/1', '_blank', 'noopener');
});

it('keeps a system message\'s lines (the record, the opinion, who acted); HTML content flows as HTML', () => {
  show({ ...notice, msgContent: '项目「甲」已退回修改\n意见：请补充\n处理人：审核人' });
  expect(screen.getByTestId('announcement-content')).toHaveStyle({ whiteSpace: 'pre-line' });
  cleanup();
  show(notice);
  expect(screen.getByTestId('announcement-content')).not.toHaveStyle({ whiteSpace: 'pre-line' });
});
