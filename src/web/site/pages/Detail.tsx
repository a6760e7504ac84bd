import { Link, useSearchParams } from 'react-router-dom';
import type { WebDetailKind } from '../../../schema/web-site';
import { isDetailKind, webApi } from '../api/web';
import { Img } from '../components/Img';
import { PageBody, PageHero } from '../components/PageHero';
import { RichText } from '../components/RichText';
import { Loaded, NotFoundView } from '../components/Status';
import { dateRange, formatDate } from '../lib/format';
import { useTitle } from '../lib/site-info';
import { useLoad } from '../lib/useLoad';
import styles from './pages.module.css';

/** Where each kind of article is listed (the breadcrumb and the 返回列表 link). */
const SECTION_OF: Record<WebDetailKind, { to: string; label: string }> = {
  news: { to: '/web/news', label: '新闻动态' },
  project: { to: '/web/project', label: '项目展示' },
  proHeadlines: { to: '/web/goodExample', label: '优秀案例' },
  policy: { to: '/web/tradeUnion', label: '工会政策' },
  raceService: { to: '/web/raceServices', label: '大赛服务' },
  race: { to: '/web/history', label: '往届回顾' },
};

const SCIENCE = { mmSci: { to: '/web/mmSci', label: '科普园地' }, zlSci: { to: '/web/zlSci', label: '专利科普' } } as Record<string, { to: string; label: string }>;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The meta line under the title: date and whichever of source, author, company, issuer, contact the kind has. */
function metaLine(item: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const date = formatDate(text(item.publishTime));
  if (date) parts.push(`发布时间：${date}`);
  const range = dateRange(text(item.startDate), text(item.endDate));
  if (range) parts.push(`大赛时间：${range}`);
  for (const [key, label] of [['source', '来源'], ['author', '作者'], ['company', '单位'], ['field', '领域'], ['issuer', '发布单位'], ['contact', '联系方式']] as const) {
    const v = text(item[key]);
    if (v) parts.push(`${label}：${v}`);
  }
  return parts;
}

function DetailOf({ kind, id }: { kind: WebDetailKind; id: string }) {
  const load = useLoad((s) => webApi.detail(kind, id, s), [kind, id]);
  const item = load.status === 'ready' ? load.data : null;
  const notFound = load.status === 'error' && load.notFound;
  useTitle(item ? item.title : notFound ? '内容不存在' : null);
  const section = (kind === 'news' && SCIENCE[String(item?.category)]) || SECTION_OF[kind];
  if (notFound) return <div className="site-container"><NotFoundView message="这篇内容不存在或已下线" /></div>;
  return (
    <>
      <PageHero title={section.label} trail={item ? section : undefined} crumb={item?.title} />
      <PageBody>
        <Loaded load={load} what="内容">
          {(a) => (
            <article className={styles.article}>
              <header className={styles.articleHead}>
                <h2 className={styles.articleTitle}>{a.title}</h2>
                <div className={styles.articleMeta}>{metaLine(a).map((m) => <span key={m}>{m}</span>)}</div>
              </header>
              {a.summary && <p className={styles.lead}>{a.summary}</p>}
              {a.coverImage && !a.content?.includes('<img') && <Img src={a.coverImage} alt={a.title} className={styles.articleCover} eager />}
              <RichText html={a.content} />
              <footer className={styles.articleFoot}><Link to={section.to}>‹ 返回{section.label}</Link></footer>
            </article>
          )}
        </Loaded>
      </PageBody>
    </>
  );
}

/** `/web/detail?kind=<kind>&id=<id>`: any article type by id (kind defaults to news). */
export default function Detail() {
  const [params] = useSearchParams();
  const kind = params.get('kind') ?? 'news';
  const id = params.get('id');
  if (!id || !isDetailKind(kind)) return <MissingArticle />;
  return <DetailOf key={`${kind}:${id}`} kind={kind} id={id} />;
}

function MissingArticle() {
  useTitle('内容不存在');
  return <div className="site-container"><NotFoundView message="链接不完整，找不到这篇内容" /></div>;
}
