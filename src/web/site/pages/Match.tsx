import { webApi } from '../api/web';
import { Img } from '../components/Img';
import { PageBody, PageHero } from '../components/PageHero';
import { RichText } from '../components/RichText';
import { Loaded } from '../components/Status';
import { dateRange } from '../lib/format';
import { useTitle } from '../lib/site-info';
import { useLoad } from '../lib/useLoad';
import { LOGIN_URL } from '../layout/Header';
import styles from './pages.module.css';

/** Contest introduction: the current contest and its full description. */
export default function Match() {
  useTitle('大赛介绍');
  const load = useLoad(async (s) => {
    const current = await webApi.currentRace(s);
    return current ? webApi.raceById(current.id, s) : null;
  }, []);
  return (
    <>
      <PageHero title="大赛介绍" subtitle="赛程安排、参赛对象、奖项设置与报名方式" />
      <PageBody>
        <Loaded load={load} what="大赛介绍" empty="本届大赛即将启动，敬请期待">
          {(race) => (
            <article className={styles.article}>
              <header className={styles.articleHead}>
                <h2 className={styles.articleTitle}>{race.title}</h2>
                <div className={styles.articleMeta}>
                  {race.year && <span>{race.year} 年度</span>}
                  {(race.startDate || race.endDate) && <span>大赛时间：{dateRange(race.startDate, race.endDate)}</span>}
                </div>
              </header>
              {race.coverImage && <Img src={race.coverImage} alt={race.title} className={styles.articleCover} eager />}
              {race.summary && <p className={styles.lead}>{race.summary}</p>}
              <RichText html={race.content} />
              <div className={styles.cta}><a href={LOGIN_URL}>登录报名参赛</a></div>
            </article>
          )}
        </Loaded>
      </PageBody>
    </>
  );
}
