import { useState } from 'react';
import { HOME_TAB, openTab, type PageTab } from './tabs';

export interface PageTabs {
  tabs: PageTab[];
  setTabs: (tabs: PageTab[]) => void;
  /** Per tab, how often it was refreshed: the page's React key, so a refresh remounts it. */
  reloads: Record<string, number>;
  refresh: (key: string) => void;
}

/**
 * Open tabs follow the current page; with multi-tab off only home and the current page are kept.
 * The tab opens in the render that sees the navigation (React's "adjust state while rendering"):
 * opened from an effect, every navigation drew the whole shell twice before the page itself mounted.
 */
export function usePageTabs(current: PageTab | null, multipage: boolean): PageTabs {
  const [tabs, setTabs] = useState<PageTab[]>(() => (current ? openTab([], current) : [HOME_TAB]));
  const [seen, setSeen] = useState<{ current: PageTab | null; multipage: boolean }>({ current, multipage });
  const [reloads, setReloads] = useState<Record<string, number>>({});

  if (seen.current !== current || seen.multipage !== multipage) {
    setSeen({ current, multipage });
    if (current) setTabs(openTab(multipage ? tabs : [], current));
  }

  const refresh = (key: string) => setReloads((prev) => ({ ...prev, [key]: (prev[key] ?? 0) + 1 }));
  return { tabs, setTabs, reloads, refresh };
}
