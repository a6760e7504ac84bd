import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Load } from '../lib/useLoad';
import styles from './Status.module.css';

export function Loading({ what = '内容' }: { what?: string }) {
  return (
    <div className={styles.box} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden />
      <span>正在加载{what}…</span>
    </div>
  );
}

export function Empty({ children = '暂无内容，敬请期待' }: { children?: ReactNode }) {
  return (
    <div className={styles.box}>
      <span className={styles.icon} aria-hidden>○</span>
      <span>{children}</span>
    </div>
  );
}

export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`${styles.box} ${styles.failure}`} role="alert">
      <span className={styles.icon} aria-hidden>!</span>
      <span>{message}，请稍后再试</span>
      <button type="button" className={styles.retry} onClick={onRetry}>重试</button>
    </div>
  );
}

/** The friendly page for an unknown address or an article that does not exist (any more). */
export function NotFoundView({ message = '您访问的页面不存在或内容已下线' }: { message?: string }) {
  return (
    <div className={styles.notFound}>
      <div className={styles.code}>404</div>
      <h1>页面走丢了</h1>
      <p>{message}</p>
      <div className={styles.actions}>
        <Link to="/web" className={styles.primary}>返回首页</Link>
        <Link to="/web/news" className={styles.secondary}>看看新闻动态</Link>
      </div>
    </div>
  );
}

interface LoadedProps<T> {
  load: Load<T> & { retry: () => void };
  /** What is loading, for the messages ("新闻"). */
  what?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: NonNullable<T>) => ReactNode;
}

/** One of: loading, failure with 重试, empty, or the content — never a blank area. */
export function Loaded<T>({ load, what, isEmpty, empty, children }: LoadedProps<T>) {
  if (load.status === 'loading') return <Loading what={what} />;
  if (load.status === 'error') {
    if (load.notFound) return <NotFoundView message={load.message} />;
    return <Failure message={load.message} onRetry={load.retry} />;
  }
  if (load.data == null || isEmpty?.(load.data)) return <Empty>{empty}</Empty>;
  return <>{children(load.data as NonNullable<T>)}</>;
}
