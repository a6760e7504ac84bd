import { Card, Menu, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountApi, type Preferences } from '../api';
import BaseSettings from './BaseSettings';
import BindingSettings from './BindingSettings';
import CustomSettings from './CustomSettings';
import NotificationSettings from './NotificationSettings';
import SecuritySettings from './SecuritySettings';

const TABS = [
  { key: 'base', label: '基本设置' }, { key: 'security', label: '安全设置' }, { key: 'binding', label: '账号绑定' },
  { key: 'notification', label: '新消息通知' }, { key: 'custom', label: '个性化' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** 个人设置 (route account-settings-base): base, security, binding, notification and custom tabs; `?tab=` opens one. */
export default function AccountSettings() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some((t) => t.key === params.get('tab')) ? params.get('tab') : 'base') as Tab;
  const open = (key: string) => setParams({ tab: key }, { replace: true });
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  useRequest(async () => {
    const res = await accountApi.preferences();
    if (res.success && res.result) setPrefs(res.result);
  });
  const title = TABS.find((t) => t.key === tab)!.label;
  return (
    <Card className="account-settings" bodyStyle={{ display: 'flex', padding: 0 }}>
      <Menu mode="inline" selectedKeys={[tab]} onClick={(e) => open(e.key)} style={{ width: 200, flex: 'none' }} items={TABS.map((t) => ({ key: t.key, label: t.label }))} />
      <div style={{ flex: 1, padding: '16px 32px', minWidth: 0 }}>
        <h3 style={{ marginBottom: 16 }}>{title}</h3>
        {tab === 'base' && <BaseSettings />}
        {tab === 'security' && <SecuritySettings />}
        {tab === 'binding' && <BindingSettings onEdit={() => open('base')} />}
        {(tab === 'notification' || tab === 'custom') && !prefs && <Spin />}
        {tab === 'notification' && prefs && <NotificationSettings prefs={prefs} onSaved={setPrefs} />}
        {tab === 'custom' && prefs && <CustomSettings prefs={prefs} onSaved={setPrefs} />}
      </div>
    </Card>
  );
}
