import type { Row } from '../../crud/hooks.js';

export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;

/** Defaults of the NOT NULL columns of sys_permission a form may leave empty. */
export const MENU_DEFAULTS: Row = { sortNo: 0, alwaysShow: 0, isRoute: 1, keepAlive: 0, hidden: 0, hideTab: 0, internalOrExternal: 0 };

/**
 * JeecgBoot's tidy-up of a menu before saving (PermissionDataUtil.intelligentProcessData):
 * components lose a leading `/`, `views/` and `.vue`; internal urls start with `/`; a top menu
 * without a component is a RouteView.
 */
export function tidyMenu(values: Row): void {
  if (typeof values.component === 'string' && values.component) {
    values.component = values.component.trim().replace(/^\/+/, '').replace(/^(src\/)?views\//, '').replace(/\.vue$/, '');
  }
  if (typeof values.url === 'string' && values.url) {
    const url = values.url.trim().replace(/\.vue$/, '');
    values.url = /^(https?:|\/|\{\{)/.test(url) ? url : `/${url}`;
  }
  if (values.menuType === MENU_TYPE.top && !values.component) values.component = 'layouts/RouteView';
}
