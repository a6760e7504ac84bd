import styles from './Loading.module.css';

/**
 * The full-page "loading" shown while a page's code or the menu arrives. Not antd's Spin: this sits in
 * the first download of every page, the login page's included, which stays small (issue 17).
 */
export function Loading({ tip }: { tip?: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite">
      <span className={styles.dots} aria-hidden><i /><i /><i /><i /></span>
      {tip && <span className={styles.tip}>{tip}</span>}
    </div>
  );
}
