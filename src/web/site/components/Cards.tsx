import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { WebArticleBase, WebDetailKind } from '../../../schema/web-site';
import { detailPath } from '../api/web';
import { formatDate } from '../lib/format';
import { Img } from './Img';
import styles from './Cards.module.css';

/** A picture card (projects, good examples, policies): cover, title, one meta line, summary. */
export function ArticleCard({ item, kind, meta }: { item: WebArticleBase; kind: WebDetailKind; meta?: string | null }) {
  return (
    <Link to={detailPath(kind, item.id)} className={styles.card}>
      <Img src={item.coverImage} alt={item.title} className={styles.cover} />
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>{item.title}</h3>
        {meta && <div className={styles.meta}>{meta}</div>}
        {item.summary && <p className={styles.summary}>{item.summary}</p>}
        {item.publishTime && <time className={styles.date}>{formatDate(item.publishTime)}</time>}
      </div>
    </Link>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return <div className={`${styles.grid} ${styles[`cols${columns}`]}`}>{children}</div>;
}

/** A text row for news-like lists: the date as a block, title and summary beside it. */
export function ArticleRow({ item, kind, tag }: { item: WebArticleBase; kind: WebDetailKind; tag?: string | null }) {
  const date = formatDate(item.publishTime);
  return (
    <li>
      <Link to={detailPath(kind, item.id)} className={styles.row}>
        <div className={styles.dateBlock} aria-hidden>
          <strong>{date.slice(8, 10) || '--'}</strong>
          <span>{date.slice(0, 7)}</span>
        </div>
        <div className={styles.rowText}>
          <h3 className={styles.rowTitle}>{tag && <span className={styles.tag}>{tag}</span>}{item.title}</h3>
          {item.summary && <p className={styles.summary}>{item.summary}</p>}
          {date && <time className={styles.rowDate}>{date}</time>}
        </div>
        {item.coverImage && <Img src={item.coverImage} alt={item.title} className={styles.thumb} />}
      </Link>
    </li>
  );
}

export function RowList({ children }: { children: ReactNode }) {
  return <ul className={styles.rows}>{children}</ul>;
}
