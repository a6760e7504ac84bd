import { matchPath } from 'react-router-dom';
import type { MenuMeta, MenuNode } from '../api/types';

/** A page reachable in the back office, flattened from the server menu. */
export interface PageRoute {
  path: string;
  name: string;
  component: string;
  meta: MenuMeta;
  hidden: boolean;
  /** Titles and paths of the menu ancestors, root first (breadcrumb, open keys). */
  parents: { path: string; title: string }[];
}

const GROUP_COMPONENTS = new Set(['layouts/RouteView', 'layouts/PageView', 'layouts/BlankLayout', 'layouts/TabLayout']);

/**
 * Turns the menu tree into the route table. Nodes with route flag '0' are menu-only (SPEC §2);
 * group layouts contribute their title to the breadcrumb but no page.
 */
export function menuToRoutes(menu: MenuNode[]): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (nodes: MenuNode[], parents: PageRoute['parents']) => {
    for (const n of nodes) {
      const isGroup = !n.component || GROUP_COMPONENTS.has(n.component);
      if (!isGroup && n.route !== '0') {
        out.push({ path: n.path, name: n.name, component: n.component!, meta: n.meta ?? {}, hidden: !!n.hidden, parents });
      }
      if (n.children?.length) walk(n.children, [...parents, { path: n.path, title: n.meta?.title ?? n.name }]);
    }
  };
  walk(menu, []);
  return out;
}

/**
 * The route a location shows, with its path parameters. A route of its own wins over a pattern that
 * also matches: an online form added to the menu (`/online/cgformList/demo`, titled with the form)
 * over the generic `/online/cgformList/:code`.
 */
export function matchRoute(routes: PageRoute[], pathname: string): { route: PageRoute; params: Record<string, string | undefined> } | null {
  let pattern: { route: PageRoute; params: Record<string, string | undefined> } | null = null;
  for (const route of routes) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (!m) continue;
    if (!route.path.includes(':') && !route.path.includes('*')) return { route, params: m.params };
    pattern ??= { route, params: m.params };
  }
  return pattern;
}

/** First page under a group path: where a click on a group lands. */
export function firstPageUnder(routes: PageRoute[], groupPath: string): PageRoute | undefined {
  return routes.find((r) => r.parents.some((p) => p.path === groupPath) && !r.hidden && !r.path.includes(':'));
}
