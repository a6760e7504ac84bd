import { HOME_PATH } from '../../app/config';

/** SPEC §2: page title plus the app abbreviation, or the abbreviation alone on the dashboard. */
export function documentTitle(pathname: string, pageTitle: string | undefined, appAbbr: string | undefined): string {
  if (!appAbbr) return pageTitle ?? '';
  if (pathname === HOME_PATH || !pageTitle) return appAbbr;
  return `${pageTitle} - ${appAbbr}`;
}
