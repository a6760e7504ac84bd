import { Button, List, message, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import PasswordModal from '../../../components/PasswordModal';
import { accountApi } from '../api';

const time = (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss');

/** 安全设置: change my password (the SPEC password modal and messages), and my active sessions — end any, or all others. */
export default function SecuritySettings() {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const { data: sessions, loading, refresh } = useRequest(async () => {
    const res = await accountApi.sessions();
    if (!res.success) throw new Error(res.message);
    return res.result ?? [];
  });
  const done = (res: { success: boolean; message: string }) => {
    if (res.success) message.success(res.message);
    else message.warning(res.message);
    refresh();
  };
  return (
    <>
      <List itemLayout="horizontal">
        <List.Item actions={[<a key="change" onClick={() => setPasswordOpen(true)}>修改</a>]}>
          <List.Item.Meta title="账户密码" description="定期更换密码可以保护账号安全；修改后其他设备上的登录将失效" />
        </List.Item>
      </List>
      <PasswordModal open={passwordOpen} onClose={() => { setPasswordOpen(false); refresh(); }} />
      <Space style={{ margin: '24px 0 8px', justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>登录设备</Typography.Title>
        <Popconfirm title="结束除本设备外的所有登录？" onConfirm={async () => done(await accountApi.endOtherSessions())}>
          <Button danger disabled={(sessions ?? []).length < 2}>结束其他全部</Button>
        </Popconfirm>
      </Space>
      <List
        className="account-sessions" loading={loading} dataSource={sessions ?? []} rowKey="id"
        renderItem={(s) => (
          <List.Item actions={s.current ? [<Tag key="me" color="green">本设备</Tag>] : [
            <Popconfirm key="end" title="结束这个登录？" onConfirm={async () => done(await accountApi.endSession(s.id))}><a>结束</a></Popconfirm>,
          ]}>
            <List.Item.Meta
              title={s.device}
              description={`IP ${s.ip ?? '-'} · 登录于 ${time(s.loginTime)} · 最近活动 ${time(s.lastSeen)}`}
            />
          </List.Item>
        )}
      />
    </>
  );
}
