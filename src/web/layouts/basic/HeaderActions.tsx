import { QuestionCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH, staticUrl } from '../../app/config';
import type { PageRoute } from '../../app/routes';
import { useSession } from '../../app/session';
import { LogoutButton } from './LogoutButton';
import { MenuSearch } from './MenuSearch';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';
import { useSiteInfo } from '../useSiteInfo';

interface HeaderActionsProps {
  routes: PageRoute[];
  isMobile: boolean;
  onNavigate: (path: string) => void;
  onOpenSettings: () => void;
}

/** Right side of the header; a guest sees only the login button. */
export function HeaderActions({ routes, isMobile, onNavigate, onOpenSettings }: HeaderActionsProps) {
  const { isGuest } = useSession();
  const helpPath = useSiteInfo()?.helpPath;
  const navigate = useNavigate();

  if (isGuest) {
    return (
      <div className="basic-header-actions">
        <Button type="primary" onClick={() => navigate(LOGIN_PATH)}>登录</Button>
      </div>
    );
  }
  return (
    <div className="basic-header-actions">
      <MenuSearch routes={routes} isMobile={isMobile} onNavigate={onNavigate} />
      {helpPath && (
        <Tooltip title="帮助">
          <Button type="text" icon={<QuestionCircleOutlined />} href={staticUrl(helpPath)} target="_blank" aria-label="帮助" />
        </Tooltip>
      )}
      <NoticeBell />
      <Button type="text" icon={<SettingOutlined />} aria-label="系统设置" data-testid="header-settings" onClick={onOpenSettings} />
      <UserMenu />
      <LogoutButton showText={!isMobile} />
    </div>
  );
}
