import { HOME_COMPONENT } from './config';
import { withDates } from './withDates';

/**
 * The back office's code: its layout, with dayjs's Chinese locale. Asked for by the router, which
 * draws the layout, and by the login page as soon as a login succeeds, so the code arrives while the
 * department is chosen and the menu is asked for, instead of after (issue 17: first render after
 * login). The module map makes both one download.
 */
export const loadBackOffice = withDates(() => import('../layouts/BasicLayout'));

/**
 * The landing page's code (首页), asked for with the layout's when a login goes there: the layout
 * then draws it at once instead of asking for it after its own first render.
 */
export function preloadLanding(): Promise<void> {
  return import('../pages/registry').then((r) => r.preloadPageCode(HOME_COMPONENT), () => undefined);
}
