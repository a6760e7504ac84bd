import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LOGIN_PATH, staticUrl, WEB_BASE } from '../../app/config';
import { setDisplayMode, useDisplayMode, type DisplayMode } from '../lib/display-modes';
import { FALLBACK_SITE_NAME, useSiteInfo } from '../lib/site-info';
import { activeSection, SECTIONS } from '../nav';
import styles from './Header.module.css';

/** The back office's login page is the other entry: reached by a full page load, not the site's router. */
export const LOGIN_URL = `${WEB_BASE}${LOGIN_PATH}`;

/** A 适老化 switch: a toggle button that says whether its mode is on. */
function ModeToggle({ mode, label }: { mode: DisplayMode; label: string }) {
  const on = useDisplayMode(mode);
  return <button type="button" className={styles.mode} aria-pressed={on} onClick={() => setDisplayMode(mode, !on)}>{label}</button>;
}

export function Header() {
  const site = useSiteInfo();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const active = activeSection(pathname);
  useEffect(() => { setOpen(false); }, [pathname]);
  const logo = staticUrl(site?.appLogoWhite || site?.appLogo) || `${WEB_BASE}/favicon.svg`;
  const name = site?.appAbbr || site?.appName || FALLBACK_SITE_NAME;

  const loginLabel = site && !site.allowRegister ? '登录' : '登录/注册';

  return (
    <header className={styles.header}>
      <div className={`site-container ${styles.bar}`}>
        <Link to="/web" className={styles.brand}>
          <img src={logo} alt="" width={36} height={36} />
          <span>{name}</span>
        </Link>
        {site?.race?.title && <span className={styles.race}>{site.race.title}</span>}
        <div className={styles.modes} role="group" aria-label="显示设置">
          <ModeToggle mode="largeText" label="大字号" />
          <ModeToggle mode="highContrast" label="高对比度" />
        </div>
        <a className={styles.login} href={LOGIN_URL}>{loginLabel}</a>
        <button
          type="button"
          className={styles.menuButton}
          aria-label={open ? '关闭菜单' : '打开菜单'}
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <span /><span /><span />
        </button>
      </div>
      <nav id="site-nav" className={`${styles.nav} ${open ? styles.open : ''}`} aria-label="网站导航">
        <div className={`site-container ${styles.links}`}>
          {SECTIONS.map((s) => (
            <Link key={s.path} to={s.path} className={s.path === active ? styles.active : undefined} aria-current={s.path === active ? 'page' : undefined}>
              {s.label}
            </Link>
          ))}
          <a className={styles.menuLogin} href={LOGIN_URL}>{loginLabel}</a>
        </div>
      </nav>
    </header>
  );
}
