import { Drawer } from 'antd';
import type { MenuNode } from '../../api/types';
import { Logo } from './Logo';
import type { PageMatch } from './pageRoutes';
import { SideMenu } from './SideMenu';

interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  menu: MenuNode[];
  match: PageMatch | null;
  theme: 'dark' | 'light';
  onNavigate: (path: string) => void;
}

/** On a narrow screen the side menu lives in a drawer that closes once an entry is chosen. */
export function MobileDrawer({ open, onClose, menu, match, theme, onNavigate }: MobileDrawerProps) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      width={200}
      closable={false}
      rootClassName="basic-mobile-drawer"
      styles={{ body: { padding: 0, background: theme === 'dark' ? '#001529' : '#fff' } }}
    >
      <Logo theme={theme} />
      <SideMenu
        menu={menu}
        match={match}
        theme={theme}
        collapsed={false}
        onNavigate={(path) => {
          onClose();
          onNavigate(path);
        }}
      />
    </Drawer>
  );
}
