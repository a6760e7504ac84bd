import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { menuToRoutes } from '../app/routes';
import { useSession } from '../app/session';
import { prefetchPages } from '../pages/registry';
import { useLayoutSettings } from '../app/settings';
import './basic/basic-layout.css';
import { GlobalHeader } from './basic/GlobalHeader';
import { HeaderActions } from './basic/HeaderActions';
import { LayoutSider } from './basic/LayoutSider';
import { permittedMenu } from './basic/menuModel';
import { MobileDrawer } from './basic/MobileDrawer';
import { MultiTab } from './basic/MultiTab';
import { PageArea } from './basic/PageArea';
import { preloadPage, warmPages } from './basic/preloadPage';
import { PageBreadcrumb } from './basic/PageBreadcrumb';
import { resolveLocation, withHomeRoute } from './basic/pageRoutes';
import { SettingDrawer, SettingHandle } from './basic/SettingDrawer';
import type { PageTab } from './basic/tabs';
import { TopMenu } from './basic/TopMenu';
import { useDocumentTitle } from './basic/useDocumentTitle';
import { useHeaderVisible } from './basic/useHeaderVisible';
import { useIsMobile } from './basic/useIsMobile';
import { useMenuNavigate } from './basic/useMenuNavigate';
import { useMissingRoute } from './basic/useMissingRoute';
import { usePageTabs } from './basic/usePageTabs';

/** The back-office shell: menu, header, tabs and the current page, all driven by the session's menu. */
export default function BasicLayout() {
  const { menu, auth, allAuth } = useSession();
  const settings = useLayoutSettings();
  const { pathname, search } = useLocation();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const headerVisible = useHeaderVisible(settings.fixedHeader && settings.autoHideHeader);

  const visibleMenu = useMemo(() => permittedMenu(menu ?? [], auth, allAuth), [menu, auth, allAuth]);
  const routes = useMemo(() => withHomeRoute(menuToRoutes(visibleMenu)), [visibleMenu]);
  useEffect(() => prefetchPages(routes.map((r) => r.component)), [routes]);
  useEffect(() => warmPages(routes), [routes]);
  const resolved = useMemo(() => resolveLocation(routes, pathname), [routes, pathname]);
  const match = 'redirect' in resolved ? null : resolved;
  const redirect = useMissingRoute(pathname, 'redirect' in resolved && resolved.redirect === '/404') ?? ('redirect' in resolved && resolved.redirect !== '/404' ? resolved.redirect : undefined);
  const pageTitle = match ? match.route.meta.title ?? match.route.name : undefined;
  const currentTab = useMemo<PageTab | null>(
    () => (pageTitle === undefined ? null : { key: pathname, fullPath: pathname + search, title: pageTitle }),
    [pathname, search, pageTitle],
  );
  const pageTabs = usePageTabs(currentTab, settings.multipage);
  // A page not open yet: its first requests go out now, before the shell draws the navigation (PageArea,
  // drawn last, asks again for a page it mounts anew; the second ask is a no-op, and it covers reopening
  // a page the keep-alive limit dropped). Asking here starts them 25–40 ms sooner.
  if (match && currentTab && !pageTabs.tabs.some((t) => t.key === currentTab.key)) preloadPage(match.route.component, match.params);
  const navigateMenu = useMenuNavigate(visibleMenu);
  useDocumentTitle(pathname, pageTitle);

  const topMenu = settings.layout === 'topmenu' && !isMobile;
  const fixedWidth = settings.contentWidth === 'Fixed';
  const openSettings = () => setSettingsOpen(true);
  const actions = <HeaderActions routes={routes} isMobile={isMobile} onNavigate={navigateMenu} onOpenSettings={openSettings} />;

  return (
    <Layout className="basic-layout" hasSider={!topMenu && !isMobile}>
      {isMobile ? (
        <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} menu={visibleMenu} match={match} theme={settings.navTheme} onNavigate={navigateMenu} />
      ) : (
        !topMenu && (
          <LayoutSider menu={visibleMenu} match={match} theme={settings.navTheme} collapsed={collapsed} fixed={settings.fixSiderbar} onNavigate={navigateMenu} />
        )
      )}
      <Layout>
        {topMenu ? (
          <GlobalHeader
            mode="top"
            theme={settings.navTheme}
            fixedWidth={fixedWidth}
            menu={<TopMenu menu={visibleMenu} match={match} theme={settings.navTheme} onNavigate={navigateMenu} />}
            fixed={settings.fixedHeader}
            visible={headerVisible}
            actions={actions}
          />
        ) : (
          <GlobalHeader
            mode="side"
            collapsed={isMobile ? !drawerOpen : collapsed}
            onToggle={() => (isMobile ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed))}
            fixed={settings.fixedHeader}
            visible={headerVisible}
            actions={actions}
          />
        )}
        {settings.multipage && (
          <div className="basic-multitab-bar">
            <div className={fixedWidth ? 'basic-fixed-width' : undefined}>
              <MultiTab pageTabs={pageTabs} activeKey={currentTab?.key} />
            </div>
          </div>
        )}
        <Layout.Content className="basic-content">
          <div className={fixedWidth ? 'basic-fixed-width' : undefined}>
            {match && <PageBreadcrumb route={match.route} />}
            <PageArea
              routes={routes}
              tabs={settings.multipage ? pageTabs.tabs : pageTabs.tabs.filter((t) => t.key === currentTab?.key)}
              activeKey={currentTab?.key}
              reloads={pageTabs.reloads}
              redirect={redirect}
            />
          </div>
        </Layout.Content>
      </Layout>
      <SettingHandle onClick={openSettings} />
      <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
