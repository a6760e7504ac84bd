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

const NO_SLIDE = { motionAppear: false, motionEnter: false, motionLeave: false };

/** Inline menu: open groups follow the route, only one root group stays open, collapsing remembers them. */
export function SideMenu({ menu, match, theme, collapsed, onNavigate }: SideMenuProps) {
  const items = useMemo(() => toMenuItems(menu, menuIcon), [menu]);
  const rootKeys = useMemo(() => rootSubmenuKeys(menu), [menu]);
  const route = match?.route;
  const routeOpenKeys = useMemo(() => (route ? openMenuKeys(route) : []), [route]);
  const [openKeys, setOpenKeys] = useState<string[]>(collapsed ? [] : routeOpenKeys);
  const openBeforeCollapse = useRef<string[]>(routeOpenKeys);
  // Groups a person opens or closes slide; those a navigation opens are shown at once: the slide read
  // the menu's height back in the middle of drawing the new page, and lasted past it.
  const [slide, setSlide] = useState(false);

  // A route change reopens its groups in the render that sees it (from an effect, every navigation
  // drew the menu a second time); a collapse toggle (below) stashes or restores whatever was open.
  const [seenRoute, setSeenRoute] = useState(routeOpenKeys);
  if (seenRoute !== routeOpenKeys) {
    setSeenRoute(routeOpenKeys);
    if (collapsed) openBeforeCollapse.current = routeOpenKeys;
    else {
      setOpenKeys(routeOpenKeys);
      setSlide(false);
    }
  }

  useEffect(() => {
    if (collapsed) {
      openBeforeCollapse.current = openKeys;
      setOpenKeys([]);
    } else {
      setOpenKeys(openBeforeCollapse.current);
    }
  }, [collapsed]); // eslint-disable-line react-hooks/exhaustive-deps -- on the toggle only, with the groups open then

  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={route ? selectedMenuKeys(route) : []}
      openKeys={openKeys}
      motion={slide ? undefined : NO_SLIDE}
      onOpenChange={(keys) => {
        setSlide(true);
        setOpenKeys(collapsed ? keys : nextOpenKeys(openKeys, keys, rootKeys));
      }}
      onClick={({ key }) => onNavigate(key)}
    />
  );
}
