import { ApartmentOutlined, BookOutlined, SafetyCertificateOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { HOME_PATH, staticUrl } from '../../app/config';
import { menuToRoutes } from '../../app/routes';
import { useSession } from '../../app/session';
import { menuIcon } from '../../layouts/basic/menuIcons';
import { locationOf, permittedMenu } from '../../layouts/basic/menuModel';
import { greeting } from './greeting';

const QUICK_LINK_COUNT = 8;

/** The landing page: greeting, a few figures about the user's session, and links to their first menu pages. */
export default function Analysis() {
  const { userInfo, menu, auth, allAuth, departs, dicts } = useSession();
  const pages = useMemo(
    () => menuToRoutes(permittedMenu(menu ?? [], auth, allAuth)).filter((r) => !r.hidden && !r.path.includes(':') && r.path !== HOME_PATH),
    [menu, auth, allAuth],
  );
  const stats = [
    { title: '可访问页面', value: pages.length, icon: <UnorderedListOutlined /> },
    { title: '所属部门', value: departs.length, icon: <ApartmentOutlined /> },
    { title: '数据字典', value: Object.keys(dicts).length, icon: <BookOutlined /> },
    { title: '按钮权限', value: auth.length, icon: <SafetyCertificateOutlined /> },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <Avatar size={56} src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined}>{userInfo?.realname?.slice(0, 1)}</Avatar>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {greeting(new Date().getHours())}，{userInfo?.realname}，欢迎回来
              </Typography.Title>
              <Typography.Text type="secondary">今天是 {dayjs().format('YYYY年M月D日 dddd')}</Typography.Text>
            </div>
          </div>
        </Card>
      </Col>
      {stats.map((s) => (
        <Col key={s.title} xs={12} lg={6}>
          <Card>
            <Statistic title={s.title} value={s.value} prefix={s.icon} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Card title="快捷入口">
          {pages.length === 0 ? (
            <Typography.Text type="secondary">暂无可用的菜单页面</Typography.Text>
          ) : (
            <Row gutter={[12, 12]}>
              {pages.slice(0, QUICK_LINK_COUNT).map((page) => (
                <Col key={page.path} xs={12} sm={8} lg={6}>
                  <Link to={locationOf(page.path)} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 16px', border: '1px solid #f0f0f0', borderRadius: 4 }}>
                    {menuIcon(page.meta.icon)}
                    <span>{page.meta.title ?? page.name}</span>
                  </Link>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
    </Row>
  );
}
