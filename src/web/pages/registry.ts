import { lazy, type ComponentType } from 'react';
import type { PageRoute } from '../app/routes';
import { whenIdle, type Idle } from '../utils/whenIdle';
import { loadG2 } from './online/graphreport/loadG2';

export interface PageProps {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

const loadSchemaPage: Loader = () => import('../renderer/SchemaPage');

/**
 * A page that draws G2 charts: its code, with the chart library asked for at the same time rather
 * than after the page's first render (the library alone took ~250 ms to fetch and evaluate on a
 * dashboard's first visit). The page does not wait for it; a failure shows in the chart.
 */
const charted = (page: Loader): Loader => () => {
  loadG2().catch(() => undefined);
  return page();
};

/**
 * Menu `component` strings → page modules, each its own chunk. A component with no entry is drawn
 * by the schema renderer when a page schema names it, else shows the "not built yet" page — never a
 * blank screen. Features add entries here; nothing else changes.
 */
const loaders: Record<string, Loader> = {
  'dashboard/Analysis': charted(() => import('./dashboard/Analysis')),
  'dashboard/Workplace': () => import('./dashboard/Workplace'),
  'dashboard/IndexTask': charted(() => import('./dashboard/IndexTask')),
  'dashboard/Monitor': charted(() => import('./dashboard/Monitor')),
  'dashboard/IndexChart': charted(() => import('./dashboard/IndexChart')),
  'modules/monitor/DiskMonitoring': charted(() => import('./monitor/DiskMonitoring')),
  'modules/monitor/HttpTrace': () => import('./monitor/HttpTrace'),
  'modules/monitor/JvmInfo': charted(() => import('./monitor/JvmInfo')),
  'modules/monitor/RedisInfo': charted(() => import('./monitor/RedisInfo')),
  'modules/monitor/TomcatInfo': charted(() => import('./monitor/TomcatInfo')),
  'modules/monitor/SystemInfo': () => import('./monitor/SystemInfo'),
  'account/center/Index': () => import('./account/center/Index'),
  'account/settings/Index': () => import('./account/settings/Index'),
  'modules/online/cgform/auto/OnlCgformAutoList': loadSchemaPage,
  'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('./online/cgreport/OnlCgreportAutoList'),
  'modules/online/graphreport/auto/GraphreportAutoChart': charted(() => import('./online/graphreport/GraphreportAutoChart')),
  'system/UserAnnouncementList': () => import('./system/UserAnnouncementList'),
  'system/SiteSetting': () => import('./system/SiteSetting'),
  'system/SysUserOnlineList': () => import('./system/SysUserOnlineList'),
};

export function registerPage(component: string, loader: Loader): void {
  loaders[component] = loader;
}

/** The page modules loaded so far, by loader: a page whose code is here draws without suspending. */
const loaded = new Map<Loader, ComponentType<PageProps>>();
const load = (loader: Loader) => loader().then((m) => { loaded.set(loader, m.default); return m; });

/**
 * Loads the code of the menu's pages one at a time while the browser is idle after login, so a
 * page's first visit does not wait for its chunk (issue 17: every route's first render < 300 ms).
 * The module cache keeps what was loaded; a failure only means that page loads when opened.
 * Answers a function that stops what has not started yet.
 */
export function prefetchPages(components: string[], idle: Idle = whenIdle): () => void {
  const queue = [...new Set(components.map((c) => loaders[c] ?? loadSchemaPage))];
  let cancel = () => {};
  let stopped = false;
  const next = () => {
    const loader = queue.shift();
    if (!loader || stopped) return;
    cancel = idle(() => { void load(loader).catch(() => undefined).then(() => { if (!stopped) next(); }); });
  };
  next();
  return () => { stopped = true; cancel(); };
}

/** Loads a page's code ahead (the landing page's, as a login succeeds); a failure only means the page loads when opened. */
export function preloadPageCode(component: string): Promise<void> {
  return load(loaders[component] ?? loadSchemaPage).then(() => undefined, () => undefined);
}

const drawers = new Map<Loader, ComponentType<PageProps>>();

/**
 * The component that draws a menu component's page, the same one every time it is asked (a new one
 * would remount the page). When the page's code is already loaded (prefetched, or opened before) it
 * is the page itself; otherwise a lazy one. A lazy page suspends on its first render even when its
 * chunk is cached, and React draws the retry in 5 ms slices, yielding between them: 100–200 ms more
 * on a list's first visit (routes bench).
 */
export function pageComponent(component: string): ComponentType<PageProps> {
  const loader = loaders[component] ?? loadSchemaPage;
  let c = drawers.get(loader);
  if (!c) {
    c = loaded.get(loader) ?? lazy(() => load(loader));
    drawers.set(loader, c);
  }
  return c;
}

/** Whether the page of a menu component is drawn from a page schema (renderer/SchemaPage) rather than a module of its own. */
export function drawnBySchema(component: string): boolean {
  return (loaders[component] ?? loadSchemaPage) === loadSchemaPage;
}
