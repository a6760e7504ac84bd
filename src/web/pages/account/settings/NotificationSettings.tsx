import { List, message, Switch } from 'antd';
import type { Preferences } from '../api';
import { accountApi } from '../api';

interface Props { prefs: Preferences; onSaved: (p: Preferences) => void }

const ITEMS: { key: keyof Preferences['notification']; title: string; description: string }[] = [
  { key: 'announcement', title: '通知公告', description: '管理员发布的通知公告实时推送到打开的页面' },
  { key: 'system', title: '系统消息', description: '流程审核、任务分配、反馈回复等系统消息实时推送' },
  { key: 'sound', title: '提示音', description: '收到新消息时播放提示音' },
];

/** 新消息通知: which notices I want pushed live; saved to my account. */
export default function NotificationSettings({ prefs, onSaved }: Props) {
  const change = async (key: keyof Preferences['notification'], value: boolean) => {
    const res = await accountApi.savePreferences({ notification: { [key]: value } });
    if (res.success && res.result) { onSaved(res.result); message.success('保存成功'); } else message.warning(res.message);
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
