import { Menu } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MenuNode } from '../../api/types';
import { menuIcon } from './menuIcons';
import { nextOpenKeys, openMenuKeys, rootSubmenuKeys, selectedMenuKeys, toMenuItems } from './menuModel';
import type { PageMatch } from './pageRoutes';

interface SideMenuProps {
  menu: MenuNode[];
  match: PageMatch | null;
  theme: 'dark' | 'light';
  collapsed: boolean;
  onNavigate: (path: string) => void;
}

/** Inline menu: open groups follow the route, only one root group stays open, collapsing remembers them. */
export function SideMenu({ menu, match, theme, collapsed, onNavigate }: SideMenuProps) {
  const items = useMemo(() => toMenuItems(menu, menuIcon), [menu]);
  const rootKeys = useMemo(() => rootSubmenuKeys(menu), [menu]);
  const route = match?.route;
  const routeOpenKeys = useMemo(() => (route ? openMenuKeys(route) : []), [route]);
  const [openKeys, setOpenKeys] = useState<string[]>(collapsed ? [] : routeOpenKeys);
  const openBeforeCollapse = useRef<string[]>(routeOpenKeys);

  // Effects below react to one input each on purpose: a route change reopens its groups, a collapse
  // toggle stashes or restores whatever was open.
  useEffect(() => {
    if (collapsed) openBeforeCollapse.current = routeOpenKeys;
    else setOpenKeys(routeOpenKeys);
  }, [routeOpenKeys]);

  useEffect(() => {
    if (collapsed) {
      openBeforeCollapse.current = openKeys;
      setOpenKeys([]);
    } else {
      setOpenKeys(openBeforeCollapse.current);
    }
  }, [collapsed]);

  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={route ? selectedMenuKeys(route) : []}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(collapsed ? keys : nextOpenKeys(openKeys, keys, rootKeys))}
      onClick={({ key }) => onNavigate(key)}
    />
  );
}
