import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './PageHero.module.css';

/** The band under the header naming the section, with the way back home. */
export function PageHero({ title, subtitle, trail, crumb }: { title: string; subtitle?: ReactNode; trail?: { to: string; label: string }; crumb?: string }) {
  return (
    <div className={styles.hero}>
      <div className="site-container">
        <nav className={styles.crumbs} aria-label="当前位置">
          <Link to="/web">首页</Link>
          {trail && <><span>/</span><Link to={trail.to}>{trail.label}</Link></>}
          <span>/</span>
          <span aria-current="page">{crumb ?? title}</span>
        </nav>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
    </div>
  );
}

/** The page body below the hero. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={`site-container ${styles.body}`}>{children}</div>;
}
