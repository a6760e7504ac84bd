import styles from './Pager.module.css';

/** Page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function Pager({ current, pages, total, onChange }: { current: number; pages: number; total: number; onChange: (page: number) => void }) {
  if (pages <= 1) return <div className={styles.total}>共 {total} 条</div>;
  return (
    <nav className={styles.pager} aria-label="分页">
      <button type="button" disabled={current <= 1} onClick={() => onChange(current - 1)}>上一页</button>
      {pageNumbers(current, pages).map((p, i) => (p === null
        ? <span key={`gap${i}`} className={styles.gap}>…</span>
        : <button type="button" key={p} className={p === current ? styles.current : undefined} aria-current={p === current ? 'page' : undefined} onClick={() => onChange(p)}>{p}</button>))}
      <button type="button" disabled={current >= pages} onClick={() => onChange(current + 1)}>下一页</button>
      <span className={styles.total}>共 {total} 条</span>
    </nav>
  );
}
