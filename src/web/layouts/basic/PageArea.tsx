import { Spin } from 'antd';
import { memo, Suspense, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { matchRoute, type PageRoute } from '../../app/routes';
import { pageComponent } from '../../pages/registry';
import { IframePage } from './IframePage';
import { PageActiveContext } from './pageActive';
import { PageErrorBoundary } from './PageErrorBoundary';
import type { PageMatch } from './pageRoutes';
import type { PageTab } from './tabs';

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

/** Keep-alive: every kept tab stays mounted, the inactive ones hidden (also while a redirect is pending). */
export function PageArea({ routes, tabs, activeKey, reloads, redirect }: PageAreaProps) {
  // One match object per tab for as long as the routes stand, so a kept page's props stay the same.
  const matches = useMemo(() => new Map<string, PageMatch | null>(), [routes]);
  const matchOf = (key: string) => {
    if (!matches.has(key)) matches.set(key, matchRoute(routes, key));
    return matches.get(key)!;
  };
  return (
    <>
      {redirect && <Navigate to={redirect} replace />}
      {tabs.map((tab) => {
        const match = matchOf(tab.key);
        if (!match) return null;
        return (
          <div key={tab.key} style={tab.key === activeKey ? undefined : { display: 'none' }}>
            <PageActiveContext.Provider value={tab.key === activeKey}>
              <PageView key={reloads[tab.key] ?? 0} match={match} />
            </PageActiveContext.Provider>
          </div>
        );
      })}
    </>
  );
}
