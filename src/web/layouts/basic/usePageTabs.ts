import { useEffect, useState } from 'react';
import { HOME_TAB, openTab, type PageTab } from './tabs';

export interface PageTabs {
  tabs: PageTab[];
  setTabs: (tabs: PageTab[]) => void;
  /** Per tab, how often it was refreshed: the page's React key, so a refresh remounts it. */
  reloads: Record<string, number>;
  refresh: (key: string) => void;
}

/** Open tabs follow the current page; with multi-tab off only home and the current page are kept. */
export function usePageTabs(current: PageTab | null, multipage: boolean): PageTabs {
  const [tabs, setTabs] = useState<PageTab[]>(() => (current ? openTab([], current) : [HOME_TAB]));
  const [reloads, setReloads] = useState<Record<string, number>>({});

  useEffect(() => {
    if (current) setTabs((prev) => openTab(multipage ? prev : [], current));
  }, [current, multipage]);

  const refresh = (key: string) => setReloads((prev) => ({ ...prev, [key]: (prev[key] ?? 0) + 1 }));
  return { tabs, setTabs, reloads, refresh };
}
