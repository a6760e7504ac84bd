import { Spin } from 'antd';
import { memo, Suspense, useContext, useMemo, useRef, type ContextType, type ReactNode } from 'react';
import { Navigate, UNSAFE_LocationContext as LocationContext, UNSAFE_RouteContext as RouteContext } from 'react-router-dom';
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

/** What the router tells a page: the address, and the route it sits in (both read by `useLocation`, `useNavigate`, `Link`…). */
interface RouterView {
  location: ContextType<typeof LocationContext>;
  route: ContextType<typeof RouteContext>;
}

/**
 * A kept page as React draws it: hidden unless in view, told whether it is, and told the router's
 * address and route as they were when it was last in view. React 18 has no `<Activity>` to freeze a
 * hidden subtree; without its own router view every `useLocation` / `useSearchParams` / `useNavigate`
 * / `Link` in every hidden page rendered again on each navigation, since each one gives the router new
 * values. The shown page follows the router; a hidden one sees no change until it is shown again.
 */
function KeptPage({ view, active, children, onTyped }: { view: RouterView; active: boolean; children: ReactNode; onTyped: () => void }) {
  return (
    // React's events reach this box from the page's modals and drawers too (portals bubble through the React tree).
    <div style={active ? undefined : { display: 'none' }} onInputCapture={onTyped} onChangeCapture={onTyped}>
      <LocationContext.Provider value={view.location}>
        <RouteContext.Provider value={view.route}>
          <PageActiveContext.Provider value={active}>{children}</PageActiveContext.Provider>
        </RouteContext.Provider>
      </LocationContext.Provider>
    </div>
  );
}

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
  // Per tab, the router's view when it was last in view: the same objects for as long as it is hidden.
  const views = useRef(new Map<string, RouterView>());
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  if (activeKey) {
    const last = views.current.get(activeKey);
    if (last?.location !== location || last.route !== route) views.current.set(activeKey, { location, route });
  }
  // A closed tab's page is gone: it holds no place among the kept ones.
  const open = new Set(tabs.map((t) => t.key));
  recent.current = recent.current.filter((key) => open.has(key));
  for (const key of typedInto.current) if (!open.has(key)) typedInto.current.delete(key);
  for (const key of views.current.keys()) if (!open.has(key)) views.current.delete(key);
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
        const typed = () => { typedInto.current.add(tab.key); };
        // Every kept page was in view once, so it has a view; the router as it is only for the type's sake.
        const view = views.current.get(tab.key) ?? { location, route };
        return (
          <KeptPage key={tab.key} view={view} active={tab.key === activeKey} onTyped={typed}>
            <PageView key={reloads[tab.key] ?? 0} match={match} />
          </KeptPage>
        );
      })}
    </>
  );
}
