import { ApartmentOutlined, MailOutlined, PhoneOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Divider, Empty, Row, Space, Tag, Timeline, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { Link } from 'react-router-dom';
import { staticUrl } from '../../../app/config';
import { locationOf } from '../../../layouts/basic/menuModel';
import { greeting } from '../../dashboard/greeting';
import { accountApi } from '../api';

const LOG_TYPE: Record<number, string> = { 1: '登录', 2: '操作' };

/** 个人中心: my profile card with departments and roles, the SPEC §9 greeting, and my recent login and operation log rows. */
export default function AccountCenter() {
  const { data, loading } = useRequest(async () => {
    const res = await accountApi.center();
    if (!res.success) throw new Error(res.message);
    return res.result!;
  });
  const user = data?.userInfo;
  return (
    <Row gutter={[16, 16]} className="account-center">
      <Col xs={24} lg={8}>
        <Card loading={loading}>
          {user && (
            <div style={{ textAlign: 'center' }}>
              <Avatar size={96} src={user.avatar ? staticUrl(user.avatar) : undefined}>{user.realname?.slice(0, 1)}</Avatar>
              <Typography.Title level={4} style={{ marginTop: 12 }} className="account-greeting">
                {greeting(new Date().getHours())}，{user.realname}
              </Typography.Title>
              <Typography.Text type="secondary">{user.username}</Typography.Text>
            </div>
          )}
          {user && (
            <>
              <Divider />
              <Space direction="vertical">
                <span><PhoneOutlined /> {String(user.phone ?? '') || '未填写手机号'}</span>
                <span><MailOutlined /> {String(user.email ?? '') || '未填写邮箱'}</span>
              </Space>
              <Divider orientation="left" plain><ApartmentOutlined /> 我的部门</Divider>
              <div className="account-departs">
                {data!.departs.length ? data!.departs.map((d) => <Tag key={d.id} color={d.orgCode === user.orgCode ? 'blue' : undefined}>{d.departName}</Tag>) : '您尚未设置部门信息!'}
              </div>
              <Divider orientation="left" plain><TeamOutlined /> 我的角色</Divider>
              <div className="account-roles">{data!.roles.map((r) => <Tag key={r.roleCode} color="green">{r.roleName}</Tag>)}</div>
              <Divider />
              <Link to={locationOf('/account/settings/base')}><Button icon={<SettingOutlined />} block>个人设置</Button></Link>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="最近动态" loading={loading} className="account-activity">
          {data && (data.activity.length ? (
            <Timeline items={data.activity.map((a) => ({
              color: a.logType === 1 ? 'green' : 'blue',
              children: (
                <>
                  <Tag>{LOG_TYPE[a.logType] ?? '日志'}</Tag>{a.logContent}
                  <div><Typography.Text type="secondary">{a.createTime}{a.ip ? ` · ${a.ip}` : ''}{a.costTime != null ? ` · ${a.costTime} ms` : ''}</Typography.Text></div>
                </>
              ),
            }))} />
          ) : <Empty description="暂无动态" />)}
        </Card>
      </Col>
    </Row>
  );
}
