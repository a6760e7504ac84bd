import { useEffect, useState } from 'react';
import { authApi } from '../api/auth';
import type { SiteInfo } from '../api/types';

let loading: Promise<SiteInfo | null> | null = null;
/** The settings once they have arrived: a screen mounted after that reads them at its first render. */
let loaded: SiteInfo | null = null;
/** The server's wall clock (read as this browser's local time, as the race's times are) and this page's clock when it arrived. */
let clock: { server: number; local: number } | null = null;

/**
 * Now on the server's wall clock, in ms as `dayjs('YYYY-MM-DD HH:mm:ss')` reads the times it writes:
 * a countdown to a race's deadline is then right whatever this browser's clock or time zone says.
 * This browser's own clock until the site settings have arrived.
 */
export function serverNow(): number {
  return clock ? clock.server + (performance.now() - clock.local) : Date.now();
}

const readClock = (serverTime: string | undefined) => {
  const server = serverTime ? new Date(serverTime.replace(' ', 'T')).getTime() : NaN;
  if (Number.isFinite(server)) clock = { server, local: performance.now() };
};

/** Site settings change rarely: fetched once per page load and shared by every screen that shows them. */
export function loadSiteInfo(): Promise<SiteInfo | null> {
  loading ??= authApi.siteInfo()
    .then((res) => {
      if (!res.success) return null;
      readClock(res.result.serverTime);
      loaded = res.result;
      return res.result;
    })
    .catch(() => null)
    .then((site) => {
      if (!site) loading = null; // a later screen tries again
      return site;
    });
  return loading;
}

/** The site settings with the current race, or null while loading or when they cannot be read. */
export function useSiteInfo(): SiteInfo | null {
  const [site, setSite] = useState<SiteInfo | null>(() => loaded);
  useEffect(() => {
    // Asked even when already loaded: they may have arrived between this render and this effect.
    let active = true;
    void loadSiteInfo().then((s) => { if (active) setSite(s); });
    return () => { active = false; };
  }, []);
  return site;
}
