import { App, Avatar, Button, Card, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { http } from '../../api/request';
import { getToken } from '../../app/session-storage';
import type { Page } from '../../renderer/api';
import { useList } from '../../renderer/useList';
import type { PageProps } from '../registry';

interface OnlineUser {
  token: string;
  username: string;
  realname?: string;
  avatar?: string | null;
  sex_dictText?: string | null;
  phone?: string | null;
  orgCode?: string | null;
  loginTime: string;
  ip?: string | null;
}

/** 在线用户 (/monitor/online): every live session, newest first; 强退 ends one at once (its next request is refused). */
export default function SysUserOnlineList(_props: PageProps) {
  const { message, modal } = App.useApp();
  const list = useList<OnlineUser>(useCallback((p: Record<string, unknown>) => http.get<Page<OnlineUser>>('/sys/online/list', p), []));
  const [form] = Form.useForm<{ username?: string }>();
  const own = getToken();

  const forceLogout = (u: OnlineUser) => modal.confirm({
    title: '强制退出',
    content: `确定让 ${u.realname || u.username} 退出登录吗？其未保存的操作将丢失。`,
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        const res = await http.post('/sys/online/forceLogout', { token: u.token });
        if (!res.success) { void message.warning(res.message); return; }
        void message.success(res.message);
        list.reload();
      } catch {
        // the request layer has shown why
      }
    },
  });

  const columns: TableColumnsType<OnlineUser> = [
    { key: 'username', title: '用户账号', align: 'center', render: (_, u) => <Space>{u.username}{u.token === own && <Tag color="blue">我</Tag>}</Space> },
    { key: 'realname', dataIndex: 'realname', title: '用户姓名', align: 'center' },
    { key: 'avatar', title: '头像', align: 'center', width: 80, render: (_, u) => <Avatar src={u.avatar || undefined}>{(u.realname || u.username).slice(0, 1)}</Avatar> },
    { key: 'sex', dataIndex: 'sex_dictText', title: '性别', align: 'center', width: 80 },
    { key: 'phone', dataIndex: 'phone', title: '手机号', align: 'center' },
    { key: 'ip', dataIndex: 'ip', title: '登录IP', align: 'center' },
    { key: 'loginTime', title: '登录时间', align: 'center', render: (_, u) => dayjs(u.loginTime).format('YYYY-MM-DD HH:mm:ss') },
    {
      key: 'actions', title: '操作', align: 'center', width: 100,
      render: (_, u) => (u.token === own ? null : <a className="online-force-logout" onClick={() => forceLogout(u)}>强退</a>),
    },
  ];

  return (
    <Card variant="borderless">
      <Form form={form} layout="inline" style={{ marginBottom: 16 }} onFinish={({ username }) => list.search(username?.trim() ? { username: username.trim() } : {})}>
        <Form.Item name="username" label="用户账号"><Input placeholder="请输入用户账号" allowClear /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">查询</Button>
          <Button onClick={() => { form.resetFields(); list.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Table<OnlineUser> rowKey="token" size="middle" bordered loading={list.loading} columns={columns} dataSource={list.rows} pagination={list.pagination} />
    </Card>
  );
}
