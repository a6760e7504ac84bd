import { Link } from 'react-router-dom';
import { webApi } from '../api/web';
import { ArticleCard, ArticleRow, CardGrid, RowList } from '../components/Cards';
import { Carousel } from '../components/Carousel';
import { Img } from '../components/Img';
import { Section } from '../components/Section';
import { Failure, Loaded, Loading } from '../components/Status';
import { dateRange } from '../lib/format';
import { useSiteInfo, useTitle } from '../lib/site-info';
import { useLoad } from '../lib/useLoad';
import { LOGIN_URL } from '../layout/Header';
import { SECTIONS } from '../nav';
import styles from './Home.module.css';

function Banners() {
  const site = useSiteInfo();
  const load = useLoad((s) => webApi.banners(s), []);
  if (load.status === 'loading') return <div className={styles.bannerSlot}><Loading what="焦点图" /></div>;
  if (load.status === 'error') return <div className={styles.bannerSlot}><Failure message={load.message} onRetry={load.retry} /></div>;
  if (load.data.length) return <Carousel banners={load.data} />;
  return (
    <div className={styles.welcome}>
      <div className="site-container">
        <h1>{site?.race?.title || site?.appName}</h1>
        {site?.appDesc && <p>{site.appDesc}</p>}
      </div>
    </div>
  );
}

function CurrentContest() {
  const load = useLoad((s) => webApi.currentRace(s), []);
  return (
    <Loaded load={load} what="本届大赛" empty="本届大赛即将启动，敬请期待">
      {(race) => (
        <div className={styles.contest}>
          <Img src={race.coverImage} alt={race.title} className={styles.contestCover} />
          <div className={styles.contestText}>
            {race.year && <span className={styles.badge}>{race.year} 年度</span>}
            <h3>{race.title}</h3>
            {(race.startDate || race.endDate) && <p className={styles.dates}>大赛时间：{dateRange(race.startDate, race.endDate)}</p>}
            {race.summary && <p className={styles.contestSummary}>{race.summary}</p>}
            <div className={styles.contestActions}>
              <Link to="/web/match" className={styles.btnPrimary}>大赛详情</Link>
              <a href={LOGIN_URL} className={styles.btnGhost}>报名参赛</a>
            </div>
          </div>
        </div>
      )}
    </Loaded>
  );
}

function EntryPoints() {
  return (
    <nav className={styles.entries} aria-label="栏目入口">
      {SECTIONS.slice(1).map((s, i) => (
        <Link key={s.path} to={s.path} className={styles.entry}>
          <span className={styles.entryIcon} style={{ background: `hsl(${(214 + i * 29) % 360} 70% 50%)` }} aria-hidden>{s.label.slice(0, 1)}</span>
          <strong>{s.label}</strong>
          <small>{s.blurb}</small>
        </Link>
      ))}
    </nav>
  );
}

function LatestNews() {
  const load = useLoad((s) => webApi.news({ pageNo: 1, pageSize: 6 }, s), []);
  return (
    <Loaded load={load} what="新闻" isEmpty={(p) => !p.records.length} empty="暂无新闻，敬请关注">
      {(page) => <RowList>{page.records.map((n) => <ArticleRow key={n.id} item={n} kind="news" tag={n.category_dictText} />)}</RowList>}
    </Loaded>
  );
}

function Showcase() {
  const load = useLoad((s) => webApi.projects({ pageNo: 1, pageSize: 3 }, s), []);
  return (
    <Loaded load={load} what="项目" isEmpty={(p) => !p.records.length} empty="项目征集中，敬请期待">
      {(page) => <CardGrid>{page.records.map((p) => <ArticleCard key={p.id} item={p} kind="project" meta={[p.field, p.company].filter(Boolean).join(' · ')} />)}</CardGrid>}
    </Loaded>
  );
}

function GoodExamples() {
  const load = useLoad((s) => webApi.goodExamples({ pageNo: 1, pageSize: 3 }, s), []);
  return (
    <Loaded load={load} what="优秀案例" isEmpty={(p) => !p.records.length} empty="暂无优秀案例">
      {(page) => <CardGrid>{page.records.map((g) => <ArticleCard key={g.id} item={g} kind="proHeadlines" meta={g.company} />)}</CardGrid>}
    </Loaded>
  );
}

function Partners() {
  const load = useLoad((s) => webApi.organisations({ pageNo: 1, pageSize: 12 }, s), []);
  return (
    <Loaded load={load} what="合作机构" isEmpty={(p) => !p.records.length} empty="暂无合作机构">
      {(page) => (
        <div className={styles.partners}>
          {page.records.map((o) => (
            <Link key={o.id} to="/web/organ" className={styles.partner}>
              <Img src={o.logo} alt={o.name} className={styles.partnerLogo} />
              <span>{o.name}</span>
            </Link>
          ))}
        </div>
      )}
    </Loaded>
  );
}

export default function Home() {
  useTitle(null, { home: true });
  return (
    <>
      <Banners />
      <Section title="本届大赛" en="Current contest"><CurrentContest /></Section>
      <Section title="栏目导航" en="Explore" tinted><EntryPoints /></Section>
      <Section title="新闻动态" en="News" more="/web/news"><LatestNews /></Section>
      <Section title="项目展示" en="Projects" more="/web/project" tinted><Showcase /></Section>
      <Section title="优秀案例" en="Good examples" more="/web/goodExample"><GoodExamples /></Section>
      <Section title="合作机构" en="Partners" more="/web/organ" tinted><Partners /></Section>
    </>
  );
}
