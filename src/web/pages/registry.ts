import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageRoute } from '../app/routes';

export interface PageProps {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

/**
 * Menu `component` strings → page modules, each its own chunk. A component with no entry renders
 * the "not built yet" page, never a blank screen. Features add entries here; nothing else changes.
 */
const loaders: Record<string, Loader> = {
  'dashboard/Analysis': () => import('./dashboard/Analysis'),
};

export function registerPage(component: string, loader: Loader): void {
  loaders[component] = loader;
}

const cache = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();
const notBuilt = lazy(() => import('./NotBuilt'));

export function pageComponent(component: string): LazyExoticComponent<ComponentType<PageProps>> {
  const loader = loaders[component];
  if (!loader) return notBuilt;
  let c = cache.get(component);
  if (!c) {
    c = lazy(loader);
    cache.set(component, c);
  }
  return c;
}
