import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, notification, Popover, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../app/session';
import AnnouncementDetail, { announcementApi, PriorityTag, type Announcement } from '../../components/AnnouncementDetail';
import { useNoticeFeed } from '../../components/AnnouncementDetail/useNoticeFeed';
import { alertsFor, chime, noticePrefs } from '../../components/AnnouncementDetail/liveAlert';
import type { LiveNotice } from '../../components/AnnouncementDetail/noticeSocket';

const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';

function NoticeItems({ items, empty, onOpen }: { items: Announcement[]; empty: string; onOpen: (a: Announcement) => void }) {
  return (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: empty }}
      renderItem={(a) => (
        <List.Item key={a.id} className="notice-bell-item" style={{ cursor: 'pointer' }} onClick={() => onOpen(a)}>
          <List.Item.Meta
            title={<Typography.Text ellipsis={{ tooltip: a.titile }}>{a.titile}</Typography.Text>}
            description={<span>{a.sendTime} <PriorityTag priority={a.priority} /></span>}
          />
        </List.Item>
      )}
    />
  );
}

/** SPEC §2 notification bell: my unread notices and system messages, live over the socket (polled while it is down), opened in the detail modal. */
/** The bell's name carries the badge's figure as shown (99+ past 99): a visible label is part of the name (WCAG 2.5.3). */
export const unreadLabel = (unread: number) => (unread > 0 ? `消息通知，${unread > 99 ? '99+' : unread}条未读` : '消息通知');

function Bell({ userId, token }: { userId?: string; token: string }) {
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);
  const navigate = useNavigate();
  const [toast, toastHolder] = notification.useNotification();
  // 个人设置 › 新消息通知: a new notice of a category switched on pops up here (and chimes when asked).
  const onLive = (n: LiveNotice) => {
    const prefs = noticePrefs.get();
    if (!alertsFor(n, prefs)) return;
    toast.info({
      key: n.msgId,
      message: n.msgCategory === '1' ? '新通知' : '新系统消息',
      description: n.msgTxt,
      placement: 'bottomRight',
      className: 'notice-live-alert',
      onClick: () => setOpen(true),
    });
    if (prefs.sound) chime();
  };
  const { notices, reload } = useNoticeFeed(userId ? { userId, token, onLive } : undefined);

  const read = async (a: Announcement) => {
    setOpen(false);
    setDetail(a);
    try {
      await announcementApi.markRead(a.id);
    } catch {
      // the request layer has shown why; the notice stays unread
    }
    void reload();
  };

  const panel = (
    <>
      <Tabs
        centered
        items={[
          { key: 'notice', label: `通知(${notices.anntMsgTotal})`, children: <NoticeItems items={notices.anntMsgList} empty="暂无通知" onOpen={read} /> },
          { key: 'system', label: `系统消息(${notices.sysMsgTotal})`, children: <NoticeItems items={notices.sysMsgList} empty="暂无消息" onOpen={read} /> },
        ]}
      />
      <Button block type="link" onClick={() => { setOpen(false); navigate(MY_ANNOUNCEMENTS_PATH); }}>查看更多</Button>
    </>
  );
  return (
    <>
      {toastHolder}
      <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={panel} styles={{ root: { width: 300 } }}>
        <Button
          type="text"
          aria-label={unreadLabel(notices.anntMsgTotal + notices.sysMsgTotal)}
          icon={<Badge count={notices.anntMsgTotal + notices.sysMsgTotal} size="small"><BellOutlined style={{ fontSize: 16 }} /></Badge>}
        />
      </Popover>
      <AnnouncementDetail announcement={detail} onClose={() => setDetail(null)} />
    </>
  );
}

/** The bell belongs to a signed-in user: a guest (or nobody) gets none and nothing is polled. */
export function NoticeBell() {
  const { isGuest, token, userInfo } = useSession();
  if (isGuest || !token) return null;
  // A new token is a new user: their own notices, and a fresh start after an earlier failure.
  return <Bell key={token} token={token} userId={userInfo?.id} />;
}
