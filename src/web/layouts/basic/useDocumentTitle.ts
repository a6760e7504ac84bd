import { useEffect } from 'react';
import { documentTitle } from './documentTitle';
import { useSiteInfo } from '../useSiteInfo';

export function useDocumentTitle(pathname: string, pageTitle: string | undefined): void {
  const appAbbr = useSiteInfo()?.appAbbr;
  useEffect(() => {
    const title = documentTitle(pathname, pageTitle, appAbbr);
    if (title) document.title = title;
  }, [pathname, pageTitle, appAbbr]);
}
