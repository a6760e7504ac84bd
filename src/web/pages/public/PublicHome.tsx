import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { WEB_BASE } from '../../app/config';
import styles from './PublicHome.module.css';

/**
 * `/` and `/web*` belong to the public site, its own entry (site.html). A client-side navigation
 * inside the back office (the login page's 返回首页) lands here and hands over with a full page load.
 * If this very document was served for the address (the server did not route it to the site),
 * reloading would loop: show a plain link instead.
 */
export function siteHandover(target: string, loadedUrl: string | undefined): 'navigate' | 'link' {
  return loadedUrl && new URL(loadedUrl).pathname + new URL(loadedUrl).search === target ? 'link' : 'navigate';
}

export default function PublicHome() {
  const { pathname, search } = useLocation();
  const target = `${WEB_BASE}${pathname === '/' ? '/' : pathname}${search}`;
  const [mode] = useState(() => siteHandover(target, (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name));
  useEffect(() => {
    if (mode === 'navigate') window.location.replace(target);
  }, [mode, target]);
  return (
    <div className={styles.page}>
      {mode === 'link' && <a className={styles.link} href={target}>进入大赛官网</a>}
    </div>
  );
}
