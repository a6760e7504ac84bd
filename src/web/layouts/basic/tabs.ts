import { HOME_PATH } from '../../app/config';

/** One open page of the multi-tab layout; key is the pathname, fullPath keeps the query. */
export interface PageTab {
  key: string;
  fullPath: string;
  title: string;
}

export const HOME_TAB: PageTab = { key: HOME_PATH, fullPath: HOME_PATH, title: '首页' };

const HOME_TAB_WARNING = '首页不能关闭!';
const LAST_TAB_WARNING = '这是最后一页，不能再关闭了啦';

/** Adds the tab, or refreshes its fullPath when already open; the home tab stays first. */
export function openTab(tabs: PageTab[], tab: PageTab): PageTab[] {
  const opened = tabs.some((t) => t.key === tab.key)
    ? tabs.map((t) => (t.key === tab.key ? { ...t, fullPath: tab.fullPath } : t))
    : [...tabs, tab];
  const home = { ...HOME_TAB, fullPath: opened.find((t) => t.key === HOME_PATH)?.fullPath ?? HOME_PATH };
  return [home, ...opened.filter((t) => t.key !== HOME_PATH)];
}

/** SPEC §4/§8: the home tab and the last remaining tab cannot be closed. */
export function closeTab(tabs: PageTab[], key: string): { tabs: PageTab[] } | { warning: string } {
  // The last tab first: home alone answers "last page", home among others answers "home".
  if (tabs.length === 1) return { warning: LAST_TAB_WARNING };
  if (key === HOME_PATH) return { warning: HOME_TAB_WARNING };
  return { tabs: tabs.filter((t) => t.key !== key) };
}

export type TabBulkClose = 'closeLeft' | 'closeRight' | 'closeOthers';

/** Context-menu closes around the tab `key`; home is never closed. */
export function closeAround(tabs: PageTab[], key: string, action: TabBulkClose): PageTab[] {
  const at = tabs.findIndex((t) => t.key === key);
  const keep = (index: number) =>
    action === 'closeLeft' ? index >= at : action === 'closeRight' ? index <= at : index === at;
  return tabs.filter((t, index) => t.key === HOME_PATH || keep(index));
}
