import { Menu } from 'antd';
import { useMemo } from 'react';
import type { MenuNode } from '../../api/types';
import { menuIcon } from './menuIcons';
import { selectedMenuKeys, toMenuItems } from './menuModel';
import type { PageMatch } from './pageRoutes';

interface TopMenuProps {
  menu: MenuNode[];
  match: PageMatch | null;
  theme: 'dark' | 'light';
  onNavigate: (path: string) => void;
}

/** Horizontal menu of the top-navigation layout; groups open as popups on hover. */
export function TopMenu({ menu, match, theme, onNavigate }: TopMenuProps) {
  const items = useMemo(() => toMenuItems(menu, menuIcon), [menu]);
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      items={items}
      selectedKeys={match ? selectedMenuKeys(match.route) : []}
      onClick={({ key }) => onNavigate(key)}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '62px' }}
    />
  );
}
