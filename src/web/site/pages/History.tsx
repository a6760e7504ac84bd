import { Link } from 'react-router-dom';
import { detailPath, webApi } from '../api/web';
import { Img } from '../components/Img';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { dateRange } from '../lib/format';
import { useTitle } from '../lib/site-info';
import styles from './pages.module.css';

/** Past contests, newest first, each opening its full review. */
export default function History() {
  useTitle('往届回顾');
  return (
    <>
      <PageHero title="往届回顾" subtitle="回顾历届大赛的精彩瞬间与优秀成果" />
      <PageBody>
        <PagedList what="往届大赛" pageSize={6} empty="暂无往届大赛" read={(q, s) => webApi.oldRaces(q, s)}>
          {(items) => (
            <ol className={styles.timeline}>
              {items.map((r) => (
                <li key={r.id}>
                  <span className={styles.year}>{r.year ?? ''}</span>
                  <Link to={detailPath('race', r.id)} className={styles.raceCard}>
                    <Img src={r.coverImage} alt={r.title} className={styles.raceCover} />
                    <div>
                      <h3>{r.title}</h3>
                      {(r.startDate || r.endDate) && <div className={styles.personOrg}>{dateRange(r.startDate, r.endDate)}</div>}
                      {r.summary && <p>{r.summary}</p>}
                      <span className={styles.readMore}>查看回顾 ›</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </PagedList>
      </PageBody>
    </>
  );
}
