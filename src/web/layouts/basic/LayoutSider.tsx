import { Layout } from 'antd';
import type { MenuNode } from '../../api/types';
import { Logo } from './Logo';
import type { PageMatch } from './pageRoutes';
import { SideMenu } from './SideMenu';

interface LayoutSiderProps {
  menu: MenuNode[];
  match: PageMatch | null;
  theme: 'dark' | 'light';
  collapsed: boolean;
  fixed: boolean;
  onNavigate: (path: string) => void;
}

/** SPEC §2: the sidebar is 200 px open and 80 px collapsed. */
export function LayoutSider({ menu, match, theme, collapsed, fixed, onNavigate }: LayoutSiderProps) {
  return (
    <Layout.Sider
      width={200}
      collapsedWidth={80}
      collapsed={collapsed}
      trigger={null}
      theme={theme}
      className={fixed ? 'basic-sider basic-sider-fixed' : 'basic-sider'}
    >
      <Logo theme={theme} collapsed={collapsed} />
      <SideMenu menu={menu} match={match} theme={theme} collapsed={collapsed} onNavigate={onNavigate} />
    </Layout.Sider>
  );
}
