import { ClusterOutlined, GlobalOutlined, LockOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { staticUrl, WEB_BASE } from '../../app/config';
import { useSession } from '../../app/session';
import DepartModal from '../../components/DepartModal';
import PasswordModal from '../../components/PasswordModal';
import { reloadDictCache } from './dictCache';
import { useSiteInfo } from '../useSiteInfo';

const ACCOUNT_SETTINGS_PATH = '/account/settings/base';

const items: MenuProps['items'] = [
  { key: 'website', icon: <GlobalOutlined />, label: '访问官网' },
  { key: 'account', icon: <UserOutlined />, label: '账户设置' },
  { key: 'password', icon: <LockOutlined />, label: '修改密码' },
  { key: 'depart', icon: <ClusterOutlined />, label: '切换部门' },
  { key: 'cache', icon: <SyncOutlined />, label: '清理缓存' },
];

/** The user dropdown: trigger shows avatar and real name. */
export function UserMenu() {
  const { userInfo } = useSession();
  const webUrl = useSiteInfo()?.race?.webUrl;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'password' | 'depart' | null>(null);

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'website') window.open(webUrl || `${WEB_BASE}/`, '_blank');
    else if (key === 'account') navigate(ACCOUNT_SETTINGS_PATH);
    else if (key === 'password' || key === 'depart') setDialog(key);
    else if (key === 'cache') {
      if (await reloadDictCache()) message.success('刷新缓存完成！');
      else message.warning('刷新缓存失败！');
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        <span className="basic-header-action basic-user" role="button" tabIndex={0} data-testid="user-menu">
          <Avatar size="small" src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined} icon={<UserOutlined />} />
          <span className="basic-user-name">{userInfo?.realname}</span>
        </span>
      </Dropdown>
      <PasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <DepartModal open={dialog === 'depart'} onClose={() => setDialog(null)} />
    </>
  );
}
