import { Spin } from 'antd';
import { memo, Suspense, useMemo, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { matchRoute, type PageRoute } from '../../app/routes';
import { pageComponent } from '../../pages/registry';
import { IframePage } from './IframePage';
import { PageActiveContext } from './pageActive';
import { PageErrorBoundary } from './PageErrorBoundary';
import { preloadPage } from './preloadPage';
import type { PageMatch } from './pageRoutes';
import type { PageTab } from './tabs';

/**
 * How many pages stay mounted besides those a person typed into. Every page kept mounted while hidden
 * made each later navigation slower (routes bench: a median first visit of 569 ms over the last ten of
 * 57 routes, 358 ms with this limit); a page past it is drawn again, with fresh data, when its tab is shown.
 */
export const KEPT_PAGES = 10;

const loading = <div className="basic-page-loading"><Spin /></div>;

/**
 * One kept page. Memoised: a navigation re-renders the page area, and without it every open tab's
 * page (hidden ones too) re-rendered with it — a second or two once dozens of tabs are open.
 */
const PageView = memo(function PageView({ match: { route, params } }: { match: PageMatch }) {
  if (route.meta.url) return <IframePage route={route} url={route.meta.url} />;
  const Page = pageComponent(route.component);
  return (
    <PageErrorBoundary>
      <Suspense fallback={loading}>
        <Page route={route} params={params} />
      </Suspense>
    </PageErrorBoundary>
  );
});

interface PageAreaProps {
  routes: PageRoute[];
  /** The pages to keep mounted: every open tab, or only the current one. */
  tabs: PageTab[];
  activeKey: string | undefined;
  reloads: Record<string, number>;
  redirect: string | undefined;
}

/**
 * Keep-alive: a tab's page mounts when first shown and then stays mounted, hidden while another is
 * shown (also while a redirect is pending), as long as it is among the KEPT_PAGES shown last or has
 * received input (a half-filled form, a query typed, a design in progress is never dropped).
 */
export function PageArea({ routes, tabs, activeKey, reloads, redirect }: PageAreaProps) {
  // One match object per tab for as long as the routes stand, so a kept page's props stay the same.
  const matches = useMemo(() => new Map<string, PageMatch | null>(), [routes]); // eslint-disable-line react-hooks/exhaustive-deps
  const matchOf = (key: string) => {
    if (!matches.has(key)) matches.set(key, matchRoute(routes, key));
    return matches.get(key)!;
  };
  const recent = useRef<string[]>([]);
  const typedInto = useRef(new Set<string>());
  // A closed tab's page is gone: it holds no place among the kept ones.
  const open = new Set(tabs.map((t) => t.key));
  recent.current = recent.current.filter((key) => open.has(key));
  for (const key of typedInto.current) if (!open.has(key)) typedInto.current.delete(key);
  if (activeKey && recent.current[0] !== activeKey) {
    // A page about to mount (new, or dropped earlier): its first requests go out now, while it draws.
    const mounted = recent.current.includes(activeKey) || typedInto.current.has(activeKey);
    const match = mounted ? null : matchOf(activeKey);
    if (match) preloadPage(match.route.component, match.params);
    recent.current = [activeKey, ...recent.current.filter((k) => k !== activeKey)].slice(0, KEPT_PAGES);
  }
  return (
    <>
      {redirect && <Navigate to={redirect} replace />}
      {tabs.map((tab) => {
        if (!recent.current.includes(tab.key) && !typedInto.current.has(tab.key)) return null;
        const match = matchOf(tab.key);
        if (!match) return null;
        // React's events reach this box from the page's modals and drawers too (portals bubble through the React tree).
        const typed = () => { typedInto.current.add(tab.key); };
        return (
          <div key={tab.key} style={tab.key === activeKey ? undefined : { display: 'none' }} onInputCapture={typed} onChangeCapture={typed}>
            <PageActiveContext.Provider value={tab.key === activeKey}>
              <PageView key={reloads[tab.key] ?? 0} match={match} />
            </PageActiveContext.Provider>
          </div>
        );
      })}
    </>
  );
}
