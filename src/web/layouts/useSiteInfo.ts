import { useEffect, useState } from 'react';
import { authApi } from '../api/auth';
import type { SiteInfo } from '../api/types';

let loading: Promise<SiteInfo | null> | null = null;

/** Site settings change rarely: fetched once per page load and shared by every screen that shows them. */
export function loadSiteInfo(): Promise<SiteInfo | null> {
  loading ??= authApi.siteInfo()
    .then((res) => (res.success ? res.result : null))
    .catch(() => null)
    .then((site) => {
      if (!site) loading = null; // a later screen tries again
      return site;
    });
  return loading;
}

/** The site settings with the current race, or null while loading or when they cannot be read. */
export function useSiteInfo(): SiteInfo | null {
  const [site, setSite] = useState<SiteInfo | null>(null);
  useEffect(() => {
    let active = true;
    void loadSiteInfo().then((s) => { if (active) setSite(s); });
    return () => { active = false; };
  }, []);
  return site;
}
