import { HOME_COMPONENT, HOME_PATH } from '../../app/config';
import { firstPageUnder, matchRoute, type PageRoute } from '../../app/routes';
import { locationOf } from './menuModel';

const HOME_ROUTE: PageRoute = {
  path: HOME_PATH,
  name: 'dashboard-analysis',
  component: HOME_COMPONENT,
  meta: { title: '首页' },
  hidden: true,
  parents: [],
};

/** The dashboard is the landing page and the fixed first tab, even for a menu that omits it. */
export function withHomeRoute(routes: PageRoute[]): PageRoute[] {
  return routes.some((r) => r.path === HOME_PATH) ? routes : [...routes, HOME_ROUTE];
}

export type PageMatch = NonNullable<ReturnType<typeof matchRoute>>;

/** What a location shows: a page, or where to send it (a group goes to its first page, anything else to 404). */
export function resolveLocation(routes: PageRoute[], pathname: string): PageMatch | { redirect: string } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const match = matchRoute(routes, path);
  if (match) return match;
  const first = firstPageUnder(routes, path);
  return { redirect: first ? locationOf(first.path) : '/404' };
}
