import { HOME_COMPONENT } from './config';

/**
 * The back office's code: its layout, with dayjs's Chinese locale set first. One request, shared by
 * the router, which draws the layout, and the login page, which asks for it as soon as a login
 * succeeds, so the code arrives while the department is chosen and the menu is asked for, instead of
 * after (issue 17: first render after login). A failed load is forgotten and asked again.
 */
type BasicLayoutModule = typeof import('../layouts/BasicLayout');

let loading: Promise<BasicLayoutModule> | null = null;

export function loadBackOffice(): Promise<BasicLayoutModule> {
  loading ??= Promise.all([import('./dayjs-locale'), import('../layouts/BasicLayout')])
    .then(([, layout]) => layout)
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/**
 * The landing page's code (首页), asked for with the layout's when a login goes there: the layout
 * then draws it at once instead of asking for it after its own first render.
 */
export function preloadLanding(): Promise<void> {
  return import('../pages/registry').then((r) => r.preloadPageCode(HOME_COMPONENT), () => undefined);
}
