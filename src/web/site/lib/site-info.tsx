import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { SiteInfo } from '../../../schema/site';
import { webApi } from '../api/web';
import { useLoad } from './useLoad';

const SiteInfoContext = createContext<SiteInfo | null>(null);

/** Site settings (name, logos, current race) read once per visit and shared by header, footer and titles. */
export function SiteInfoProvider({ children }: { children: ReactNode }) {
  const load = useLoad((s) => webApi.siteInfo(s), []);
  const site = load.status === 'ready' ? load.data : null;
  return <SiteInfoContext.Provider value={site}>{children}</SiteInfoContext.Provider>;
}

export const useSiteInfo = () => useContext(SiteInfoContext);

export const FALLBACK_SITE_NAME = '科技成果企业服务平台';

/** `page | site` as the document title, or the site alone on the home page. */
export function pageTitle(page: string | null | undefined, site: string): string {
  return page ? `${page} | ${site}` : site;
}

/** Sets document.title for the page shown; a null page title keeps the previous one (still loading). */
export function useTitle(page: string | null | undefined, opts: { home?: boolean } = {}) {
  const site = useSiteInfo();
  const name = site?.race?.title || site?.appName || FALLBACK_SITE_NAME;
  useEffect(() => {
    if (page === null && !opts.home) return;
    document.title = pageTitle(opts.home ? null : page, name);
  }, [page, name, opts.home]);
}
