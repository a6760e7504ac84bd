import { HOME_PATH } from '../../app/config';
import type { PageRoute } from '../../app/routes';

/** SPEC §2: home, then the route's menu ancestors and its own title. */
export function breadcrumbTrail(route: PageRoute): { title: string; path?: string }[] {
  const home = { title: '首页', path: HOME_PATH };
  if (route.path === HOME_PATH) return [home];
  return [home, ...route.parents.map((p) => ({ title: p.title })), { title: route.meta.title ?? route.name }];
}
