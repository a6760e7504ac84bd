import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './Section.module.css';

/** A home-page block: heading with an optional 更多 link, then its content. */
export function Section({ title, en, more, children, tinted }: { title: string; en?: string; more?: string; children: ReactNode; tinted?: boolean }) {
  return (
    <section className={`${styles.section} ${tinted ? styles.tinted : ''}`} aria-label={title}>
      <div className="site-container">
        <div className={styles.head}>
          <h2 className={styles.title}>{title}{en && <small>{en}</small>}</h2>
          {more && <Link to={more} className={styles.more}>查看更多 ›</Link>}
        </div>
        {children}
      </div>
    </section>
  );
}
