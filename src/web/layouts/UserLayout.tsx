import { HomeOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { staticUrl } from '../app/config';
import styles from './UserLayout.module.css';
import { useSiteInfo } from './useSiteInfo';

const DEFAULT_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** SPEC §2 login layout: header with a way back home, the race's background image, copyright footer. */
export default function UserLayout() {
  const site = useSiteInfo();
  const race = site?.race;
  const background = race?.loginBg
    ? { backgroundImage: `linear-gradient(rgba(0, 21, 41, 0.25), rgba(0, 21, 41, 0.35)), url("${staticUrl(race.loginBg)}")` } satisfies CSSProperties
    : undefined;
  const homeLabel = <><HomeOutlined />返回首页</>;

  return (
    <div className={styles.page} style={background}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src={staticUrl(site?.appLogo) || DEFAULT_LOGO} alt="" />
          <span>{site?.appName}</span>
        </div>
        {race?.webUrl
          ? <a className={styles.home} href={race.webUrl}>{homeLabel}</a>
          : <Link className={styles.home} to="/">{homeLabel}</Link>}
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      {race?.copyright && <footer className={styles.footer}>{race.copyright}</footer>}
    </div>
  );
}
