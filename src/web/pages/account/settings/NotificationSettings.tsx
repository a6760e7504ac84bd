import { List, message, Switch } from 'antd';
import type { Preferences } from '../api';
import { accountApi } from '../api';
import { noticePrefs } from '../../../components/AnnouncementDetail/liveAlert';

interface Props { prefs: Preferences; onSaved: (p: Preferences) => void }

const ITEMS: { key: keyof Preferences['notification']; title: string; description: string }[] = [
  { key: 'announcement', title: '通知公告', description: '管理员发布的通知公告在打开的页面右下角弹出提醒（关闭后只更新铃铛数字）' },
  { key: 'system', title: '系统消息', description: '流程审核、任务分配、反馈回复等系统消息在打开的页面弹出提醒' },
  { key: 'sound', title: '提示音', description: '弹出提醒时播放提示音' },
];

/** 新消息通知: which notices I want pushed live; saved to my account. */
export default function NotificationSettings({ prefs, onSaved }: Props) {
  const change = async (key: keyof Preferences['notification'], value: boolean) => {
    const res = await accountApi.savePreferences({ notification: { [key]: value } });
    if (res.success && res.result) { noticePrefs.set(res.result.notification); onSaved(res.result); message.success('保存成功'); } else message.warning(res.message);
  };
  return (
    <List className="account-notification" dataSource={ITEMS} rowKey="key"
      renderItem={(i) => (
        <List.Item actions={[<Switch key="s" data-pref={i.key} checked={prefs.notification[i.key]} onChange={(v) => void change(i.key, v)} />]}>
          <List.Item.Meta title={i.title} description={i.description} />
        </List.Item>
      )} />
  );
}
